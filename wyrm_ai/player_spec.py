"""Player specs: a driver and its options as one string, `kind[:key=value,key=value,...]`, e.g.
`heuristic`, `mcts:sims=1000,c_uct=0.5,rollout_turns=2`, `mcts:seconds=0.5`. `wyrm arena --ai`,
`wyrm match` and players.make_player take them. Every key and value is checked here, so a typo
fails before a game starts, with an error naming the bad key or value and the known ones.

The keys of a kind are in OPTIONS (name -> reader): for mcts the budget's fields (planner.Budget:
sims, seconds, turn_seconds, tree_seats, threads) and _core.Search's options (c_uct, rollout_turns,
rollout_candidates, max_rollout_decisions, max_nodes, evaluation: hand or learned, normalize: none or
minmax, tree_turns); a new option is
one more line in its kind's table. A spec is kept as its canonical text (kind, then its options in
the order given), which pickles, prints and compares as a string."""
from __future__ import annotations

import math
from dataclasses import dataclass

from wyrm_ai.errors import ConfigError

TREE_SEATS = ("observer", "all")        # _core.TREE_SEATS (checked equal in the tests)
EVALUATIONS = ("hand", "learned")       # _core.EVALUATIONS (checked equal in the tests)
NORMALIZE = ("none", "minmax")          # _core.NORMALIZE (checked equal in the tests)


def _int(lo: int):
    def read(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise ValueError(f"a whole number >= {lo}") from None
        if v < lo:
            raise ValueError(f"a whole number >= {lo}")
        return v
    return read


def _positive(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise ValueError("a positive finite number") from None
    if not (math.isfinite(v) and v > 0):
        raise ValueError("a positive finite number")
    return v


def _c_uct(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise ValueError("a number in 0..1e6") from None
    if not (0.0 <= v < 1e6):
        raise ValueError("a number in 0..1e6")
    return v


def _threads(text: str):
    """Search threads (planner.Budget.threads): a whole number >= 1, or 0 or auto for every core,
    read by planner.thread_count; kept as given ("auto" or the number), so a spec means the same
    on any machine."""
    from wyrm_ai.planner import MAX_THREADS, thread_count   # planner imports players, which imports this module
    try:
        thread_count(text)
    except ConfigError:
        raise ValueError(f"a whole number from 1 to {MAX_THREADS}, or 0 or auto for every core") from None
    return "auto" if text.strip().lower() == "auto" else int(text)


def _choice(*names):
    def read(text: str) -> str:
        if text not in names:
            raise ValueError(f"one of {', '.join(names)}")
        return text
    return read


BUDGET_KEYS = ("sims", "seconds", "turn_seconds")     # a spec giving one replaces the command's budget

# every kind of driver and its options: name -> reader(text) -> value (ValueError: what it must be)
OPTIONS = {
    "random": {},
    "heuristic": {"samples": _int(1), "evaluation": _choice(*EVALUATIONS)},
    "mcts": {
        # the budget (planner.Budget)
        "sims": _int(1), "seconds": _positive, "turn_seconds": _positive,
        "tree_seats": _choice(*TREE_SEATS), "threads": _threads,
        # the search (_core.Search)
        "c_uct": _c_uct, "rollout_turns": _int(0), "rollout_candidates": _int(0),
        "max_rollout_decisions": _int(0), "max_nodes": _int(1), "evaluation": _choice(*EVALUATIONS),
        "normalize": _choice(*NORMALIZE), "tree_turns": _int(1),
    },
}
KINDS = tuple(OPTIONS)


@dataclass(frozen=True)
class PlayerSpec:
    kind: str
    options: tuple = ()         # ((key, value), ...) in the order given

    @property
    def text(self) -> str:
        """The canonical spec text: parse(spec.text) == spec."""
        if not self.options:
            return self.kind
        return self.kind + ":" + ",".join(f"{k}={v!r}" if isinstance(v, float) else f"{k}={v}"
                                          for k, v in self.options)

    def __str__(self) -> str:
        return self.text

    def player_options(self, defaults: dict | None = None) -> dict:
        """The keyword options of the player: `defaults` (a command's budget, e.g. {"sims": 1000,
        "seconds": None}) under the spec's own. A spec naming any budget field (sims, seconds,
        turn_seconds) replaces the defaults' budget whole: `mcts:seconds=0.5` thinks 0.5 s, not
        0.5 s or 1,000 simulations."""
        out = dict(defaults or {})
        own = dict(self.options)
        if any(k in own for k in BUDGET_KEYS):
            for k in BUDGET_KEYS:
                out.pop(k, None)
            own.setdefault("sims", None)
        out.update(own)
        return out


def parse(text) -> PlayerSpec:
    """A PlayerSpec from `kind[:key=value,...]` (kind and keys in any case, spaces around
    ignored); a PlayerSpec is returned as it is. ConfigError naming what was wrong otherwise."""
    if isinstance(text, PlayerSpec):
        return text
    if not isinstance(text, str):
        raise ConfigError(f"a player spec is a string like mcts:sims=500, not {text!r}")
    kind, colon, rest = text.strip().partition(":")
    kind = kind.strip().lower()
    if kind not in OPTIONS:
        raise ConfigError(f"no player kind {kind!r}; choose from {', '.join(KINDS)}")
    known = OPTIONS[kind]
    if colon and not rest.strip():
        raise ConfigError(f"{text!r}: nothing after the ':' (give key=value options or no ':')")
    options, seen = [], set()
    for item in (rest.split(",") if colon else ()):
        key, eq, value = item.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not eq or not key or not value:
            raise ConfigError(f"{item.strip()!r} in {text!r} is not key=value (e.g. {_example(kind)})")
        if key not in known:
            what = f"its options are {', '.join(known)}" if known else "it takes no options"
            raise ConfigError(f"no option {key!r} for a {kind} player: {what}")
        if key in seen:
            raise ConfigError(f"option {key!r} is given twice in {text!r}")
        try:
            options.append((key, known[key](value)))
        except ValueError as e:
            raise ConfigError(f"{kind} option {key}={value!r}: must be {e}") from None
        seen.add(key)
    return PlayerSpec(kind, tuple(options))


def _example(kind: str) -> str:
    return f"{kind}:{next(iter(OPTIONS[kind]))}=1" if OPTIONS[kind] else kind


def kind_of(text) -> str:
    """The driver kind of a spec ('mcts' for 'mcts:sims=500')."""
    return parse(text).kind


def canonical(text) -> str:
    """A spec's canonical text (checked)."""
    return parse(text).text
