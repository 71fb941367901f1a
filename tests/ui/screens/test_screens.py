"""The screens' entry points: pages, purity, and what each game's pages show."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games.gwiazda.view import GwiazdaView
from companion.games.oh_hell.view import OhHellView
from companion.games.session import Game
from companion.tools.gallery import ScriptPoint
from companion.ui.screens import compose_game, draw_game, page_count
from companion.ui.screens.layout import BODY, BODY_BOLD, LINE_PITCH
from companion.ui.transcript import lines as transcript_lines
from companion.ui.views import game_view
from companion.values.language import Language


def _game(script: str, events: int | None = None) -> Game:
    return ScriptPoint(script, events).game()


def _texts(
    game: Game, language: Language = Language.EN, page: int = 0, chosen: int | None = None
) -> list[str]:
    sheet = compose_game(game_view(game), language, page=page, chosen=chosen)
    return [mark.drawn for mark in sheet.marks]


def test_the_same_view_gives_the_same_pixels() -> None:
    view = game_view(_game("example:oh-hell", 17))
    first = draw_game(view, Language.PL)
    assert first.tobytes() == draw_game(view, Language.PL).tobytes()
    assert first.tobytes() != draw_game(view, Language.RU).tobytes()


def test_a_page_outside_the_screen_is_refused() -> None:
    view = game_view(_game("example:oczko"))
    with pytest.raises(ValueError, match="page 2 of a screen with 2 pages"):
        compose_game(view, Language.EN, page=2)


def test_the_oh_hell_score_sheet_adds_a_page_every_three_hands() -> None:
    start = game_view(_game("example:oh-hell", 0))
    after_one = game_view(_game("example:oh-hell", 10))
    whole = game_view(_game("example:oh-hell"))
    assert isinstance(whole, OhHellView)
    assert page_count(start) == 2
    assert page_count(after_one) == 3
    assert len(whole.score_sheet) == 4
    assert page_count(whole) == 2 + 2


def test_every_score_sheet_page_ends_with_the_totals_so_far() -> None:
    game = _game("example:oh-hell")
    view = game_view(game)
    assert isinstance(view, OhHellView)
    first = _texts(game, page=2)
    last = _texts(game, page=3)
    after_three = view.score_sheet[2].scores
    assert first[-5:] == ["Σ", *(str(score) for score in after_three)]
    assert last[-5:] == ["Σ", *(str(seat.score) for seat in view.seats)]
    assert last[-4:] == ["43", "11", "22", "32"]


def test_the_last_trick_of_a_hand_shows_before_the_hands_summary() -> None:
    # The fourth card of hand 1's only trick: the trick complete, who took it, and each
    # seat's tricks against its bid; the summary comes once the trick is gathered.
    last_card = _texts(_game("example:oh-hell", 9))
    assert last_card[:2] == ["Trump 8♦", "Trick 1/1"]
    assert [t for t in last_card[2:] if t[-1] in "♠♥♦♣"] == ["K♠", "4♦", "Q♠", "9♣"]
    assert "P3 takes the trick" in last_card
    assert "P3 1/1" in last_card
    gathered = _texts(_game("example:oh-hell", 10))
    assert "Hand 1 over" in gathered and "K♠" not in gathered


def test_the_last_trick_of_the_game_shows_before_game_over() -> None:
    texts = _texts(_game("scenario:oh-hell/last-hand-no-trump"))
    assert "P2 takes the trick" in texts and "Game over" not in texts
    assert "Game over" in _texts(_game("ui:oh-hell-game-over"))


def test_bidding_shows_whose_bid_and_strikes_the_hooks_value_out() -> None:
    game = _game("scenario:oh-hell/hook-offers")
    view = game_view(game)
    assert isinstance(view, OhHellView) and view.forbidden_bid == 1
    sheet = compose_game(view, Language.EN, chosen=2)
    assert "P1:" in [mark.drawn for mark in sheet.marks]
    struck = next(mark for mark in sheet.marks if mark.drawn == "1" and mark.box.top > 30)
    middle = (struck.box.top + struck.box.bottom) // 2
    row = [sheet.image.getpixel((x, middle)) for x in range(struck.box.left, struck.box.right)]
    assert all(row), "the forbidden value has a line through it"


def test_the_trick_shows_cards_in_order_with_the_leader_and_who_wins_so_far() -> None:
    texts = _texts(_game("example:oh-hell", 17))
    assert texts[texts.index("A♥") + 2] == "7♠"
    assert "P3 led · P3 wins" in texts


def test_the_trick_names_who_took_it() -> None:
    assert "P3 takes the trick" in _texts(_game("example:oh-hell", 19))


def test_the_hand_over_summary_shows_each_seats_points() -> None:
    texts = _texts(_game("example:oh-hell", 10), Language.PL)
    assert "Koniec rozdania 1" in texts
    assert "G3 1/1 +11" in texts


def test_oczko_shows_the_banker_must_draw_and_may_not_draw() -> None:
    assert "Banker must draw" in _texts(_game("example:oczko", 17))
    assert "Banker may not draw" in _texts(_game("example:oczko", 18))
    assert "Банкиру брать нельзя" in _texts(_game("example:oczko", 18), Language.RU)


def test_oczko_stake_shows_its_limits_and_the_amount_chosen() -> None:
    texts = _texts(_game("example:oczko", 9), chosen=3)
    assert "1–6" in texts and "3" in texts and "P3 stakes" in texts


def test_ochko21_shows_the_stuk_round_and_the_stuk_mark() -> None:
    assert "Стук при 30" in _texts(_game("example:ochko-21", 3), Language.RU)
    assert "Стук! ещё 2" in _texts(_game("example:ochko-21", 42), Language.RU)


def test_ochko_bank_shows_each_split_hand_on_a_line_of_its_own() -> None:
    sheet = compose_game(game_view(_game("example:ochko-bank", 36)), Language.EN)
    split = [mark for mark in sheet.marks if mark.drawn in ("P3a", "P3b")]
    assert [mark.drawn for mark in split] == ["P3a", "P3b"]
    assert split[1].box.top - split[0].box.top == LINE_PITCH  # one above the other


def test_ochko_bank_says_which_number_is_the_bet() -> None:
    """Issue 48: "P2 2 10♠ 7♠" left the table guessing which number was the stake. A
    seat's line is its cards and total; a bet stands alone only with its word."""
    lines = transcript_lines(
        compose_game(game_view(_game("example:ochko-bank", 24)), Language.EN).marks
    )
    assert lines[3:] == ["P2  10♣  10", "P3  bet 3", "P4  bet 1"]


