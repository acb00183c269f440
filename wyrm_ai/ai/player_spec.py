"""Player specs: a driver and its options as one string, `kind[:key=value,key=value,...]`, e.g.
`heuristic`, `mcts:sims=1000,c_uct=0.5,rollout_turns=2`, `mcts:seconds=0.5`. `wyrm arena --ai`,
`wyrm match` and players.make_player take them. Every key and value is checked here, so a typo
fails before a game starts, with an error naming the bad key or value and the known ones.

The keys of a kind are in OPTIONS (name -> reader): for mcts the budget's fields (planner.Budget:
sims, seconds, turn_seconds, tree_seats, threads) and _core.Search's options (c_uct, rollout_turns,
rollout_candidates, max_rollout_decisions, max_nodes, evaluation: hand or learned, normalize: none or
minmax, tree_turns, prior: none, heuristic or learned, c_puct, prior_temp, decree_plan); a new option is
one more line in its kind's table. A spec is kept as its canonical text (kind, then its options in
the order given), which pickles, prints and compares as a string.

The players that evaluate (mcts, heuristic) also take evaluation weights, `w.NAME=value` for any
name of _core.EVAL_WEIGHTS (`mcts:sims=500,w.pawn_exposed=-0.5`): that player's weights, the
defaults for the rest; and `params=NAME_OR_PATH`, a parameters file (what `wyrm tune` writes: its
options and weights, PARAMS_FORMAT below). A NAME is a file shipped in wyrm_ai/ai/params/ (NAME.json,
PARAMS_NAMES); a PATH (with a `/` or ending .json) any file. The file's entries come first and the
spec's own keys override them; the canonical text holds the file's values, not its name, so a spec
means the same on any machine (a Ray worker needs no file) and after the file changes."""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.ai.planner import MAX_THREADS, thread_count
from wyrm_ai.model.files import read_regular

TREE_SEATS = ("observer", "all")        # _core.TREE_SEATS (checked equal in the tests)
EVALUATIONS = ("hand", "learned")       # _core.EVALUATIONS (checked equal in the tests)
NORMALIZE = ("none", "minmax")          # _core.NORMALIZE (checked equal in the tests)
PRIOR = ("none", "heuristic", "learned")   # _core.PRIOR (checked equal in the tests)


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


