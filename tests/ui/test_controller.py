from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from PIL import ImageChops

from companion.cards import Card, Rank, Suit
from companion.games.events import Action
from companion.games.spec import GameSpec
from companion.ui.controller import compose, handle, refused, render
from companion.ui.intents import AnswerUnsure, ApplyEvent, ChangeSetting, StartGame
from companion.ui.menus.home import due_amount
from companion.ui.menus.main_menu import ENTRIES, Entry
from companion.ui.menus.state import Home, MainMenu, OfferKey, Picked, UnsureReading
from companion.values.language import Language
from tests.ui.table_driver import (
    BACK,
    DOWN,
    DOWN_HELD,
    LONG_BACK,
    LONG_OK,
    OK,
    UP,
    UP_HELD,
    Table,
)

OH_HELL_HAND_5 = "game oh-hell players=4 dealer=0 hand=5 {hook}\ncard trump 9H\n"


def enter_bid(table: Table, bid: int) -> None:
    """Press UP/DOWN until the picker shows ``bid``, then OK (as a player would)."""
    for _ in range(20):
        assert isinstance(table.state.mode, Home)
        picked = due_amount(table.state, table.context())
        assert picked is not None
        if picked.value == bid:
            table.press(OK)
            return
        table.press(UP if bid > picked.value else DOWN)
    raise AssertionError(f"the picker never reached {bid}")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-2, 2), min_size=4, max_size=4), st.booleans())
def test_four_bids_within_two_of_the_last_take_at_most_twelve_presses(
    changes: list[int], hook: bool
) -> None:
    bids = []
    last = 0  # a fresh game starts the picker at 0
    for change in changes:
        last += change
        bids.append(last)
    assume(all(0 <= bid <= 5 for bid in bids))
    assume(not hook or sum(bids) != 5)  # the hook forbids the dealer's bid making 5
    table = Table.playing(OH_HELL_HAND_5.format(hook="hook=on" if hook else ""))
    for bid in bids:
        enter_bid(table, bid)
    assert table.events()[-4:] == [
        f"bid {seat} {bid}" for seat, bid in zip((1, 2, 3, 0), bids, strict=True)
    ]
    assert table.presses <= 12


def test_the_next_bid_starts_at_the_last_bid() -> None:
    table = Table.playing(OH_HELL_HAND_5.format(hook=""))
    table.press(UP, UP, UP, OK)
    assert table.events()[-1] == "bid 1 3"
    table.press(OK)
    assert table.events()[-1] == "bid 2 3"


def test_the_hooks_forbidden_bid_is_stepped_over() -> None:
    table = Table.playing(OH_HELL_HAND_5.format(hook="hook=on"))
    table.press(UP, OK, UP, OK, OK)  # bids 1, 2, 2: the dealer may not bid 0
    assert table.events()[-3:] == ["bid 1 1", "bid 2 2", "bid 3 2"]
    table.press(DOWN_HELD, DOWN_HELD)  # held: 2 -> 1, then it stops (0 is forbidden)
    assert due_amount(table.state, table.context()) == Picked(OfferKey("bid", ("0",)), 1)
    table.press(DOWN, DOWN, OK)  # a press at the end goes round: 5, then 4
    assert table.events()[-1] == "bid 0 4"


def test_a_press_at_an_end_goes_round_and_a_held_button_stops_there() -> None:
    table = Table.playing(OH_HELL_HAND_5.format(hook=""))
    table.press(DOWN)  # 0 -> 5 (the hand's size)
    assert due_amount(table.state, table.context()) == Picked(OfferKey("bid", ("1",)), 5)
    table.press(UP_HELD, UP_HELD, DOWN_HELD)  # held: stays at 5, then 4
    table.press(OK)
    assert table.events()[-1] == "bid 1 4"


def test_a_held_button_repeats() -> None:
    table = Table.playing(OH_HELL_HAND_5.format(hook=""))
    table.press(UP_HELD, UP_HELD, UP_HELD, DOWN_HELD, OK)
    assert table.events()[-1] == "bid 1 2"


def test_a_refused_event_says_why_and_goes_back_with_nothing_changed() -> None:
    table = Table.playing(OH_HELL_HAND_5.format(hook=""))
    table.press(UP, UP)
    before = list(table.events())
    sent, intents = handle(table.state, OK, table.context())
    assert intents == (ApplyEvent(Action("bid", ("1", "2"))),)
    back = refused(sent, "the journal is full:\n nothing was written")
    assert back.notice == "the journal is full: nothing was written"
    assert back.mode == table.state.mode  # the picker, still at 2
    assert table.events() == before
    table.state = back
    picture = render(back, table.context())
    assert picture.getbbox() is not None
    table.press(OK)  # the press only puts the notice away: the picker shows again
    assert table.events() == before and table.state.notice is None
    table.press(OK)  # trying again works
    assert table.events()[-1] == "bid 1 2"


