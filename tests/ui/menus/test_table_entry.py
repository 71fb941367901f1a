"""Cards entered by hand: a menu mode of the controller (a card onto a zone, clearing a
zone, or on to the menu), its card picked with the unsure question's picker."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.cards import Card, Rank, Suit
from companion.games.events import CardSeen, ZoneCleared, parse_event
from companion.games.registry import make_engine
from companion.games.session import Game
from companion.ui.canvas import HEIGHT, WIDTH
from companion.ui.controller import compose, context_for, handle, refused
from companion.ui.intents import EnterCard
from companion.ui.menus.state import (
    CardPick,
    HandEntry,
    Home,
    MainMenu,
    TableMenu,
    UiContext,
    UiState,
)
from companion.ui.menus.table_entry import EntryRow, RowKind, entry_rows, hand_entry
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.settings import UiSettings
from companion.values.language import Language
from companion.words.reasons import zone_text

ENTRY = HandEntry(("trump", "trick"), tuple(Rank))
OK, BACK, UP, DOWN = (ButtonPress(b) for b in (Button.OK, Button.BACK, Button.UP, Button.DOWN))
LONG_OK = ButtonPress(Button.OK, PressKind.LONG)
GAME = Game(make_engine("oh-hell", {"players": "4"}))


def by_hand(language: Language = Language.EN) -> UiContext:
    return context_for(GAME, UiSettings(language=language), by_hand=True)


def test_the_bank_game_offers_only_the_seats_at_the_table() -> None:
    entry = hand_entry(Game(make_engine("ochko-bank", {"players": "3"})))
    assert entry.zones[:2] == ("dealer", "marker")
    assert "seat2d" in entry.zones and "seat3" not in entry.zones
    assert entry.ranks[0] is Rank.TWO  # two full packs
    assert hand_entry(Game(make_engine("oczko", {}))).ranks[0] is Rank.SIX  # short36


def test_rows_are_a_card_on_each_zone_then_clearing_each_then_the_menu() -> None:
    assert entry_rows(ENTRY) == (
        EntryRow(RowKind.CARD, "trump"),
        EntryRow(RowKind.CARD, "trick"),
        EntryRow(RowKind.CLEAR, "trump"),
        EntryRow(RowKind.CLEAR, "trick"),
        EntryRow(RowKind.MENU),
    )


def test_a_long_ok_opens_the_table_menu_only_when_cards_are_entered_by_hand() -> None:
    state, _ = handle(UiState(), LONG_OK, by_hand())
    assert state.mode == TableMenu()
    state, _ = handle(UiState(), LONG_OK, context_for(GAME))
    assert state.mode == MainMenu()
    state, _ = handle(UiState(mode=TableMenu(2)), UP, context_for(GAME))  # the camera is back
    assert not isinstance(state.mode, TableMenu)


def test_clear_a_zone_open_the_menu_or_go_back() -> None:
    context = by_hand()
    zones = context.hand_entry
    assert zones is not None
    clear = 1 + len(zones.zones)  # the second zone's clear row
    state, intents = handle(UiState(mode=TableMenu(clear)), OK, context)
    assert intents == (EnterCard(ZoneCleared(zones.zones[1])),)
    assert state.mode == Home() and state.before_send == TableMenu(clear)
    assert refused(state, "no").mode == TableMenu(clear)  # refused: back to the row
    last = len(entry_rows(zones)) - 1
    assert handle(UiState(mode=TableMenu(last)), OK, context)[0].mode == MainMenu()
    assert handle(UiState(mode=TableMenu(1)), BACK, context)[0].mode == Home()


def test_a_card_is_picked_rank_first_then_suit_and_back_steps_back() -> None:
    context = by_hand()
    state, _ = handle(UiState(mode=TableMenu(1)), OK, context)
    assert state.mode == TableMenu(1, CardPick("trick", Rank.TWO, Suit.SPADES))
    state, _ = handle(state, DOWN, context)  # below 2 comes the ace
    assert state.mode == TableMenu(1, CardPick("trick", Rank.ACE, Suit.SPADES))
    state, _ = handle(state, OK, context)
    assert state.mode == TableMenu(1, CardPick("trick", Rank.ACE, Suit.SPADES, picking_suit=True))
    state, _ = handle(state, UP, context)
    state, intents = handle(state, OK, context)
    assert intents == (EnterCard(CardSeen("trick", Card(Rank.ACE, Suit.HEARTS))),)
    state, _ = handle(
        UiState(mode=TableMenu(1, CardPick("trick", Rank.ACE, Suit.SPADES))), BACK, context
    )
    assert state.mode == TableMenu(1)


presses = st.sampled_from([OK, BACK, UP, DOWN, LONG_OK, ButtonPress(Button.UP, PressKind.REPEAT)])


@given(st.lists(presses, max_size=30), st.sampled_from(list(Language)))
def test_any_presses_send_events_the_script_reads_back_and_draw_a_screen(
    pressed: list[ButtonPress], language: Language
) -> None:
    context = by_hand(language)
    state = UiState()
    for press in pressed:
        state, intents = handle(state, press, context)
        for intent in intents:
            if isinstance(intent, EnterCard):
                assert parse_event(str(intent.event)) == intent.event
        assert compose(state, context).image.size == (WIDTH, HEIGHT)


def test_the_zones_are_named_as_players_name_them() -> None:
    assert zone_text("seat0", Language.EN) == "P1"
    assert zone_text("seat2c", Language.RU) == "И3c"
    assert zone_text("trick", Language.PL) == "lewa"
    assert zone_text("nowhere", Language.PL) == "nowhere"  # a zone without a word yet