def _prior_temp(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise ValueError("a number in 0.01..100") from None
    if not (0.01 <= v <= 100.0):
        raise ValueError("a number in 0.01..100")
    return v


def _threads(text: str):
    """Search threads (planner.Budget.threads): a whole number >= 1, or 0 or auto for every core,
    read by planner.thread_count; kept as given ("auto" or the number), so a spec means the same
    on any machine."""
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


def _weight(name: str):
    def read(text: str) -> float:
        what = "a finite number > 0" if name == "scale" else "a finite number"
        try:
            v = float(text)
            _core.eval_weights({name: v})       # the core's check, the one every search makes
        except (ValueError, ConfigError):
            raise ValueError(f"{what} (|w| < 1e6)") from None
        return v
    return read


BUDGET_KEYS = ("sims", "seconds", "turn_seconds")     # a spec giving one replaces the command's budget
WEIGHT_PREFIX = "w."                                  # w.NAME=value: an evaluation weight
WEIGHTED_KINDS = ("heuristic", "mcts")                # the kinds that take weights and params=
PARAMS_DIR = Path(__file__).parent / "params"         # the shipped parameters files, NAME.json
PARAMS_FORMAT = "wyrm-params/1"     # {"format": ..., "kind": ..., "options": {...}, "weights": {...}}
MAX_PARAMS_BYTES = 2**20
_NAME = re.compile(r"[a-z0-9][a-z0-9_.-]*\Z")

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
        "prior": _choice(*PRIOR), "c_puct": _c_uct, "prior_temp": _prior_temp,
        "decree_plan": _int(0),
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
        0.5 s or 1,000 simulations. Weights (w.NAME) become one option, weights={NAME: value}."""
        out = dict(defaults or {})
        own = {k: v for k, v in self.options if not k.startswith(WEIGHT_PREFIX)}
        weights = self.weights
        if any(k in own for k in BUDGET_KEYS):
            for k in BUDGET_KEYS:
                out.pop(k, None)
            own.setdefault("sims", None)
        out.update(own)
        if weights:
            out["weights"] = weights
        return out

    @property
    def weights(self) -> dict:
        """The spec's evaluation weights {NAME: value} (the defaults for the others)."""
        return {k[len(WEIGHT_PREFIX):]: v for k, v in self.options if k.startswith(WEIGHT_PREFIX)}


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
    if colon and not rest.strip():
        raise ConfigError(f"{text!r}: nothing after the ':' (give key=value options or no ':')")
    options, seen, params = {}, set(), None
    for item in (rest.split(",") if colon else ()):
        key, eq, value = item.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not eq or not key or not value:
            raise ConfigError(f"{item.strip()!r} in {text!r} is not key=value (e.g. {_example(kind)})")
        if key in seen:
            raise ConfigError(f"option {key!r} is given twice in {text!r}")
        seen.add(key)
        if key == "params" and kind in WEIGHTED_KINDS:
            params = value
            continue
        options[key] = _read_option(kind, key, value)
    if params is not None:
        options = {**{k: v for k, v in load_params(params, kind).items() if k not in options}, **options}
    return PlayerSpec(kind, tuple(options.items()))


def _read_option(kind: str, key: str, value: str, where: str = ""):
    """One option's value, read and checked (value: its text); ConfigError naming what is wrong."""
    known = OPTIONS[kind]
    if key.startswith(WEIGHT_PREFIX) and kind in WEIGHTED_KINDS:
        name = key[len(WEIGHT_PREFIX):]
        if name not in _core.EVAL_WEIGHTS:
            raise ConfigError(f"no evaluation weight {name!r}{where}; the weights (w.NAME) are "
                              f"{', '.join(_core.EVAL_WEIGHTS)}")
        reader = _weight(name)
    elif key not in known:
        what = (f"its options are {', '.join(known)}, params and w.NAME (evaluation weights)"
                if kind in WEIGHTED_KINDS else
                f"its options are {', '.join(known)}" if known else "it takes no options")
        raise ConfigError(f"no option {key!r} for a {kind} player{where}: {what}")
    else:
        reader = known[key]
    try:
        return reader(value)
    except ValueError as e:
        raise ConfigError(f"{kind} option {key}={value!r}{where}: must be {e}") from None


def params_names() -> tuple:
    """The names of the parameters files shipped with the package (wyrm_ai/ai/params/NAME.json)."""
    return tuple(sorted(p.stem for p in PARAMS_DIR.glob("*.json")))


def params_path(name_or_path: str) -> Path:
    """The file a params= value names: a shipped NAME, or a PATH (it has a '/' or ends .json)."""
    if "/" in name_or_path or "\\" in name_or_path or name_or_path.lower().endswith(".json"):
        return Path(name_or_path).expanduser()
    if not _NAME.match(name_or_path) or name_or_path not in params_names():
        raise ConfigError(f"no parameters file named {name_or_path!r}: the shipped ones are "
                          f"{', '.join(params_names()) or 'none'} (or give a path: ./FILE.json)")
    return PARAMS_DIR / f"{name_or_path}.json"


def load_params(name_or_path: str, kind: str = "mcts") -> dict:
    """A parameters file's options and weights as a kind's spec options {key: value} (weights as
    w.NAME), each checked as in a spec; ConfigError naming the file and what is wrong."""
    path = params_path(name_or_path)
    where = f" (in the parameters file {path})"
    try:
        data = json.loads(read_regular(path, MAX_PARAMS_BYTES).decode("utf-8"))
    except OSError as e:
        raise ConfigError(f"cannot read the parameters file {path}: {e.strerror or e}") from None
    except (ValueError, UnicodeDecodeError) as e:
        raise ConfigError(f"the parameters file {path} is not a JSON parameters file: {e}") from None
    if not isinstance(data, dict) or data.get("format") != PARAMS_FORMAT:
        raise ConfigError(f"the parameters file {path} is not a parameters file: it needs "
                          f'"format": "{PARAMS_FORMAT}"')
    unknown = set(data) - {"format", "kind", "about", "options", "weights", "tune"}
    if unknown:
        raise ConfigError(f"the parameters file {path} has unknown fields {sorted(unknown)}: its "
                          f"fields are format, kind, about, options, weights, tune")
    if data.get("kind", kind) != kind:
        raise ConfigError(f"the parameters file {path} is for a {data['kind']} player, not a {kind} one")
    out = {}
    for field, prefix in (("options", ""), ("weights", WEIGHT_PREFIX)):
        table = data.get(field, {})
        if not isinstance(table, dict):
            raise ConfigError(f"{field} in the parameters file {path} must be an object of name: value")
        for k, v in table.items():
            if k == "params" or (not prefix and k.startswith(WEIGHT_PREFIX)):
                raise ConfigError(f"{k!r} cannot be an option of a parameters file{where}")
            if isinstance(v, bool) or not isinstance(v, (int, float, str)):
                raise ConfigError(f"{prefix}{k} must be a number or a name{where}, not {v!r}")
            out[prefix + k] = _read_option(kind, prefix + k, v if isinstance(v, str) else repr(v), where)
    return out


def _example(kind: str) -> str:
    return f"{kind}:{next(iter(OPTIONS[kind]))}=1" if OPTIONS[kind] else kind


def kind_of(text) -> str:
    """The driver kind of a spec ('mcts' for 'mcts:sims=500')."""
    return parse(text).kind


def canonical(text) -> str:
    """A spec's canonical text (checked)."""
    return parse(text).text
