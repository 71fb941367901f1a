"""Random presses (mashing, two buttons at once, presses landing while the table moves
on) never raise, and never ask for anything the table does not offer at that moment."""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cards import Card, Rank, Suit
from companion.games.errors import RefusedEvent
from companion.games.registry import plugin
from companion.games.script import parse_script
from companion.ui.controller import UiContext, compose
from companion.ui.intents import (
    AnswerUnsure,
    ApplyEvent,
    ChangeSetting,
    Intent,
    Shutdown,
    StartGame,
    UndoLast,
)
from companion.ui.menus.state import UnsureReading
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.settings import UiSettings
from companion.values.language import Language
from tests.ui.table_driver import Table

EXAMPLES = ("oh-hell", "oczko", "ochko-21", "ochko-bank", "gwiazda")

presses = st.builds(ButtonPress, st.sampled_from(list(Button)), st.sampled_from(list(PressKind)))
# A step is a press, or the camera seeing the script's next event between two presses.
steps = st.lists(st.one_of(presses, st.just("camera"), st.just("unsure")), max_size=60)


def example_events(name: str) -> tuple[str, list[str]]:
    text = plugin(name).example_text()
    script = parse_script(text, name)
    header = text.splitlines()[script.header_line - 1].split("#")[0].strip()
    return header, [str(line.event) for line in script.lines]


def allowed(intent: Intent, context: UiContext) -> bool:
    if isinstance(intent, ApplyEvent):
        possible = set()
        for offer in context.offers:
            if offer.amount is None:
                possible.add(offer.action())
            else:
                possible.update(offer.action(value) for value in offer.amount.values())
        return intent.event in possible
    if isinstance(intent, UndoLast):
        return context.last_event is not None
    if isinstance(intent, AnswerUnsure):
        return context.unsure is not None and intent.zone == context.unsure.zone
    if isinstance(intent, StartGame):
        intent.spec.engine()
        return True
    return isinstance(intent, ChangeSetting | Shutdown)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(EXAMPLES),
    st.integers(0, 60),
    steps,
    st.sampled_from(list(Language)),
    st.booleans(),
)
def test_mashing_never_raises_nor_asks_for_what_is_not_offered(
    name: str, start: int, plan: list[object], language: Language, no_game: bool
) -> None:
    header, events = example_events(name)
    table = Table.playing(header + "\n") if not no_game else Table()
    table.settings = UiSettings(language=language)
    upcoming = [] if no_game else list(events)
    for event in upcoming[:start]:
        table.camera(event)
    upcoming = upcoming[start:]
    for step in plan:
        if step == "camera":
            if upcoming and table.game is not None:
                event = upcoming.pop(0)
                with contextlib.suppress(RefusedEvent):  # the buttons got there first
                    table.camera(event)
            continue
        if step == "unsure":
            table.unsure = UnsureReading("trick", Card(Rank.TEN, Suit.HEARTS), 0.5)
            continue
        assert isinstance(step, ButtonPress)
        context = table.context()
        before = len(table.intents)
        table.press(step)
        for intent in table.intents[before:]:
            assert allowed(intent, context), (intent, context.offers)
        compose(table.state, table.context())  # every state draws
