"""The journal's table of the box's own moves, apart from any game: a line each (a name
added to the roster, removed or moved; a new evening begun), appended like the events
and never changed."""

from __future__ import annotations

from datetime import datetime

from companion.journal.records import BadRow, BoxRow

# Added later, so created in any journal that lacks it (an older journal reads as before):
# the box's own moves apart from any game, a line each (the roster, a new evening).
BOX_SCHEMA = """
CREATE TABLE IF NOT EXISTS box_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    line TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS box_events_never_deleted BEFORE DELETE ON box_events
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER IF NOT EXISTS box_events_never_changed BEFORE UPDATE ON box_events
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
"""

PUT_BOX = "INSERT OR IGNORE INTO box_events (seq, at, line) VALUES (?, ?, ?)"


def box_row(row: tuple[object, ...]) -> BoxRow | BadRow:
    seq, at, line = row
    try:
        return BoxRow(int(str(seq)), datetime.fromisoformat(str(at)), str(line))
    except ValueError as error:
        return BadRow(int(str(seq)), str(line), f"unreadable row: {error}")
