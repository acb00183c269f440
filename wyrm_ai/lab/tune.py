"""`wyrm tune`: CMA-ES (the `cma` package) over a player's search options and evaluation weights,
each candidate scored by paired games against a baseline spec, as `wyrm match` scores one.

The parameters (PARAMETERS, or NAME=LO:HI to set the bounds) are spec keys: `c_uct` and evaluation
weights `w.NAME`. CMA-ES works in normalised coordinates, z = (value - start) / scale per
parameter, from the baseline's values (z = 0) with step size sigma; a candidate is the baseline
spec with its values (rounded to 4 decimals). Integer options (rollout_turns, ...) are not tuned:
CMA-ES is a continuous method and they are better compared directly with `wyrm match`.

Generation g plays its pairs with the match seed derive_seed(seed, g) (new games every
generation, the same games for every candidate of a generation: common random numbers rank them
on equal terms): the baseline's side of each pair is played once and shared by the candidates,
and every game of the generation goes to the executor in one map (local processes, or Ray). A
candidate's score is its mean paired margin difference (its margin minus the baseline's in the
same pair: `wyrm match`'s number); CMA-ES minimises its negative.

Files in the output folder: `results.jsonl` (a line with the run's settings, then a line per
generation: every candidate's values, spec and score, the CMA mean and sigma after it) and
`params.json`, the parameters file of the final mean (results.jsonl is rewritten after every
generation, so a run stopped early keeps the generations it finished) (player_spec.PARAMS_FORMAT: load it with
mcts:params=DIR/params.json). No clock time is written, so the same seed and options write the
same bytes."""
from __future__ import annotations

import json
import math
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from wyrm_ai import _core
from wyrm_ai.ai import player_spec
from wyrm_ai.lab.arena import mean_interval, play_one
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.lab.executor import executor
from wyrm_ai.model.files import write_atomic
from wyrm_ai.lab.match import margin, setup
from wyrm_ai.model.seeds import derive_seed

MAX_C_UCT = 5.0
DECIMALS = 4        # a candidate's values are rounded to this many decimals (readable specs)


@dataclass(frozen=True)
class Parameter:
    """One tuned value: its spec key, bounds and scale (one CMA-ES unit)."""
    key: str
    lower: float
    upper: float
    scale: float

    def to_json(self) -> dict:
        return {"key": self.key, "lower": self.lower, "upper": self.upper, "scale": self.scale}


def default_parameter(key: str) -> Parameter:
    """The bounds and scale of a tunable key: c_uct in 0.05..5 (scale 0.3); a weight w within 4
    scales of its default d (scale max(0.25, |d| / 2)), the logistic's scale kept >= 0.5."""
    if key == "c_uct":
        return Parameter(key, 0.05, MAX_C_UCT, 0.3)
    if not key.startswith(player_spec.WEIGHT_PREFIX):
        raise ConfigError(f"cannot tune {key!r}: tunable are c_uct and the evaluation weights "
                          f"w.NAME ({', '.join(_core.EVAL_WEIGHTS)}); integer options are compared "
                          f"with wyrm match instead")
    name = key[len(player_spec.WEIGHT_PREFIX):]
    if name not in _core.EVAL_WEIGHTS:
        raise ConfigError(f"no evaluation weight {name!r} to tune; the weights (w.NAME) are "
                          f"{', '.join(_core.EVAL_WEIGHTS)}")
    d = _core.EVAL_WEIGHTS[name]
    scale = max(0.25, abs(d) / 2)
    lower = max(0.5, d - 4 * scale) if name == "scale" else d - 4 * scale
    return Parameter(key, lower, d + 4 * scale, scale)


# the weights a faction's own worth reads (heuristics.pxi seat_worth_features), for --params' default
SHARED_WEIGHTS = ("vp", "card", "rule", "warrior", "scale")
FACTION_WEIGHTS = {
    "marquise": ("building", "wood", "keep"),
    "wyrm": ("lair_income", "lair_item", "growth", "fear", "cowed", "pawn_forest", "pawn_exposed",
             "pawn_threat"),
    "eyrie": ("roost", "roost_income", "decree_card", "decree_bird", "decree_stuck"),
    "alliance": ("sympathy", "base", "officer", "supporter", "revolt_ready"),
    "vagabond": ("vb_item", "vb_damaged", "vb_coin", "vb_tea", "vb_relation", "vb_hostile"),
}


