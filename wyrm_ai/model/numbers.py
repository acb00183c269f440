"""Numbers as people and programs type them: strict ASCII decimal within bounds."""
from __future__ import annotations


def decimal(text: str, lo: int, hi: int) -> int | None:
    """The number an ASCII-decimal text stands for when it lies in lo..hi, else None. Other
    digits ('²', '٣'), signs, spaces and more digits than hi has never reach int(), so no text can
    make this raise or run long."""
    if not (isinstance(text, str) and text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(hi)):
        return None
    n = int(digits)
    return n if lo <= n <= hi else None
