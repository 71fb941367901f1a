"""The crash test's child: plays a scripted session through the journal for ever,
printing "shown GAME SEQ" once each event's append has returned.

It resumes the journal's unfinished game where its rows end, so a killed child's
successor carries on. Usage: python -m companion.tools.crash_child STATE_DIR SCRIPT
"""

from __future__ import annotations

import sys
from pathlib import Path

from companion.app.scripted import READY, SHOWN, UNDO_STEP, session_steps
from companion.games.events import Action, parse_event
from companion.games.script import parse_script
from companion.journal.records import Source
from companion.journal.session import JournaledGame
from companion.journal.store import JOURNAL_FILE, Journal


def main(argv: list[str]) -> int:
    state_dir, script_path = Path(argv[0]), Path(argv[1])
    script = parse_script(script_path.read_text("utf-8"), str(script_path))
    steps = session_steps(script)
    journal = Journal.open(state_dir / JOURNAL_FILE)
    for notice in journal.notices:
        print(notice, file=sys.stderr)
    resumed = JournaledGame.resume_last(journal)
    if resumed is None:
        played = JournaledGame.start(journal, script.spec())
    else:
        played, bad = resumed
        for skipped in bad:
            print(skipped, file=sys.stderr)
    done = len(journal.rows(played.record.id))
    print(READY, flush=True)
    while True:
        for step in steps[done:]:
            if step == UNDO_STEP:
                row = played.undo(source=Source.BUTTON)
            else:
                event = parse_event(step)
                source = Source.BUTTON if isinstance(event, Action) else Source.CAMERA
                row = played.record_event(event, source=source)
            print(f"{SHOWN} {row.game} {row.seq}", flush=True)
        played.finish()
        played = JournaledGame.start(journal, script.spec())
        done = 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
