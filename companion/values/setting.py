"""How a setting is declared, once, by the layer that owns it: a field of a frozen
dataclass whose default is the setting's default and whose metadata (``checked``) is its
check. The check reads a value as a file gives it (TOML, JSON) into the field's type, or
raises ``ValueError`` saying what is wrong; whoever reads the file adds where (the file
and the key). A value the check took is one the owner can use: it is not checked again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from enum import Enum
from typing import Any

Reader = Callable[[object], Any]
# Field metadata: the key's check (which also turns the file's value into the field's
# type), and, where the plain form would not do, how the value is written back as TOML.
READ = "read"
SHOW = "show"


def checked(read: Reader, *, show: Callable[[Any], str] | None = None) -> dict[str, object]:
    """A setting's field metadata: its check (and how it is written back, when not
    plain). A setting is ``name: type = field(default=..., metadata=checked(...))``."""
    metadata: dict[str, object] = {READ: read}
    if show is not None:
        metadata[SHOW] = show
    return metadata


def whole(low: int, high: int) -> Reader:
    def read(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{shown(value)} is not a whole number")
        if not low <= value <= high:
            raise ValueError(f"{value} is not in {low}..{high}")
        return value

    return read


def seconds(low: float, high: float) -> Reader:
    def read(value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{shown(value)} is not a number of seconds")
        if not low < value <= high:
            raise ValueError(f"{value} is not more than {low:g} and at most {high:g} seconds")
        return float(value)

    return read


def whole_seconds(high: int) -> Reader:
    """Whole seconds in 1..high; a whole float (60.0) counts, a fraction is refused rather
    than rounded (0.3 would round to 0, which no screen timeout can be)."""

    def read(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{shown(value)} is not a number of seconds")
        if isinstance(value, float) and not value.is_integer():
            raise ValueError(f"{value} is not a whole number of seconds")
        if not 1 <= value <= high:
            raise ValueError(f"{value:g} is not in 1..{high} seconds")
        return int(value)

    return read


def text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{shown(value)} is not a string (put it in quotes)")
    return value


def choice(kind: type[Enum]) -> Reader:
    def read(value: object) -> Enum:
        names = ", ".join(str(member.value) for member in kind)
        try:
            return kind(text(value))
        except ValueError:
            raise ValueError(f"{shown(value)} is not one of {names}") from None

    return read


def switch(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{shown(value)} is not true or false")
    return value


def shown(value: object) -> str:
    return f'"{value}"' if isinstance(value, str) else repr(value)


def hex_byte(value: int) -> str:
    return f"0x{value:02X}"


def quoted(value: object) -> str:
    """``str(value)`` as a TOML string (JSON's escapes are TOML's too)."""
    return json.dumps(str(value), ensure_ascii=False)