def test_undo_asks_first_and_the_press_that_asked_cannot_answer() -> None:
    table = Table.playing(OH_HELL_HAND_5.format(hook=""))
    table.press(OK)
    assert table.events()[-1] == "bid 1 0"
    table.press(LONG_BACK, BACK)  # asked, and said no
    table.press(LONG_BACK, OK)  # asked: the cursor starts on no
    table.press(LONG_OK, OK, OK)  # the menu, its first row, OK: no undo either
    assert table.events()[-1] == "bid 1 0"
    table.press(LONG_BACK, DOWN, OK)  # asked, yes, OK
    assert table.events()[-1] == "card trump 9H"


def test_the_menu_keeps_its_rows_and_its_cursor() -> None:
    table = Table.playing(OH_HELL_HAND_5.format(hook=""))
    table.press(LONG_OK)
    assert table.state.mode == MainMenu(ENTRIES.index(Entry.ACTIONS))
    steps = ENTRIES.index(Entry.NEW_GAME) - ENTRIES.index(Entry.ACTIONS)
    table.press(*[DOWN] * steps, BACK)  # down to a new game, and back home
    table.press(LONG_OK)  # the cursor where it was left
    assert table.state.mode == MainMenu(ENTRIES.index(Entry.NEW_GAME))


def test_an_amount_survives_the_menu_and_the_pages() -> None:
    table = Table.playing("game oczko players=3\n")
    table.press(*[UP_HELD] * 9)  # the bank up to 10
    table.press(LONG_OK, BACK, BACK, BACK)  # the menu, and back; the pages, and back
    table.press(OK)
    assert table.events()[-1] == "bank 10"
    table.press(OK)  # the stake starts at the last amount entered: 10
    assert table.events()[-1] == "stake 10"


def test_the_menu_offers_the_games_other_actions() -> None:
    table = Table.playing(
        "game ochko-21\nbank 10\ncard banker 10S\nstake 3\ncard player 9D\ncard player 7H\n"
    )
    table.press(OK)  # nothing due: OK opens the menu, on the game's actions
    assert isinstance(table.state.mode, MainMenu)
    table.press(OK, OK)  # the actions, the first: stand
    assert table.events()[-1] == "stand"


def test_shutdown_asks_first() -> None:
    table = Table()
    table.press(OK)  # no game: OK opens the menu, on a new game
    table.press(DOWN_HELD, DOWN_HELD, DOWN_HELD, DOWN_HELD, DOWN_HELD, OK)  # held: to the last
    assert not table.shut_down
    table.press(OK)  # the cursor starts on no
    assert not table.shut_down
    table.press(OK, OK, DOWN, OK)  # the menu (on shut down, where it was left), yes, OK
    assert table.shut_down


def test_settings_change_the_language_at_once() -> None:
    table = Table()
    table.press(OK, DOWN, DOWN, OK)  # menu, settings (two rows below a new game)
    table.press(OK, UP, UP)  # change the language: English -> Polski -> Русский
    assert table.intents == []  # nothing is kept until OK
    table.press(DOWN, OK)  # back to Polski, and keep it
    assert table.intents[-1] == ChangeSetting(table.settings)
    assert table.settings.language is Language.PL


def test_a_new_game_from_the_menu_with_its_options() -> None:
    table = Table()
    table.press(OK, OK)  # menu, new game
    table.press(OK)  # Oh Hell
    table.press(OK, UP, OK)  # players 4 -> 5
    for _ in range(6):  # down to "hook": players, dealer, hand, scores, schedule, no trump
        table.press(DOWN)
    table.press(OK, UP, OK)  # a switch is changed like a number: OK, UP, OK
    table.press(*[UP_HELD] * 7)  # held: up to the first row, players, and it stops there
    table.press(OK, DOWN, BACK)  # players opened, 4, and put back with BACK: still 5
    table.press(UP, OK)  # from the first row up to "start"
    assert table.intents[-1] == StartGame(GameSpec.parse("game oh-hell players=5 hook=on"))
    assert table.game is not None and table.game.spec.header() == "game oh-hell players=5 hook=on"


