"""``companion export [GAME]``: a journaled game's event script or its score sheet (CSV)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from companion.arguments import positive_count
from companion.cli.config import add_config_argument

EXIT_OK, EXIT_ERROR = 0, 2


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "export",
        help="write a journaled game's event script or its score sheet as CSV",
        description="Write a game from the journal: its event script (which companion "
        "simulate replays), or its score sheet as CSV, one row per hand or round and one "
        "column per seat. Run it as the service's user (sudo -u companion ...) so that the "
        "journal's side files stay the service's.",
    )
    parser.add_argument(
        "game",
        nargs="?",
        type=positive_count,
        default=None,
        metavar="GAME",
        help="the game's number in the journal (default: the latest; --list shows them)",
    )
    parser.add_argument(
        "--format",
        choices=("script", "csv"),
        default="script",
        help="script: the event script (default; seats counted from 0, as scripts do); "
        "csv: the score sheet (one column a seat: its person's name where the game names "
        "its people, else P1..Pn as people count them)",
    )
    parser.add_argument("--list", action="store_true", help="list the journal's games instead")
    parser.add_argument(
        "--state-dir",
        type=Path,
        default=None,
        help="the folder holding the journal (default: [state] directory of the config)",
    )
    add_config_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from companion.app.config import ConfigError, load_config
    from companion.journal.export import event_script, score_sheet
    from companion.journal.replay import replay
    from companion.journal.store import JOURNAL_FILE, Journal, JournalError

    try:
        state_dir = args.state_dir or load_config(args.config).config.state.directory
        with Journal.open_read_only(state_dir / JOURNAL_FILE) as journal:
            if args.list:
                for game in journal.games():
                    started = game.started.isoformat(timespec="seconds")
                    print(f"{game.id}\t{started}\t{game.state}\t{game.header}")
                return EXIT_OK
            record = journal.game(args.game) if args.game else journal.last_game()
            if record is None:
                raise JournalError(f"the journal {journal.path} holds no game yet")
            replayed = replay(journal, record.id)
    except (ConfigError, JournalError) as error:
        print(f"companion export: {error}", file=sys.stderr)
        return EXIT_ERROR
    if args.format == "script":
        sys.stdout.write(event_script(replayed, source=str(journal.path)))
    else:
        sheet = score_sheet(replayed.record.header, replayed.game.events)
        sys.stdout.write(sheet.named(replayed.game.people).csv_text())
    for bad in replayed.bad:
        print(f"companion export: {bad}", file=sys.stderr)
    return EXIT_OK