def default_keys(seat: str) -> tuple:
    """--params' default for a seat: c_uct, the shared weights and the seat's faction's own."""
    return ("c_uct",) + tuple(player_spec.WEIGHT_PREFIX + w for w in SHARED_WEIGHTS + FACTION_WEIGHTS.get(seat, ()))


def read_parameters(text: str | None, seat: str) -> list:
    """The parameters of --params: `KEY[=LO:HI],...` (default: default_keys(seat)); ConfigError
    naming a bad key, bound or a key given twice."""
    items = [t.strip() for t in text.split(",")] if text else list(default_keys(seat))
    out, seen = [], set()
    for item in items:
        key, eq, bounds = item.partition("=")
        key = key.strip().lower()
        if not key:
            raise ConfigError(f"--params {text!r}: an empty parameter (give KEY or KEY=LO:HI, comma-separated)")
        p = default_parameter(key)
        if key in seen:
            raise ConfigError(f"--params: {key} is given twice")
        seen.add(key)
        if eq:
            lo, colon, hi = bounds.partition(":")
            try:
                lower, upper = float(lo), float(hi)
            except ValueError:
                lower = upper = math.nan
            if not colon or not (math.isfinite(lower) and math.isfinite(upper) and lower < upper):
                raise ConfigError(f"--params {item!r}: bounds are LO:HI, two finite numbers with LO < HI")
            try:
                for v in (lower, upper):
                    player_spec.parse(f"mcts:{key}={v!r}")
            except ConfigError as e:
                raise ConfigError(f"--params {item!r}: a bound is not a value {key} may take: {e}") from None
            p = Parameter(key, lower, upper, p.scale)
        out.append(p)
    return out


@dataclass
class Generation:
    index: int
    seed: int
    candidates: list            # [{"values": {key: v}, "spec": text, "score": mean difference}]
    mean: dict                  # the CMA mean after this generation, as values
    sigma: float

    def record(self) -> dict:
        return {"generation": self.index, "seed": self.seed, "candidates": self.candidates,
                "mean": self.mean, "sigma": self.sigma}


@dataclass
class TuneResult:
    settings: dict
    generations: list
    params: dict                # the parameters file written (the final mean)
    seconds: float = 0.0


def _values(z, params, start) -> dict:
    return {p.key: round(min(p.upper, max(p.lower, s + p.scale * float(v))), DECIMALS)
            for p, v, s in zip(params, z, start)}


def candidate_spec(baseline: player_spec.PlayerSpec, values: dict) -> str:
    """The baseline spec with these values: its keys replaced in place, new keys appended."""
    options = dict(baseline.options)
    options.update(values)
    return player_spec.PlayerSpec(baseline.kind, tuple(options.items())).text


def params_file(baseline: player_spec.PlayerSpec, values: dict, about: str, tune: dict) -> dict:
    """A parameters file (player_spec.PARAMS_FORMAT) of the tuned values."""
    return {"format": player_spec.PARAMS_FORMAT, "kind": baseline.kind, "about": about,
            "options": {k: v for k, v in values.items() if not k.startswith(player_spec.WEIGHT_PREFIX)},
            "weights": {k[len(player_spec.WEIGHT_PREFIX):]: v for k, v in values.items()
                        if k.startswith(player_spec.WEIGHT_PREFIX)},
            "tune": tune}