def test_ochko_bank_shows_every_hand_at_the_dealers_turn_in_the_same_face() -> None:
    """Issue 48: after a split the fourth hand was off the screen while the dealer drew."""
    sheet = compose_game(game_view(_game("example:ochko-bank", 41)), Language.EN)
    assert transcript_lines(sheet.marks)[3:] == ["P2 17  P3a 19  P3b 18", "P4 17"]
    assert {mark.pen for mark in sheet.marks[1:]} <= {BODY, BODY_BOLD}


def test_ochko_bank_shows_a_soft_total_with_both_ace_values() -> None:
    texts = _texts(_game("example:ochko-bank", 57))
    assert "1/11" in texts  # the dealer's ace alone
    assert "11/21" in texts  # a seat's ace and queen


def test_gwiazda_payouts_and_a_full_table_over_two_pages() -> None:
    payouts = _texts(_game("example:gwiazda", 45))
    assert "P3 +16" in payouts
    twelve = game_view(_game("ui:gwiazda-twelve"))
    assert isinstance(twelve, GwiazdaView)
    assert page_count(twelve) == 3
    more = _texts(_game("ui:gwiazda-twelve"), page=1)
    assert "P12 8♠ 100" in more


def test_without_a_chosen_bid_the_values_shown_include_the_forbidden_one() -> None:
    view = game_view(_game("scenario:oh-hell/hook-offers"))
    assert isinstance(view, OhHellView)
    big_hand = dataclasses.replace(view, hand_size=13, forbidden_bid=9)
    values = [mark.drawn for mark in compose_game(big_hand, Language.EN).marks]
    assert "9" in values and "0" not in values
