"""``companion simulate FILE``: replay an event script and print the resulting state."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion.arguments import positive_count
from companion.cli.output import state_text
from companion.games.script import Script, ScriptError, parse_script
from companion.games.session import RefusedLine, Replay, replay_script
from companion.values.language import Language
from companion.words.labels import offer_label
from companion.words.reasons import people_numbers, violation_text

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2
PNG_SUFFIX = ".png"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="replay an event script and print the state",
        description="Replay an event script (one event per line) and print the game state. "
        "Exit codes: 0 replayed, 1 an event was refused, 2 the script is malformed. "
        "The text output counts seats from 1 as people do (P1 is the script's seat 0); the "
        "event script and --json keep the script's seat indices, counted from 0.",
    )
    parser.add_argument("file", help="the script, or - for standard input")
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the state as JSON (seats as in the script: counted from 0)",
    )
    parser.add_argument(
        "--keep-going",
        action="store_true",
        help="record refused events as violations and go on",
    )
    parser.add_argument(
        "--screen",
        metavar="FILE.png",
        type=Path,
        help="write the final state's screen as a PNG picture (the name must end in .png)",
    )
    parser.add_argument(
        "--screens", metavar="DIR", type=Path, help="write a PNG of the screen after each event"
    )
    parser.add_argument(
        "--page",
        type=positive_count,
        default=1,
        help="which page of the final screen --screen draws, counted from 1 as the screen "
        "counts them (default 1, the game's own page)",
    )
    parser.add_argument(
        "--language", choices=("en", "pl", "ru"), default="en", help="the screens' language"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.screen is not None and args.screen.suffix.lower() != PNG_SUFFIX:
        print(
            f"companion simulate: --screen {args.screen}: the screen is written as a PNG "
            f"picture; give the file a name ending in {PNG_SUFFIX}",
            file=sys.stderr,
        )
        return EXIT_USAGE
    source = "<stdin>" if args.file == "-" else args.file
    try:
        data = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
    except OSError as error:
        print(f"companion simulate: cannot read {source}: {_reason(error)}", file=sys.stderr)
        return EXIT_USAGE
    text = script_text(data)
    if text is None:
        print(
            f"companion simulate: {source} is not a text event script (it holds binary "
            "data; a script is UTF-8 text, one event per line)",
            file=sys.stderr,
        )
        return EXIT_USAGE
    try:
        script = parse_script(text, source)
        replay = replay_script(script, keep_going=args.keep_going)
    except RefusedLine as error:
        # The event stays in the script's words; the reason counts seats from 1.
        print(f"companion simulate: {people_numbers(str(error))}", file=sys.stderr)
        return EXIT_REFUSED
    except ScriptError as error:
        print(f"companion simulate: {error}", file=sys.stderr)
        return EXIT_USAGE
    if args.screen is not None or args.screens is not None:
        code = _write_screens(args, script, replay)
        if code != EXIT_OK:
            return code
    state = replay.to_json()
    if args.json:
        print(json.dumps(state, ensure_ascii=False, indent=2))
    else:
        found = [*replay.game.state.violations, *replay.refused]
        said = [violation_text(v, Language.EN) for v in found]
        offers = [offer_label(offer, Language.EN) for offer in replay.game.offers()]
        print(state_text(state, said, offers))
    return EXIT_OK


def script_text(data: bytes) -> str | None:
    """The script's text, or None when the bytes are not UTF-8 text (a NUL byte or an
    invalid sequence: a photo, an archive, a file saved in another encoding)."""
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _write_screens(args: argparse.Namespace, script: Script, replay: Replay) -> int:
    from companion.ui import snapshots
    from companion.values.language import Language

    language = Language(args.language)
    try:
        if args.screen is not None:
            image = snapshots.final_screen(replay.game, language, page=args.page)
            snapshots.save(image, args.screen)
        if args.screens is not None:
            snapshots.save_all(snapshots.event_snapshots(script, language), args.screens)
    except snapshots.SnapshotError as error:
        print(f"companion simulate: {error}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


def _reason(error: Exception) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)
