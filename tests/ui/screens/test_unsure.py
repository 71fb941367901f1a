from dataclasses import replace

from companion.cards import Card, Rank, Suit
from companion.ui.screens.unsure import PickerFocus, UnsureCard, compose_unsure, draw_unsure
from companion.values.language import Language


def test_the_reading_starts_the_pickers() -> None:
    unsure = UnsureCard.of("trick", Card.parse("QH"), 0.62)
    assert (unsure.rank, unsure.suit, unsure.focus) == (Rank.QUEEN, Suit.HEARTS, PickerFocus.ACCEPT)
    assert unsure.picked() == Card.parse("QH")


def test_the_screen_shows_the_reading_how_sure_and_what_ok_does() -> None:
    unsure = UnsureCard.of("trick", Card.parse("QH"), 0.62)
    marks = [mark.drawn for mark in compose_unsure(unsure, Language.PL).marks]
    assert "62%" in marks and "D♥?" in marks and "OK: tak  ▲▼: popraw" in marks


def test_the_suit_picker_says_which_card_ok_will_name() -> None:
    unsure = replace(
        UnsureCard.of("trick", Card.parse("QH"), 0.62),
        rank=Rank.KING,
        suit=Suit.DIAMONDS,
        focus=PickerFocus.SUIT,
    )
    marks = [mark.drawn for mark in compose_unsure(unsure, Language.EN).marks]
    assert "▲▼ suit, OK: K♦" in marks
    focused = draw_unsure(unsure, Language.EN)
    plain = draw_unsure(replace(unsure, focus=PickerFocus.ACCEPT), Language.EN)
    assert focused.tobytes() != plain.tobytes()
