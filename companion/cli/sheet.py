"""``companion sheet``: the read-only score sheet for the players' phones, a web server."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.cli.config import add_config_argument

EXIT_OK, EXIT_ERROR = 0, 2
# --check-enabled's answer when [sheet] enabled is false: systemd's ExecCondition= then
# skips the unit without counting it as failed (any status from 1 to 254 does).
EXIT_DISABLED = 1
MAX_PORT = 65_535


def port_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 1 <= value <= MAX_PORT:
        raise argparse.ArgumentTypeError(f"{value} is not in 1..{MAX_PORT}")
    return value


DESCRIPTION = (
    "A small web server for the players' phones: the current game's score sheet, a chart, "
    "the journal's earlier games and each sheet as CSV (the rows of companion export "
    "--format csv), in English, Polish or Russian. Open pages follow the game as it is "
    "played. It opens the journal read-only and offers nothing that changes a game. Port "
    "and address default to the config's [sheet] section."
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "sheet",
        help="serve the score sheet to the phones at the table (read-only, live)",
        description=DESCRIPTION,
    )
    add_arguments(parser)


def main(argv: Sequence[str] | None = None) -> int:
    """``companion-sheet``, the unit's command: ``companion sheet`` without the parsers of
    every other command, some of which load the camera stack (numpy, OpenCV) for their
    defaults, which would more than double this process's memory."""
    parser = argparse.ArgumentParser(prog="companion-sheet", description=DESCRIPTION)
    add_arguments(parser)
    return run(parser.parse_args(argv))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--state-dir",
        type=Path,
        default=None,
        help="the folder holding the journal (default: [state] directory of the config)",
    )
    parser.add_argument(
        "--port", type=port_number, default=None, help="the TCP port (default: [sheet] port)"
    )
    parser.add_argument(
        "--bind",
        default=None,
        metavar="ADDR",
        help="the address to listen on (default: [sheet] bind; 0.0.0.0 is every address)",
    )
    parser.add_argument(
        "--check-enabled",
        action="store_true",
        help="only say whether the config's [sheet] enabled is true (exit 0) or false "
        f"(exit {EXIT_DISABLED}); the unit's ExecCondition",
    )
    add_config_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from companion.app.config import ConfigError, load_config
    from companion.journal.store import JOURNAL_FILE
    from companion.sheet.address import AddressFile
    from companion.sheet.server import MissingAsset, SheetSettings, serve
    from companion.values.language import Language

    try:
        config = load_config(args.config).config
    except ConfigError as error:
        print(f"companion sheet: {error}", file=sys.stderr)
        return EXIT_ERROR
    if args.check_enabled:
        print(f"companion sheet: [sheet] enabled = {str(config.sheet.enabled).lower()}")
        return EXIT_OK if config.sheet.enabled else EXIT_DISABLED
    state_dir: Path = args.state_dir or config.state.directory
    if not state_dir.is_dir():  # a journal may come later, but never to a missing folder
        said = "does not exist" if not state_dir.exists() else "is not a folder"
        print(f"companion sheet: the state folder {state_dir} {said}", file=sys.stderr)
        return EXIT_ERROR
    port: int = args.port or config.sheet.port
    bind: str = args.bind or config.sheet.bind
    settings = SheetSettings(
        journal=state_dir / JOURNAL_FILE, language=Language(config.ui.language.value)
    )
    print(f"companion sheet: {settings.journal} on http://{bind}:{port}/", flush=True)
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve(settings, bind, port, AddressFile(state_dir)))
    except MissingAsset as error:
        print(f"companion sheet: {error}", file=sys.stderr)
        return EXIT_ERROR
    except OSError as error:
        print(
            f"companion sheet: cannot listen on {bind}:{port}: {error.strerror or error}",
            file=sys.stderr,
        )
        return EXIT_ERROR
    return EXIT_OK
