"""End to end, one test per game: a synthetic session filmed on its mat -> calibration and
the tracker's events, interleaved with the session's button steps by time -> replayed,
the same game state as the session's own script."""

from __future__ import annotations

import pytest

from companion.demo.film.session import make_session
from companion.games.registry import game_ids, make_engine
from companion.games.script import parse_script
from companion.games.session import replay_script
from companion.table.tracker_settings import TrackerSettings
from companion.tools.session_run import merged_script, tally, track_session
from companion.vision.reader import CardReader

# The first events of each example game: enough for several clears and a second round,
# short enough to draw and read in a few seconds.
EVENTS = 36
SEED = 3


@pytest.mark.slow
@pytest.mark.parametrize("game", game_ids())
def test_the_tracked_session_replays_to_the_same_state(game: str) -> None:
    session = make_session(game, seed=SEED, max_events=EVENTS)
    options = dict(word.split("=", 1) for word in session.header.split()[2:])
    deck = make_engine(game, options).deck
    reader = CardReader(settings=TrackerSettings().reader_settings(), deck=deck)
    tracked = track_session(session, reader, deck=deck)
    counts = tally(session.script, tracked.events)
    assert (counts.wrong, counts.missed, counts.doubled) == (0, 0, 0)
    assert counts.placed >= 5
    ours = replay_script(parse_script(merged_script(session, tracked.events), "tracked"))
    theirs = replay_script(parse_script(session.script_text(), "session"))
    assert ours.to_json() == theirs.to_json()
