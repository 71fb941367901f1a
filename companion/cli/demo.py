"""``companion demo`` (the default command): a synthetic table session of a real game
through the whole pipeline, the display drawn in the terminal, the score sheet at the
end. No hardware."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.arguments import positive_count
from companion.demo.play import DEFAULT_SEED
from companion.games.registry import DEFAULT_GAME, game_ids
from companion.values.language import Language

if TYPE_CHECKING:
    from companion.demo.play import DemoTerminal

# Lines under the drawn screen: the keys' legend, a log line at least, the cursor's.
ROWS_BELOW = 3
EXIT_JOURNAL = 1  # the journal of --state-dir cannot be written: as run's exit status


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "demo",
        help="play a filmed (synthetic) table session through the whole companion "
        "(the default command)",
        description="A real game's cards dealt onto a rendered mat, read by the tracker, "
        "kept in a journal in a temporary folder, run by the game's rules and shown on the "
        "display drawn in this terminal; the score sheet at the end. Keys work as on the "
        "box: arrows, Enter, Backspace (companion terminal --help).",
    )
    parser.add_argument(
        "--game",
        choices=game_ids(),
        default=DEFAULT_GAME,
        help=f"the game (default {DEFAULT_GAME})",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=DEFAULT_SEED,
        help=f"the session's seed (default {DEFAULT_SEED})",
    )
    parser.add_argument(
        "--fast", action="store_true", help="do not wait for the session's times (10 fps)"
    )
    parser.add_argument(
        "--png", type=Path, default=None, metavar="DIR", help="also write every screen as a PNG"
    )
    parser.add_argument(
        "--events",
        type=positive_count,
        default=None,
        help="play only the game's first N events (default: the whole game)",
    )
    parser.add_argument(
        "--script",
        type=Path,
        default=None,
        metavar="FILE",
        help="film this event script instead of the game's example (its first line names "
        "the game and its options)",
    )
    parser.add_argument(
        "--state-dir",
        type=Path,
        default=None,
        metavar="DIR",
        help="keep the demo's journal in DIR (journal.sqlite3), so that companion export "
        "and companion sheet can read the game afterwards (default: a temporary folder, "
        "removed at the end)",
    )
    parser.add_argument(
        "--language",
        choices=[language.value for language in Language],
        default=Language.EN.value,
        help="the language of the screens",
    )
    parser.set_defaults(run=run)


def demo_terminal() -> DemoTerminal | None:
    """How the demo is drawn on stdout: at the largest scale that fits the terminal, and
    not at all (plain log lines, no escape codes) when stdout is no terminal or too small
    (said on stderr, with the size it needs)."""
    from companion.demo.play import DemoTerminal
    from companion.device.terminal import Scale, fitting_scale, terminal_size, too_small

    if not sys.stdout.isatty():
        return None
    columns, rows = terminal_size(sys.stdout)
    # the picture where it can be read (half blocks), else the screen's lines as text
    scales = (Scale.HALF_BLOCKS, Scale.TEXT)
    scale = fitting_scale(columns, rows, rows_below=ROWS_BELOW, scales=scales)
    if scale is None:
        needed = too_small(columns, rows, rows_below=ROWS_BELOW, smallest=Scale.TEXT)
        print(
            f"companion demo: {needed}; the log lines alone follow",
            file=sys.stderr,
        )
        return None
    return DemoTerminal(scale, columns, rows)


def run(args: argparse.Namespace) -> int:
    from companion.demo.play import DemoOptions, filmable, run_demo
    from companion.device.buttons import ButtonSource, FakeButtons
    from companion.device.terminal import restored_on_signals
    from companion.games.script import Script, ScriptError, parse_script
    from companion.journal.store import JournalError

    if args.png is not None:
        try:
            args.png.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            print(f"companion demo: --png {args.png}: {error.strerror or error}", file=sys.stderr)
            return 2
    script: Script | None = None
    if args.script is not None:
        try:
            text = args.script.read_text("utf-8")
            script = parse_script(text, str(args.script))
            filmable(script)
        except OSError as error:
            print(
                f"companion demo: --script {args.script}: {error.strerror or error}",
                file=sys.stderr,
            )
            return 2
        except (ScriptError, ValueError) as error:
            print(f"companion demo: {error}", file=sys.stderr)
            return 2
    if args.state_dir is not None:
        try:
            args.state_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            print(
                f"companion demo: --state-dir {args.state_dir}: {error.strerror or error}",
                file=sys.stderr,
            )
            return 2
    options = DemoOptions(
        game=args.game if script is None else script.game,
        seed=args.seed,
        fast=args.fast,
        png=args.png,
        events=args.events,
        language=Language(args.language),
        script=None if script is None else text,
        state_dir=args.state_dir,
    )
    buttons: ButtonSource = FakeButtons()
    if sys.stdin.isatty():
        from companion.device.terminal import TerminalKeys

        buttons = TerminalKeys()
    try:
        with restored_on_signals():
            result = run_demo(options, stream=sys.stdout, buttons=buttons, terminal=demo_terminal())
    except KeyboardInterrupt:
        return 130
    except JournalError as error:  # --state-dir: a folder another process writes, or damage
        print(f"companion demo: {error}", file=sys.stderr)
        return EXIT_JOURNAL
    finally:
        buttons.close()
    print("\n".join(result.lines()))
    print("\nScore sheet:")
    print(result.sheet, end="")
    return 0
