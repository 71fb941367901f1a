"""Entering a card by hand: the table menu's rows, the rank-then-suit picker."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.cards import Rank, Suit
from companion.games.events import ZoneCleared
from companion.games.registry import make_engine
from companion.games.session import Game
from companion.ui.canvas import HEIGHT, WIDTH
from companion.ui.menus.table_entry import (
    CardChoice,
    EnterEvent,
    EntryRow,
    OpenMenu,
    RowKind,
    TableChoices,
    ZoneChoice,
    compose_entry,
    handle_entry,
    table_choices,
)
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.texts import Language

CHOICES = TableChoices(("trump", "trick"), tuple(Rank))
OK, BACK, UP, DOWN = (ButtonPress(b) for b in (Button.OK, Button.BACK, Button.UP, Button.DOWN))


def test_the_bank_game_offers_only_the_seats_at_the_table() -> None:
    game = Game(make_engine("ochko-bank", {"players": "3"}))
    zones = table_choices(game).zones
    assert zones[:2] == ("dealer", "marker")
    assert "seat2d" in zones and "seat3" not in zones
    assert table_choices(game).ranks[0] is Rank.TWO  # two full packs
    assert table_choices(Game(make_engine("oczko", {}))).ranks[0] is Rank.SIX  # short36


def test_rows_are_a_card_on_each_zone_then_clearing_each_then_the_menu() -> None:
    assert CHOICES.rows() == (
        EntryRow(RowKind.CARD, "trump"),
        EntryRow(RowKind.CARD, "trick"),
        EntryRow(RowKind.CLEAR, "trump"),
        EntryRow(RowKind.CLEAR, "trick"),
        EntryRow(RowKind.MENU),
    )


def test_clear_a_zone_and_open_the_menu() -> None:
    assert handle_entry(ZoneChoice(3), OK, CHOICES) == (None, EnterEvent(ZoneCleared("trick")))
    assert handle_entry(ZoneChoice(4), OK, CHOICES) == (None, OpenMenu())
    assert handle_entry(ZoneChoice(2), BACK, CHOICES) == (None, None)


def test_a_card_is_picked_rank_first_then_suit_and_back_steps_back() -> None:
    mode, _ = handle_entry(ZoneChoice(1), OK, CHOICES)
    assert mode == CardChoice("trick", Rank.TWO, Suit.SPADES)
    mode, _ = handle_entry(mode, DOWN, CHOICES)  # below 2 comes the ace
    assert mode == CardChoice("trick", Rank.ACE, Suit.SPADES)
    mode, _ = handle_entry(mode, OK, CHOICES)
    assert isinstance(mode, CardChoice) and mode.picking_suit
    mode, _ = handle_entry(mode, BACK, CHOICES)
    assert mode == CardChoice("trick", Rank.ACE, Suit.SPADES)
    mode, _ = handle_entry(mode, BACK, CHOICES)
    assert mode == ZoneChoice(1)


presses = st.sampled_from(
    [
        OK,
        BACK,
        UP,
        DOWN,
        ButtonPress(Button.OK, PressKind.LONG),
        ButtonPress(Button.UP, PressKind.REPEAT),
    ]
)


@given(st.lists(presses, max_size=30))
def test_any_presses_give_events_the_script_reads_back_and_a_screen(
    pressed: list[ButtonPress],
) -> None:
    from companion.games.events import parse_event

    mode: ZoneChoice | CardChoice | None = ZoneChoice()
    for press in pressed:
        if mode is None:
            mode = ZoneChoice()
        mode, outcome = handle_entry(mode, press, CHOICES)
        if isinstance(outcome, EnterEvent):
            assert parse_event(str(outcome.event)) == outcome.event
        if mode is not None:
            image = compose_entry(mode, CHOICES, Language.RU).image
            assert image.size == (WIDTH, HEIGHT)
