"""Cards entered by hand: one already placed is refused in every game, in hand-entry
words, and nothing is written; a card the rules take (a new deal, a second pack) goes in
as ever."""

from __future__ import annotations

import pytest

from companion.app.table import Table
from companion.games.events import CameraEvent, CardSeen, Event, parse_event
from companion.games.registry import plugin
from companion.games.script import parse_script
from companion.games.spec import GameSpec
from companion.journal.records import EventRow
from companion.journal.store import Journal
from companion.ui.intents import ApplyEvent, EnterCard, StartGame, UndoLast
from companion.ui.settings import UiSettings
from companion.values.language import Language

EXAMPLES = ("oh-hell", "oczko", "ochko-21", "ochko-bank", "gwiazda")
# The camera's words for a card seen twice: never said of a card entered by hand.
MISREAD = {Language.EN: "misread", Language.PL: "błędny odczyt", Language.RU: "ошибка чтения"}


def by_hand(header: str, language: Language = Language.EN) -> Table:
    table = Table(
        Journal.in_memory(), settings=UiSettings(language), camera=None, log=lambda line: None
    )
    table.carry_out(StartGame(GameSpec.parse(header)))
    return table


def rows(table: Table) -> int:
    assert table.played is not None
    found = table.journal.rows(table.played.record.id)
    return sum(isinstance(row, EventRow) for row in found)


def play(table: Table, event: Event) -> None:
    """As the example has it: the camera's events seen, the actions from the menus."""
    if isinstance(event, CameraEvent):
        table.seen(event)
    else:
        table.carry_out(ApplyEvent(event))


def enter(table: Table, line: str) -> None:
    event = parse_event(line)
    assert isinstance(event, CardSeen)
    table.carry_out(EnterCard(event))


@pytest.mark.parametrize(
    ("header", "before", "entered", "said"),
    [
        (
            "game oh-hell players=4 dealer=0",
            ["card trump QH", "bid 1 0", "bid 2 0", "bid 3 0", "bid 0 0"],
            "card trick QH",
            "Q♥ is the trump card",
        ),
        (
            "game oh-hell players=4 dealer=0",
            ["card trump 2C", "bid 1 1", "bid 2 0", "bid 3 0", "bid 0 0", "card trick KS"],
            "card trick KS",
            "P2 played K♠ in trick 1",
        ),
        (
            "game oczko players=3",
            ["bank 10", "stake 4", "card punter 10H"],
            "card banker 10H",
            "10♥ is already on the table",
        ),
        (
            "game ochko-21 players=3",
            ["bank 10", "card banker 10S", "stake 3", "card player 9D"],
            "card banker 9D",
            "9♦ is already on the table",
        ),
    ],
)
def test_a_card_already_placed_is_refused_in_hand_entry_words(
    header: str, before: list[str], entered: str, said: str
) -> None:
    table = by_hand(header)
    for line in before:
        play(table, parse_event(line))
    written = rows(table)
    enter(table, entered)
    assert rows(table) == written  # nothing written
    assert table.ui.notice == said
    assert table.violation is None


def test_a_card_entered_the_third_time_from_two_packs_is_refused() -> None:
    table = by_hand("game ochko-bank players=2")
    for line in ("bet 1 5", "card seat1 2S", "card dealer 2S"):
        play(table, parse_event(line))
    written = rows(table)
    enter(table, "card seat1 2S")
    assert rows(table) == written and table.ui.notice == "2♠ was already dealt"


@pytest.mark.parametrize("name", EXAMPLES)
def test_no_card_entered_by_hand_is_taken_as_seen_twice_nor_called_a_misread(name: str) -> None:
    """Every card of the example, just laid, entered again by hand onto every zone, in
    each language: either refused without the camera's word, or taken by the rules with
    no card flagged as seen twice (a new deal, a second pack)."""
    text = plugin(name).example_text()
    script = parse_script(text, name)
    events: list[Event] = [line.event for line in script.lines]
    tried = 0
    for language in Language:
        table = by_hand(script.spec().header(), language)
        assert table.played is not None
        zones = table.played.game.engine.table_zones()
        for event in events:
            play(table, event)
            if not isinstance(event, CardSeen):
                continue
            for zone in zones:
                tried += 1
                _check_entry(table, CardSeen(zone, event.card), language)
    assert tried > 0


def _check_entry(table: Table, event: CardSeen, language: Language) -> None:
    assert table.played is not None
    game = table.played.game
    written = rows(table)
    flagged = len(game.state.violations)
    table.ui = type(table.ui)()
    table.carry_out(EnterCard(event))
    if rows(table) == written:
        assert MISREAD[language] not in (table.ui.notice or ""), (event, table.ui.notice)
        return
    new = game.state.violations[flagged:]
    assert all(violation.kind != "duplicate-card" for violation in new), event
    table.carry_out(UndoLast())  # back to the example's own course
