from dataclasses import dataclass, field
from enum import Enum

import pytest

from companion.cards import Card
from companion.games.view_fields import SCREEN_ONLY, fields_json, json_value


class Colour(Enum):
    RED = "red"


@dataclass(frozen=True)
class Inner:
    card: Card
    colour: Colour


@dataclass(frozen=True)
class Outer:
    inners: tuple[Inner, ...]
    names: dict[str, int]
    missing: int | None
    hidden: int = field(default=0, metadata=SCREEN_ONLY)


def test_fields_become_json_in_order_and_screen_only_ones_are_left_out() -> None:
    outer = Outer((Inner(Card.parse("QS"), Colour.RED),), {"a": 1}, None, hidden=5)
    assert fields_json(outer) == {
        "inners": [{"card": "QS", "colour": "red"}],
        "names": {"a": 1},
        "missing": None,
    }
    assert list(fields_json(outer)) == ["inners", "names", "missing"]


def test_a_value_with_its_own_to_json_uses_it() -> None:
    class Special:
        def to_json(self) -> dict[str, object]:
            return {"special": True}

    assert json_value([Special()]) == [{"special": True}]


def test_a_value_without_a_json_form_is_refused() -> None:
    with pytest.raises(TypeError, match="no JSON form for object"):
        json_value(object())
