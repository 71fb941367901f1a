"""The deck in play filters the reads: a card the deck lacks is left out, never turned into
one of the deck's cards (a sure 5 read as a sure 6 with a 36-card deck)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.cards import FRENCH52, PIQUET32, SHORT36, Rank
from companion.vision.deck_reading import DeckReading
from companion.vision.labels import NOT_AN_INDEX, RANK_CLASSES, SUIT_CLASSES, rank_class
from tests.vision.readings import no_features, one_hot, readings

THRESHOLD = 0.9
DIAMONDS = 2  # the suit classes run S H D C
PHOTOS = Path(__file__).parents[2] / "../shared/photos"
# 7♠ 3♥ J♠ 4♦ 5♦ (MANIFEST.tsv): 3♥, 4♦ and 5♦ are not in a 36-card deck
LOW_AND_HIGH = PHOTOS / "coachina/TestCases/NonOverLapping/2.jpeg"


def _rank_row(probabilities: dict[Rank, float]) -> list[float]:
    """A rank row with these probabilities, the rest on "not an index"."""
    row = [0.0] * RANK_CLASSES
    for rank, value in probabilities.items():
        row[rank_class(rank)] = value
    row[NOT_AN_INDEX] = 1.0 - sum(probabilities.values())
    return row


def _diamond() -> list[float]:
    return one_hot(SUIT_CLASSES, DIAMONDS, 0.999)


def _cards(deck_reading: DeckReading, rank_rows: list[list[float]]) -> list[str]:
    found = deck_reading.reads(readings(rank_rows, [_diamond()] * len(rank_rows)), no_features)
    return [str(read.card) for read in found]


def test_a_sure_card_the_deck_lacks_is_left_out() -> None:
    # what little the reader gives to a 6 is nearly all it gives beside the 5
    five = _rank_row({Rank.FIVE: 0.998, Rank.SIX: 0.0019})
    assert _cards(DeckReading(FRENCH52, THRESHOLD), [five]) == ["5D"]
    assert _cards(DeckReading(SHORT36, THRESHOLD), [five]) == []
    assert _cards(DeckReading(PIQUET32, THRESHOLD), [five]) == []


def test_the_decks_own_cards_are_still_read() -> None:
    six = _rank_row({Rank.SIX: 0.97, Rank.FIVE: 0.02})
    # a card of the deck whose second guess is a rank the deck lacks: still read, surer
    assert _cards(DeckReading(SHORT36, THRESHOLD), [six]) == ["6D"]
    leaning = _rank_row({Rank.SIX: 0.6, Rank.FIVE: 0.3})
    assert _cards(DeckReading(SHORT36, 0.5), [leaning]) == ["6D"]
    assert _cards(DeckReading(PIQUET32, THRESHOLD), [six]) == []  # 6 is not in 7..A


@pytest.mark.skipif(not LOW_AND_HIGH.is_file(), reason="the shared photos are absent")
@pytest.mark.parametrize(
    ("deck", "expected"),
    [("short36", ["7S", "JS"]), ("french52", ["3H", "4D", "5D", "7S", "JS"])],
)
def test_recognize_prints_only_the_decks_cards_in_a_real_photo(
    deck: str, expected: list[str]
) -> None:
    """The photo that once gave "6D 0.998" and "JH 0.972" for its 5♦ and 3♥."""
    result = subprocess.run(
        [sys.executable, "-m", "companion", "recognize", str(LOW_AND_HIGH), "--deck", deck],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    cards = sorted(line.split()[0] for line in result.stdout.splitlines()[1:])
    assert cards == expected, result.stdout
