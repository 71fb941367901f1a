"""The new-game form, made from a game's options dataclass rather than by hand per game.

Each field's type says how the buttons change it: a whole number steps up and down, a
switch flips, an enum cycles through its members. A step only lands on values the
options' own ``validate`` accepts; when a value clashes with another field (three
players but dealer 3), that other field falls back to its default.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Hashable
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, cast

from companion.games.errors import OptionError
from companion.games.options import option_order
from companion.games.registry import engine_class

# How far a step looks for the next valid whole number.
SEARCH = 40


class FieldKind(Enum):
    NUMBER = "number"
    SWITCH = "switch"
    CHOICE = "choice"
    PER_SEAT = "per-seat"  # a whole number for each seat, or none (starting scores)
    FIXED = "fixed"  # shown, not changed from the buttons


@dataclass(frozen=True)
class OptionField:
    name: str
    kind: FieldKind
    choices: tuple[Any, ...] = ()


def options_type(game_id: str) -> type[Any]:
    kind: type[Any] = engine_class(game_id).options_type
    return kind


def default_options(game_id: str) -> Any:
    return options_type(game_id)()


def option_fields(kind: type[Any]) -> tuple[OptionField, ...]:
    return _option_fields(cast(Hashable, kind))


@lru_cache(maxsize=16)  # read from the type's hints: slow, and asked at every press
def _option_fields(hashed: Hashable) -> tuple[OptionField, ...]:
    kind = cast(type[Any], hashed)
    hints = typing.get_type_hints(kind)
    return tuple(_field(name, hints[name]) for name in option_order(kind))


def _field(name: str, hint: Any) -> OptionField:
    if hint is bool:
        return OptionField(name, FieldKind.SWITCH, (False, True))
    if hint is int:
        return OptionField(name, FieldKind.NUMBER)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return OptionField(name, FieldKind.CHOICE, tuple(hint))
    members = [a for a in typing.get_args(hint) if a is not type(None)]
    if len(members) == 1 and typing.get_args(members[0]) == (int, Ellipsis):
        return OptionField(name, FieldKind.PER_SEAT)
    return OptionField(name, FieldKind.FIXED)


def is_valid(options: Any) -> bool:
    validate = getattr(options, "validate", None)
    if validate is None:
        return True
    try:
        validate()
    except OptionError:
        return False
    return True


def step_option(
    options: Any, field: OptionField, direction: int, *, stride: int = 1, held: bool = False
) -> Any:
    """``options`` with ``field`` moved one step ``direction`` (+1/-1); unchanged when no
    valid value lies that way. A switch or a choice goes round at its end, unless
    ``held`` (a held button stops at the end)."""
    current = getattr(options, field.name)
    for candidate in _candidates(field, current, direction, stride, held=held):
        changed = _valid_with(options, field.name, candidate)
        if changed is not None:
            return changed
    return options


def _candidates(
    field: OptionField, current: Any, direction: int, stride: int, *, held: bool
) -> list[Any]:
    if field.kind is FieldKind.NUMBER:
        return [current + direction * step for step in range(stride, stride + SEARCH)]
    if field.kind in (FieldKind.SWITCH, FieldKind.CHOICE):
        choices = field.choices
        index = choices.index(current)
        steps = [index + direction * step for step in range(1, len(choices))]
        if held:
            steps = [step for step in steps if 0 <= step < len(choices)]
        return [choices[step % len(choices)] for step in steps]
    return []


def _valid_with(options: Any, name: str, value: Any) -> Any | None:
    candidate = dataclasses.replace(options, **{name: value})
    if is_valid(candidate):
        return candidate
    defaults = type(options)()
    for other in dataclasses.fields(options):
        if other.name == name or getattr(candidate, other.name) == getattr(defaults, other.name):
            continue
        reset = dataclasses.replace(candidate, **{other.name: getattr(defaults, other.name)})
        if is_valid(reset):
            return reset
    return None


def start_per_seat(options: Any, field: OptionField) -> Any:
    """Per-seat values to edit: the ones set, else a 0 for each seat."""
    if getattr(options, field.name) is not None:
        return options
    return dataclasses.replace(options, **{field.name: (0,) * options.players})


def step_seat(
    options: Any, field: OptionField, seat: int, direction: int, *, stride: int = 1
) -> Any:
    """``options`` with the value of ``seat`` in the per-seat ``field`` moved a step."""
    values = list(getattr(options, field.name))
    values[seat] += direction * stride
    changed = dataclasses.replace(options, **{field.name: tuple(values)})
    return changed if is_valid(changed) else options


def finish_per_seat(options: Any, field: OptionField) -> Any:
    """All zeros where the default is none is the default again (no starting scores)."""
    values = getattr(options, field.name)
    default = getattr(type(options)(), field.name)
    if default is None and values is not None and not any(values):
        return dataclasses.replace(options, **{field.name: None})
    return options
