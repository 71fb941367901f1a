"""The scripted run's side feed: its steps in order, undos as presses, a restart at the
end; and the listener's lines."""

from __future__ import annotations

import queue
import threading
from datetime import UTC, datetime

import pytest

from companion.app.feeds import Inbox
from companion.app.messages import Intended, Press, TableNews
from companion.app.scripted import UNDO_PRESSES, ScriptFeed, shown_reporter
from companion.cards import Card
from companion.games.events import Action, CardSeen
from companion.games.spec import GameSpec
from companion.journal.records import EventRow, RowKind, Source
from companion.ui.intents import ApplyEvent, StartGame

BID = Action("bid", ("1", "1"))
EIGHT = CardSeen("trump", Card.parse("8D"))


def test_the_script_feed_plays_undos_as_presses_and_restarts_at_the_end() -> None:
    inbox: Inbox = queue.Queue()
    stop = threading.Event()
    steps = ("card trump 8D", "bid 1 1", "undo")
    spec = GameSpec.parse("game oh-hell players=4")
    feed = ScriptFeed(spec, steps, inbox, stop, start_at=1)
    feed.thread.start()
    presses = len(UNDO_PRESSES)
    taken = [inbox.get(timeout=10) for _ in range(4 + presses)]
    stop.set()
    feed.thread.join(10)
    assert taken[0] == Intended(ApplyEvent(BID))
    assert taken[1 : 1 + presses] == [Press(press) for press in UNDO_PRESSES]
    rest = taken[1 + presses :]
    assert rest[0] == Intended(StartGame(spec))
    assert isinstance(rest[1], TableNews) and rest[1].events[0].event == EIGHT
    assert rest[2] == Intended(ApplyEvent(BID))


def test_a_paced_feed_waits_its_gap_between_steps() -> None:
    inbox: Inbox = queue.Queue()
    stop = threading.Event()
    feed = ScriptFeed(
        GameSpec.parse("game oh-hell players=4"), ("bid 1 1",) * 3, inbox, stop, gap_s=60.0
    )
    feed.thread.start()
    first = inbox.get(timeout=10)
    with pytest.raises(queue.Empty):  # the next step is a minute away
        inbox.get(timeout=0.5)
    stop.set()  # a stop ends the wait at once
    feed.thread.join(10)
    assert first == Intended(ApplyEvent(BID)) and not feed.thread.is_alive()


def test_the_listener_says_ready_and_each_row_shown() -> None:
    said: list[str] = []
    listener = shown_reporter(said.append)
    listener.on_ready()
    row = EventRow(7, 3, datetime.now(UTC), Source.CAMERA, RowKind.EVENT, "card trump 8D")
    listener.on_shown(row)
    assert said == ["ready", "shown 3 7"]