def test_the_unsure_card_is_accepted_or_picked() -> None:
    table = Table.playing(OH_HELL_HAND_5.format(hook=""))
    queen = Card(Rank.QUEEN, Suit.SPADES)
    table.unsure = UnsureReading("trick", queen, 0.6)
    table.press(BACK)  # BACK alone does not answer
    assert table.intents == []
    table.press(OK)
    assert table.intents[-1] == AnswerUnsure("trick", queen)
    table.unsure = UnsureReading("trick", queen, 0.6)
    table.press(UP, UP, UP, OK, DOWN, OK)  # pick from Q: K, A; then spades -> clubs
    assert table.intents[-1] == AnswerUnsure("trick", Card(Rank.ACE, Suit.CLUBS))
    table.unsure = UnsureReading("trick", queen, 0.6)
    table.press(LONG_BACK)  # there is no card there
    assert table.intents[-1] == AnswerUnsure("trick", None)
    assert table.events()[-1] == "card trump 9H"  # the controller applied nothing itself


def test_pages_of_the_game_can_be_looked_at_while_a_bid_is_due() -> None:
    table = Table.playing(OH_HELL_HAND_5.format(hook=""))
    table.press(UP, BACK)
    assert isinstance(table.state.mode, Home) and table.state.mode.browsing
    table.press(UP)  # turns a page, does not change the bid
    table.press(OK, OK)  # on a page OK is the menu, and in it OK records nothing
    assert table.events()[-1] == "card trump 9H"
    table.press(BACK, BACK)  # the game's actions -> the menu -> home's front: the bid
    table.press(OK)  # the bid, still 1
    assert table.events()[-1] == "bid 1 1"


def test_the_worst_case_of_four_bids_each_two_from_the_last_is_twelve_presses() -> None:
    table = Table.playing(OH_HELL_HAND_5.format(hook=""))
    for bid in (2, 4, 2, 0):
        enter_bid(table, bid)
    assert table.events()[-4:] == ["bid 1 2", "bid 2 4", "bid 3 2", "bid 0 0"]
    assert table.presses == 12


def test_after_one_seats_bet_the_next_seats_bet_comes_up() -> None:
    table = Table.playing("game ochko-bank players=4\n")
    table.press(UP, UP, OK)  # seat 1 bets 2
    table.press(UP, OK)  # seat 2: starts at 2, bets 3
    table.press(OK)  # seat 3: starts at 3
    assert table.events() == ["bet 1 2", "bet 2 3", "bet 3 3"]


def test_starting_scores_are_set_seat_by_seat() -> None:
    table = Table()
    table.press(OK, OK, OK)  # menu, new game, Oh Hell
    table.press(DOWN, DOWN, DOWN, OK)  # players, dealer, hand, scores: edit seat 1's
    table.press(UP, UP, OK, OK, UP, OK, OK)  # 2, 0, 1, 0
    table.press(DOWN, DOWN, DOWN, DOWN, DOWN, DOWN, DOWN, DOWN, OK)  # down to "start"
    assert table.intents[-1] == StartGame(GameSpec.parse("game oh-hell scores=2,0,1,0"))


def test_scores_of_zeros_are_no_scores_and_more_players_drop_them() -> None:
    table = Table()
    table.press(OK, OK, OK, DOWN, DOWN, DOWN, OK)
    table.press(OK, OK, OK, OK)  # four zeros: none
    table.press(OK, UP, OK, OK, OK, OK)  # seat 1 scores 1
    table.press(UP, UP, UP, OK, UP, OK)  # players 4 -> 5: the four scores no longer fit
    table.press(UP, OK)  # from players up to "start"
    assert table.intents[-1] == StartGame(GameSpec.parse("game oh-hell players=5"))


def test_back_on_a_hand_just_over_shows_the_score_sheet() -> None:
    table = Table.playing(
        "game oh-hell players=3 dealer=0\ncard trump 8D\nbid 1 0\nbid 2 0\nbid 0 0\n"
        "card trick KS\ncard trick QS\ncard trick 2S\nclear trick\n"
    )
    before = table.screen()
    table.press(BACK)  # the front ("Hand 2/..., hand 1 over") to the last page
    assert isinstance(table.state.mode, Home) and table.state.mode.browsing
    assert ImageChops.difference(before, table.screen()).getbbox() is not None
    table.press(BACK)
    assert ImageChops.difference(before, table.screen()).getbbox() is None


def test_the_hooks_forbidden_bid_is_said_in_a_line() -> None:
    table = Table.playing("game oh-hell players=3 dealer=0 hook=on\ncard trump 8D\n")
    table.press(OK, OK)  # two bids of 0: the dealer may not bid 1
    words = [mark.drawn for mark in compose(table.state, table.context()).marks]
    assert "Hook: 1 would make Σ 1" in words
