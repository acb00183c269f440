"""Fit the learned policy (wyrm_ai/lab/policyfit.py; docs/policy.md) to self-play data
(tools/policy_data.py) and write the model file the core loads for Search prior="learned".

    python tools/fit_policy.py /tmp/policy-1.npz /tmp/policy-2.npz --out wyrm_ai/ai/policy_model.json

Several data files (runs of different seeds) are fitted as one.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from wyrm_ai.lab import policydata, policyfit  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="+")
    ap.add_argument("--l2", type=float, default=1e-3)
    ap.add_argument("--target", choices=policyfit.TARGETS, default="visits",
                    help="fit the root visit shares, or the action the search chose")
    ap.add_argument("--holdout-every", type=int, default=5)
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    parts = [policydata.load(p) for p in a.data]
    data = parts[0] if len(parts) == 1 else policydata.merge(
        parts, renumber=True, seed=[int(p["seed"]) for p in parts], games=sum(int(p["games"]) for p in parts),
        driver=str(parts[0]["driver"]))
    model = policyfit.fit(data, a.holdout_every, a.l2, a.target)
    pathlib.Path(a.out).write_text(json.dumps(model, indent=1) + "\n")
    print(f"held out (games % {a.holdout_every} == 0): cross-entropy against the target "
          f"({a.target}), and how often the prior's first choice is the search's")
    print(f"{'faction':<12} {'decisions':>9} {'actions':>7}   {'uniform':>13} {'heuristic':>13} {'learned':>13}")
    for faction, r in model["report"].items():
        cells = "".join(f" {r[k]['cross_entropy']:6.3f} {r[k]['agreement']:5.1%}"
                        for k in ("uniform", "heuristic", "learned"))
        print(f"{faction:<12} {r['decisions']:>9} {r['actions_mean']:>7.1f}  {cells}")
    print(f"-> {a.out}")


if __name__ == "__main__":
    main()