def run_tune(out, *, seat="marquise", factions=None, drivers=None, baseline="mcts", params=None,
             generations=10, population=8, pairs=4, sigma=0.5, seed=1, sims=200, seconds=None,
             jobs=1, ray=None, progress=None) -> TuneResult:
    """Tune the parameters `params` (--params text or None for the seat's default) of the
    baseline spec in `seat` by CMA-ES; write results.jsonl and params.json into the folder out.
    progress(text) gets a line per generation. The module docstring says how."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # cma warns that it has no matplotlib (for its plots)
        import cma      # imported here: the rest of the package does without it
    for name, v, lo in (("generations", generations, 1), ("population", population, 2), ("pairs", pairs, 1)):
        if type(v) is not int or v < lo:
            raise ConfigError(f"{name} must be a whole number >= {lo}, not {v!r}")
    if not (isinstance(sigma, (int, float)) and 0 < sigma <= 10):
        raise ConfigError(f"sigma must be a number in (0, 10], not {sigma!r}")
    table = setup(seat, factions=factions, drivers=drivers, sims=sims, seconds=seconds)
    base = player_spec.parse(table.check(baseline))
    if base.kind not in player_spec.WEIGHTED_KINDS:
        raise ConfigError(f"the baseline {base.text!r} has nothing to tune: give an mcts or heuristic spec")
    ps = read_parameters(params, table.seat)
    if base.kind != "mcts" and any(not p.key.startswith(player_spec.WEIGHT_PREFIX) for p in ps):
        raise ConfigError(f"a {base.kind} player has no c_uct: tune only weights (w.NAME)")
    own = dict(base.options)
    start = [float(own.get(p.key, _core.DEFAULT_C_UCT if p.key == "c_uct" else _core.EVAL_WEIGHTS[p.key[2:]])) for p in ps]
    for p, s in zip(ps, start):
        if not p.lower <= s <= p.upper:
            raise ConfigError(f"the baseline's {p.key}={s} is outside its bounds {p.lower}:{p.upper}")
    out = Path(out)
    settings = {"seat": table.seat, "factions": list(table.table), "drivers": table.others,
                "baseline": base.text, "sims": sims, "seconds": seconds,
                "parameters": [p.to_json() for p in ps], "start": dict(zip((p.key for p in ps), start)),
                "generations": generations, "population": population, "pairs": pairs,
                "sigma": sigma, "seed": seed, "cma": cma.__version__}
    lower = [(p.lower - s) / p.scale for p, s in zip(ps, start)]
    upper = [(p.upper - s) / p.scale for p, s in zip(ps, start)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")         # cma warns on one dimension; it works
        normal = np.random.default_rng(seed)    # CMA-ES's own draws: not numpy's global RNG
        es = cma.CMAEvolutionStrategy([0.0] * len(ps), sigma, {
            "popsize": population, "seed": math.nan, "randn": lambda *shape: normal.standard_normal(shape),
            "bounds": [lower, upper], "verbose": -9})
    lines = [json.dumps({"run": settings})]
    gens = []
    begin = time.perf_counter()
    out.mkdir(parents=True, exist_ok=True)
    with executor(jobs, ray) as ex:
        for g in range(generations):
            gseed = derive_seed(seed, g)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                zs = es.ask()
            values = [_values(z, ps, start) for z in zs]
            specs = [table.check(candidate_spec(base, v)) for v in values]
            tasks = table.games(base.text, gseed, pairs)
            for spec in specs:
                tasks += table.games(spec, gseed, pairs)
            games = list(ex.map(play_one, tasks))
            base_margins = [margin(game, table.seat) for game in games[:pairs]]
            cands = []
            for c, (v, spec) in enumerate(zip(values, specs)):
                mine = games[pairs * (c + 1):pairs * (c + 2)]
                diffs = [margin(game, table.seat) - b for game, b in zip(mine, base_margins)]
                cands.append({"values": v, "spec": spec, "score": sum(diffs) / pairs, "differences": diffs})
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                es.tell(zs, [-c["score"] for c in cands])
            gen = Generation(g, gseed, cands, _values(es.mean, ps, start), float(es.sigma))
            gens.append(gen)
            lines.append(json.dumps(gen.record()))
            write_atomic(out / "results.jsonl", "\n".join(lines) + "\n")     # a stopped run keeps its generations
            if progress:
                best = max(cands, key=lambda c: c["score"])
                m, lo, hi = mean_interval([c["score"] for c in cands])
                progress(f"generation {g + 1}/{generations}: candidates' scores {m:+.2f} VP mean "
                         f"(best {best['score']:+.2f}), sigma {gen.sigma:.3f}, mean "
                         + ", ".join(f"{k}={v:g}" for k, v in gen.mean.items())
                         + f"; {time.perf_counter() - begin:.0f}s elapsed")
    final = gens[-1].mean
    params_data = params_file(base, final, f"wyrm tune: the CMA-ES mean after {generations} "
                              f"generations for the {table.seat} at {','.join(table.table)}",
                              {k: settings[k] for k in ("seat", "factions", "drivers", "baseline", "sims",
                                                        "generations", "population", "pairs", "sigma", "seed")})
    write_atomic(out / "params.json", json.dumps(params_data, indent=1) + "\n")
    return TuneResult(settings, gens, params_data, time.perf_counter() - begin)
