"""The held-out measure's breakdown of readable cards by index height and cover."""

from __future__ import annotations

import numpy as np

from companion.cards import DOUBLE104, FRENCH52, Card, IndexScript
from training.held_out import readable_cards, table_deck
from training.reader_synth_eval import ConditionTally
from training.types import PlacedCard, PlacedIndex, Scene


def _index(top: float, height: float, visible: float, pip: float | None = None) -> PlacedIndex:
    """An index box ``visible``, its glyph as much, its pip ``pip`` (default: as much)."""
    quad = np.array([[0, top], [10, top], [10, top + height], [0, top + height]], np.float32)
    return PlacedIndex(quad, visible, visible, visible if pip is None else pip)


def _card(text: str, *indices: PlacedIndex) -> PlacedCard:
    outline = np.zeros((4, 2), np.float32)
    return PlacedCard(Card.parse(text), "test", IndexScript.POLISH, outline, 1.0, indices)


def _scene(*cards: PlacedCard, frame_height: int = 720, blur_pixels: float = 0.0) -> Scene:
    return Scene(np.zeros((frame_height, 100, 3), np.uint8), cards, blur_pixels)


def test_cards_are_counted_by_their_best_index_and_read_once() -> None:
    scene = _scene(
        _card("QH", _index(0, 30, 1.0), _index(100, 30, 0.2)),  # 24..40 px, uncovered
        _card("KS", _index(0, 12, 0.8)),  # under 16 px, partly covered
        _card("KS", _index(0, 50, 0.99)),  # the same card again, 40 px and up
        _card("2D", _index(0, 30, 0.5)),  # not readable: never counted
    )
    tally = ConditionTally()
    tally.add(scene, [Card.parse("QH"), Card.parse("KS"), Card.parse("2D")])
    recalls = tally.recalls()
    assert recalls["< 40 px"] == {"cards": 1, "recall": 1.0}
    assert recalls["uncovered"] == {"cards": 2, "recall": 0.5}  # QH read, the second KS not
    # the one KS found is given to the first KS of the scene, the small covered one
    assert recalls["< 16 px"] == {"cards": 1, "recall": 1.0}
    assert recalls["partly covered, glyph and pip shown"] == {"cards": 1, "recall": 1.0}
    assert recalls[">= 40 px"] == {"cards": 1, "recall": 0.0}
    assert recalls["sharp"] == {"cards": 3, "recall": round(2 / 3, 4)}
    assert recalls["uncovered and sharp"] == {"cards": 2, "recall": 0.5}
    assert sum(figures["cards"] for figures in recalls.values()) == 3 * 3 + 2


def test_heights_are_measured_at_a_720_pixel_frame() -> None:
    tally = ConditionTally()
    tally.add(_scene(_card("AH", _index(0, 30, 1.0)), frame_height=1440), [])
    assert tally.recalls()["< 16 px"] == {"cards": 1, "recall": 0.0}


def test_a_card_whose_indices_hide_their_glyph_or_pip_is_not_counted() -> None:
    tally = ConditionTally()
    scene = _scene(
        _card("7C", _index(0, 30, 0.8, pip=0.3)),  # the club under the next card
        _card("8C", _index(0, 30, 0.8)),
        _card("9C", _index(0, 30, 0.95, pip=0.5), _index(100, 30, 0.75)),  # the other shows
        _card("10C", _index(0, 30, 0.5)),  # mostly hidden
    )
    tally.add(scene, [Card.parse("7C"), Card.parse("8C")])
    recalls = tally.recalls()
    assert recalls["partly covered, glyph and pip shown"] == {"cards": 2, "recall": 0.5}
    assert "uncovered" not in recalls  # the 9C is counted by the index that shows
    assert (tally.partial, tally.partial_read) == (2, 1)


def test_a_card_read_goes_to_a_readable_copy_before_a_partial_one() -> None:
    tally = ConditionTally()
    hidden, shown = _card("7C", _index(0, 30, 0.9, pip=0.1)), _card("7C", _index(0, 30, 1.0))
    tally.add(_scene(hidden, shown), [Card.parse("7C")])
    assert tally.recalls()["uncovered"] == {"cards": 1, "recall": 1.0}
    assert (tally.partial, tally.partial_read) == (1, 0)


def test_readable_cards_are_those_with_an_identifiable_index() -> None:
    scene = _scene(
        _card("2S", _index(0, 30, 1.0)),
        _card("3S", _index(0, 30, 0.9, pip=0.59)),
        _card("4S", _index(0, 30, 0.69)),
        _card("5S", _index(0, 30, 0.7, pip=0.6)),
    )
    readable, partial = readable_cards(scene)
    assert readable == [Card.parse("2S"), Card.parse("5S")]
    assert partial == [Card.parse("3S"), Card.parse("4S")]


def test_blur_is_banded_by_its_width_against_the_index_height() -> None:
    tally = ConditionTally()
    scene = _scene(
        _card("2S", _index(0, 40, 1.0)),  # 3 px of blur is under a tenth of 40 px
        _card("3S", _index(0, 20, 1.0)),  # and between a tenth and a fifth of 20 px
        _card("4S", _index(0, 12, 1.0)),  # and a quarter of 12 px
        blur_pixels=3.0,
    )
    tally.add(scene, [Card.parse("3S")])
    recalls = tally.recalls()
    assert recalls["blurred < 0.1 index"] == {"cards": 1, "recall": 0.0}
    assert recalls["blurred < 0.2 index"] == {"cards": 1, "recall": 1.0}
    assert recalls["blurred >= 0.2 index"] == {"cards": 1, "recall": 0.0}
    assert recalls["uncovered and blurred < 0.2 index"] == {"cards": 1, "recall": 1.0}
    assert "sharp" not in recalls


def test_a_scene_of_two_packs_is_read_as_a_double_deck() -> None:
    one_pack = _scene(_card("2S", _index(0, 30, 1.0)))
    assert table_deck(one_pack) is FRENCH52
    two_packs = Scene(one_pack.image, one_pack.cards, decks=2)
    assert table_deck(two_packs) is DOUBLE104
