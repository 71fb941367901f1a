"""``companion check``: probe the camera, display, buttons and mat; one line each."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from companion.cli.config import add_config_argument

EXIT_ALL_FOUND, EXIT_SOME_MISSING, EXIT_BAD_CONFIG = 0, 1, 2


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "check",
        help="probe the camera, display, buttons and mat and say what was found",
        description="One line each: found (and what), or not found and why. Exit 0 when "
        "everything was found, 1 when something is missing, 2 for a bad config.",
    )
    add_config_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from companion.app.check import check_all
    from companion.app.config import ConfigError, load_config

    try:
        config = load_config(args.config).config
    except ConfigError as error:
        print(f"companion check: {error}", file=sys.stderr)
        return EXIT_BAD_CONFIG
    findings = check_all(config)
    for finding in findings:
        print(finding, flush=True)
    return EXIT_ALL_FOUND if all(f.found for f in findings) else EXIT_SOME_MISSING
