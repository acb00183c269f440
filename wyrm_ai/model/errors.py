"""Every error the engine raises on bad input derives from WyrmError; the game is unchanged after one."""
from wyrm_ai._core import ConfigError, IllegalActionError, WyrmError


class NotationError(WyrmError, ValueError):
    """Text that does not read as any action of the seat to move."""


class SaveError(WyrmError, ValueError):
    """A save file that is unreadable, corrupt or tampered with."""


class PositionError(WyrmError, ValueError):
    """A position (Game.from_position, protocol `setposition`) that is malformed or impossible."""


__all__ = ["WyrmError", "IllegalActionError", "ConfigError", "NotationError", "SaveError", "PositionError"]
