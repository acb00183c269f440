"""What the learned models' files share (evalmodel.py, policymodel.py): a JSON file read with an
error naming it, and a per-faction table of numbers aligned by name to the core's order."""
from __future__ import annotations

import json
from pathlib import Path

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError


def read_json(path: Path, what: str, keys) -> dict:
    """A model file as a dict (ConfigError naming the file if it cannot be read, holds no
    mapping, or lacks one of keys)."""
    try:
        model = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise ConfigError(f"cannot read the {what} {path}: {e}") from None
    if not isinstance(model, dict):
        raise ConfigError(f"{path} is not a {what}: it holds no mapping")
    for key in keys:
        if key not in model:
            raise ConfigError(f"{path} is not a {what}: it has no {key!r}")
    return model


def aligned_table(names, table, core_names, path, unit: str) -> dict:
    """table (faction -> one number per name of names) in the core's order (core_names): a name
    the file does not list (added to the core since it was fitted) weighs 0, so the file means
    what it did; a name it lists that the core has not is a ConfigError. unit: what a name is
    ("input", "feature"), for the errors."""
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ConfigError(f"{path}: {unit}_names must be a list of {unit} names")
    unknown = [n for n in names if n not in core_names]
    if unknown or len(set(names)) != len(names):
        raise ConfigError(f"{path}: the model's {unit}s are not this core's: unknown "
                          f"{unknown or 'none'}, repeated {len(names) - len(set(names))}")
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: the model must map each faction to its numbers")
    where = [core_names.index(n) for n in names]
    # a twin faction (the second Vagabond: _core.TWIN_FACTIONS) not in the file plays its twin's
    # numbers, and a name of the twin's the file lacks ("enemy_is_vagabond2") its twin's name's
    twin_of_name = {}
    for twin, base in _core.TWIN_FACTIONS.items():
        for j, n in enumerate(core_names):
            if n not in names and n.endswith(twin) and n[:-len(twin)] + base in names:
                twin_of_name[j] = core_names.index(n[:-len(twin)] + base)
    out = {}
    for faction, numbers in table.items():
        if not isinstance(numbers, list) or len(numbers) != len(names):
            raise ConfigError(f"{path}: {faction!r} needs {len(names)} numbers, one per {unit}")
        full = [0.0] * len(core_names)
        for i, x in zip(where, numbers):
            full[i] = x
        for j, i in twin_of_name.items():
            full[j] = full[i]
        out[faction] = full
    for twin, base in _core.TWIN_FACTIONS.items():
        if twin not in out and base in out:
            out[twin] = list(out[base])
    # a faction the core seats since the file was fitted (the Lizard Cult) plays the mean of the
    # fitted factions' numbers until a refit gives it its own (docs/evaluation.md)
    fitted = [out[f] for f in out if f in _core.FACTION_NAMES]
    for faction in _core.FACTION_NAMES:
        if faction not in out and fitted:
            out[faction] = [sum(col) / len(fitted) for col in zip(*fitted)]
    return out


def load_default(load) -> str | None:
    """Run a module's load() for its shipped file; None, or why it loaded nothing (a missing
    file, or one that does not fit this core: the tools that refit it still run)."""
    try:
        load()
    except ConfigError as e:
        return str(e)
    return None
