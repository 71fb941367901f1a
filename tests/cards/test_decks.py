from __future__ import annotations

import pytest

from companion.cards import (
    DECK_PROFILES,
    DOUBLE104,
    FRENCH52,
    PIQUET32,
    SHORT36,
    Card,
    CardError,
    IndexScript,
    Rank,
    deck_profile,
    index_label,
)


def test_profile_sizes() -> None:
    assert FRENCH52.size == 52
    assert PIQUET32.size == 32
    assert SHORT36.size == 36
    assert DOUBLE104.size == 104
    assert len(set(DOUBLE104.distinct_cards)) == 52


def test_profiles_hold_their_ranks_only() -> None:
    assert SHORT36.holds(Card.parse("6H"))
    assert not SHORT36.holds(Card.parse("5H"))
    assert PIQUET32.holds(Card.parse("7C"))
    assert not PIQUET32.holds(Card.parse("6C"))
    assert FRENCH52.holds(Card.parse("2S"))


def test_check_names_the_deck_and_the_card() -> None:
    with pytest.raises(CardError, match=r"2H is not in the short36 deck"):
        SHORT36.check(Card.parse("2H"))


def test_lookup_by_name() -> None:
    assert set(DECK_PROFILES) == {"french52", "piquet32", "short36", "double104"}
    assert deck_profile("short36") is SHORT36
    with pytest.raises(CardError, match="not a deck profile"):
        deck_profile("tarot78")


@pytest.mark.parametrize(
    ("script", "letters"),
    [
        (IndexScript.ENGLISH, "J Q K A"),
        (IndexScript.POLISH, "W D K A"),
        (IndexScript.RUSSIAN, "В Д К Т"),
    ],
)
def test_index_letters_per_script_read_back_as_the_same_ranks(
    script: IndexScript, letters: str
) -> None:
    pictures = [Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE]
    assert " ".join(index_label(rank, script) for rank in pictures) == letters
    for rank in pictures:
        assert Rank.parse(index_label(rank, script)) is rank
    assert index_label(Rank.TEN, script) == "10"
