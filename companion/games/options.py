"""Typed game options read from ``key=value`` words.

A game declares its options as a frozen dataclass whose fields have defaults; the field
types (``int``, ``bool``, ``str``, an ``Enum``, a ``tuple[int, ...]``) say how to read
the text. Bounds and cross-checks live in the dataclass's ``validate`` method.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any, TypeVar

from companion.games.errors import OptionError

OptionsT = TypeVar("OptionsT")

# The setup of the table comes first (in the new-game form and in words), the rule
# variants after it.
FIRST_OPTIONS = ("players", "dealer", "banker")
_TRUE = {"on", "true", "yes", "1"}
_FALSE = {"off", "false", "no", "0"}


def split_option_words(words: Iterable[str]) -> dict[str, str]:
    """Turn ``["players=4", "hook=on"]`` into a dict, refusing repeats and bare words."""
    values: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise OptionError(f'"{word}" is not an option: write name=value, like players=4')
        if key in values:
            raise OptionError(f'option "{key}" is given twice')
        values[key] = value
    return values


def option_order(cls: type[Any]) -> tuple[str, ...]:
    """The names of the options dataclass ``cls``'s fields, the table's setup first."""
    names = [field.name for field in dataclasses.fields(cls)]
    first = {name: index for index, name in enumerate(FIRST_OPTIONS)}
    return tuple(sorted(names, key=lambda name: first.get(name, len(first))))


def parse_options(cls: type[OptionsT], values: Mapping[str, str], game: str) -> OptionsT:
    """Build the options dataclass ``cls`` from text values, with its defaults for the rest."""
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    hints = typing.get_type_hints(cls)
    unknown = sorted(set(values) - set(fields))
    if unknown:
        known = ", ".join(fields)
        raise OptionError(f'unknown option "{unknown[0]}" for {game} (its options: {known})')
    kwargs: dict[str, Any] = {}
    for name, text in values.items():
        try:
            kwargs[name] = _convert(hints[name], text)
        except ValueError as error:
            raise OptionError(f'option "{name}": {error}') from None
    try:
        options = cls(**kwargs)
    except TypeError as error:
        raise OptionError(f"{game}: {error}") from None
    validate = getattr(options, "validate", None)
    if validate is not None:
        validate()
    return options


def option_words(options: object, *, every_option: bool = False) -> dict[str, str]:
    """The options as their text values by name: those that differ from their defaults,
    or every one."""
    words: dict[str, str] = {}
    for f in dataclasses.fields(options):  # type: ignore[arg-type]
        value = getattr(options, f.name)
        if not every_option and f.default is not dataclasses.MISSING and value == f.default:
            continue
        words[f.name] = _format(value)
    return words


def options_json(options: object) -> dict[str, object]:
    return dict(option_words(options, every_option=True))


def option_error(name: str, message: str) -> OptionError:
    return OptionError(f'option "{name}": {message}')


def _format(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return ",".join(_format(v) for v in value)
    if value is None:
        return "none"
    return str(value)


def _convert(hint: Any, text: str) -> object:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        members = [a for a in typing.get_args(hint) if a is not type(None)]
        if text.lower() == "none" and len(members) < len(typing.get_args(hint)):
            return None
        return _convert(members[0], text)
    if hint is bool:
        lowered = text.lower()
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        raise ValueError(f'"{text}" is not on or off')
    if hint is int:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f'"{text}" is not a whole number') from None
    if hint is str:
        return text
    if isinstance(hint, type) and issubclass(hint, Enum):
        own_parser = getattr(hint, "parse", None)
        if own_parser is not None:
            return own_parser(text)  # e.g. Suit.parse also reads ♠ ♥ ♦ ♣
        for member in hint:
            if str(member.value) == text:
                return member
        choices = ", ".join(str(m.value) for m in hint)
        raise ValueError(f'"{text}" is not one of {choices}')
    if origin is tuple:
        (item, *_rest) = typing.get_args(hint)
        return tuple(_convert(item, part) for part in text.split(","))
    raise TypeError(f"options of type {hint!r} are not supported")  # a programming error
