"""The Mechanical Marquise's game options (MM2 §8, §9 of the digest): its rule set (`original` or
`dc`, the Director's Cut), its difficulty (`easy`, `normal`, `challenging`, `nightmare`) and its
traits (any of `blitz`, `fortified`, `hospitals`, `iron-will`). The core keeps them as ints in
every game (`mm_variant`, `mm_level`, `mm_traits`: bit i for trait i); this module reads and
writes their names, with a ConfigError naming what was wrong.

>>> BotOptions.parse(variant="dc", difficulty="nightmare", traits="blitz,iron-will")
BotOptions(variant=1, level=3, traits=9)
>>> str(BotOptions.parse(traits=""))
'original rules, normal difficulty, no traits'
"""
from __future__ import annotations

from dataclasses import dataclass

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError

VARIANTS = tuple(_core.MM_VARIANT_NAMES)        # ("original", "dc")
DIFFICULTIES = tuple(_core.MM_LEVEL_NAMES)      # ("easy", "normal", "challenging", "nightmare")
TRAITS = tuple(_core.MM_TRAIT_NAMES)            # ("blitz", "fortified", "hospitals", "iron-will")
NO_TRAITS = ("", "none")                        # how the options say "no trait"
# the three options as the command line and the engine protocol name them, and the core's fields
OPTION_NAMES = {"variant": "bot-variant", "difficulty": "difficulty", "traits": "traits"}
CORE_FIELDS = {"variant": "mm_variant", "level": "mm_level", "traits": "mm_traits"}


def _choice(text, names: tuple[str, ...], what: str) -> int:
    if isinstance(text, str) and text.strip().lower() in names:
        return names.index(text.strip().lower())
    raise ConfigError(f"no {what} {text!r}: choose from {', '.join(names)}")


def variant_of(text) -> int:
    """The rule set's int from its name: original or dc."""
    return _choice(text, VARIANTS, "bot variant")


def level_of(text) -> int:
    """The difficulty's int from its name: easy, normal, challenging or nightmare."""
    return _choice(text, DIFFICULTIES, "difficulty")


def traits_of(given) -> int:
    """The traits' bits from a comma-separated text ("blitz,fortified"; "" or "none": no trait)
    or a list of names."""
    if isinstance(given, str):
        items = [] if given.strip().lower() in NO_TRAITS else [w.strip().lower() for w in given.split(",")]
    elif isinstance(given, (list, tuple)) and all(isinstance(w, str) for w in given):
        items = [w.strip().lower() for w in given]
    else:
        raise ConfigError(f"traits are a comma-separated list of trait names, not {given!r}")
    bits = 0
    for name in items:
        if name not in TRAITS:
            raise ConfigError(f"no trait {name!r}: the traits are {', '.join(TRAITS)} (none: empty)")
        bit = 1 << TRAITS.index(name)
        if bits & bit:
            raise ConfigError(f"the trait {name} is named twice")
        bits |= bit
    return bits


def trait_names(bits: int) -> list[str]:
    """The names of the traits set in bits, in the order of TRAITS."""
    return [name for i, name in enumerate(TRAITS) if bits >> i & 1]


def traits_text(bits: int) -> str:
    """The traits as the options write them: "blitz,fortified", or "none"."""
    return ",".join(trait_names(bits)) or "none"


@dataclass(frozen=True)
class BotOptions:
    """The Mechanical Marquise's options as ints (the core's): variant (index of VARIANTS), level
    (index of DIFFICULTIES) and traits (bit i for TRAITS[i]). The defaults are the plain bot:
    original rules, normal difficulty, no traits."""
    variant: int = 0
    level: int = 1
    traits: int = 0

    def __post_init__(self):
        for name, value, top in (("variant", self.variant, len(VARIANTS) - 1),
                                 ("level", self.level, len(DIFFICULTIES) - 1),
                                 ("traits", self.traits, (1 << len(TRAITS)) - 1)):
            if type(value) is not int or not 0 <= value <= top:
                raise ConfigError(f"the bot's {name} is 0-{top}, not {value!r}")

    @classmethod
    def parse(cls, variant=None, difficulty=None, traits=None) -> "BotOptions":
        """From names (None: the default of that option)."""
        d = cls()
        return cls(d.variant if variant is None else variant_of(variant),
                   d.level if difficulty is None else level_of(difficulty),
                   d.traits if traits is None else traits_of(traits))

    @classmethod
    def read(cls, given) -> "BotOptions":
        """BotOptions as given, None (the defaults), or a mapping of names as names() writes them
        ({"variant": "dc", "difficulty": "nightmare", "traits": ["blitz"]}; keys left out keep
        their default)."""
        if given is None:
            return cls()
        if isinstance(given, cls):
            return given
        if isinstance(given, dict):
            unknown = sorted(set(given) - set(OPTION_NAMES))
            if unknown:
                raise ConfigError(f"no bot option {unknown[0]!r}: the options are {', '.join(OPTION_NAMES)}")
            return cls.parse(given.get("variant"), given.get("difficulty"), given.get("traits"))
        raise ConfigError(f"the bot's options are a BotOptions or a dict of names, not {given!r}")

    @classmethod
    def of_state(cls, state) -> "BotOptions":
        """The options a core State (or its to_dict()) holds; a dict without the fields (a save
        from before them) holds the defaults."""
        d = state if isinstance(state, dict) else state.to_dict()
        defaults = cls()
        return cls(**{k: d.get(field, getattr(defaults, k)) for k, field in CORE_FIELDS.items()})

    def core(self) -> dict:
        """The keyword arguments of _core.State."""
        return {field: getattr(self, k) for k, field in CORE_FIELDS.items()}

    @property
    def variant_name(self) -> str:
        return VARIANTS[self.variant]

    @property
    def difficulty(self) -> str:
        return DIFFICULTIES[self.level]

    @property
    def trait_names(self) -> list[str]:
        return trait_names(self.traits)

    def names(self) -> dict:
        """{"variant": "original", "difficulty": "normal", "traits": []}: the options by name."""
        return {"variant": self.variant_name, "difficulty": self.difficulty, "traits": self.trait_names}

    def __str__(self) -> str:
        traits = ", ".join(self.trait_names) if self.traits else "no traits"
        return f"{self.variant_name} rules, {self.difficulty} difficulty, {traits}"
