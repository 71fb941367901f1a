"""``companion config``: check the configuration file, or print the config in effect."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from companion.app.config import DEFAULT_CONFIG, ConfigError, config_toml, load_config

EXIT_OK, EXIT_BAD_CONFIG = 0, 2


def add_config_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config",
        type=Path,
        default=None,
        help=f"the TOML configuration file (default {DEFAULT_CONFIG}, or "
        "$CONFIGURATION_DIRECTORY/config.toml under systemd; defaults when there is none)",
    )


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "config",
        help="check the configuration file, or print the configuration in effect",
        description="Read the configuration file and say whether it is valid (exit 0) or "
        "name the key that is wrong (exit 2).",
    )
    add_config_argument(parser)
    parser.add_argument(
        "--show",
        action="store_true",
        help="print the configuration in effect, every key with its value, as TOML",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        loaded = load_config(args.config)
    except ConfigError as error:
        print(f"companion config: {error}", file=sys.stderr)
        return EXIT_BAD_CONFIG
    for note in loaded.notes:
        print(f"companion config: {note}", file=sys.stderr)
    where = str(loaded.path) if loaded.found else f"no file at {loaded.path}: all defaults"
    if args.show:
        print(f"# the configuration in effect ({where})")
        print(config_toml(loaded.config), end="")
    else:
        print(f"{where}: valid" if loaded.found else where)
    return EXIT_OK
