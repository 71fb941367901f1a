"""The JSON of a typed view: its fields in order, cards as text, enums as their value.

A view dataclass names its fields after the JSON keys, so ``fields_json(view)`` is what
``companion simulate --json`` prints and the screen reads the same values typed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import Enum
from typing import Any

from companion.cards import Card

# Field metadata of a value the screen needs that ``--json`` does not print.
SCREEN_ONLY: Mapping[str, bool] = {"screen_only": True}


def fields_json(view: Any) -> dict[str, Any]:
    """Every field of a dataclass instance by name, each turned into JSON."""
    return {
        field.name: json_value(getattr(view, field.name))
        for field in dataclasses.fields(view)
        if not field.metadata.get("screen_only", False)
    }


def json_value(value: object) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if hasattr(value, "to_json"):
        return value.to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return fields_json(value)
    if isinstance(value, tuple | list):
        return [json_value(item) for item in value]
    if isinstance(value, Mapping):
        return {key: json_value(item) for key, item in value.items()}
    raise TypeError(f"no JSON form for {type(value).__name__}")
