"""Deck prototypes: naming photos, saving and loading, relabelling by similarity."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.cards import Card
from companion.vision.enrolment import (
    MIN_SIMILARITY,
    DeckPrototypes,
    EnrolmentError,
    Relabelled,
    build_prototypes,
    card_from_file_name,
)


@pytest.mark.parametrize(
    ("name", "card"), [("QH.jpg", "QH"), ("10S_01.png", "10S"), ("TD-front.jpeg", "10D")]
)
def test_card_from_file_name(name: str, card: str) -> None:
    assert card_from_file_name(Path(name)) == Card.parse(card)


def test_file_name_without_a_card_is_a_clear_error() -> None:
    with pytest.raises(EnrolmentError, match="must start with the card"):
        card_from_file_name(Path("holiday.jpg"))


def test_prototypes_round_trip_and_relabel(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    queen, king = rng.normal(size=(2, 16)).astype(np.float32)
    prototypes = build_prototypes(
        [(Card.parse("QH"), queen[None] + 0.01), (Card.parse("KS"), king[None])]
    )
    path = tmp_path / "deck.npz"
    prototypes.save(path)
    loaded = DeckPrototypes.load(path)
    assert loaded.cards == (Card.parse("QH"), Card.parse("KS"))
    unit_queen = queen / np.linalg.norm(queen)
    named = loaded.relabel(Card.parse("2C"), 0.7, unit_queen)
    assert named.card == Card.parse("QH") and named.score >= MIN_SIMILARITY
    assert named.by_prototype  # accepted even though the similarity is below 0.98
    unrelated = rng.normal(size=16).astype(np.float32)
    unrelated /= np.linalg.norm(unrelated)
    assert loaded.relabel(Card.parse("KS"), 0.7, unrelated) == Relabelled(
        Card.parse("KS"), 0.7, by_prototype=False
    )
    # a card that was not enrolled is not in the deck: the model's read of it is dropped
    assert loaded.relabel(Card.parse("2C"), 0.99, unrelated).card is None


def test_corrupt_deck_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "deck.npz"
    path.write_bytes(b"not a deck")
    with pytest.raises(EnrolmentError, match="companion teach"):
        DeckPrototypes.load(path)


def test_enrolling_nothing_is_an_error() -> None:
    with pytest.raises(EnrolmentError, match="no card was enrolled"):
        build_prototypes([])
