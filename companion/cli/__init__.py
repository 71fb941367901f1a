"""The ``companion`` command. Each subcommand lives in its own module with a
``register(subparsers)`` function; heavy imports (OpenCV, onnxruntime) stay inside the
subcommand that needs them so that start-up stays fast."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

SUBCOMMAND_MODULES = (
    "companion.cli.check",
    "companion.cli.config",
    "companion.cli.demo",
    "companion.cli.export",
    "companion.cli.mat",
    "companion.cli.run",
    "companion.cli.sheet",
    "companion.cli.simulate",
    "companion.cli.terminal",
    "companion.cli.vision",
    "companion.cli.watch",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="The card-table companion. Without a command it runs the demo.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in SUBCOMMAND_MODULES:
        importlib.import_module(module_name).register(subparsers)
    parser.set_defaults(subcommands=subparsers.choices)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        # argparse would name them under the top-level usage; the subcommand's is the help
        command: argparse.ArgumentParser = args.subcommands.get(args.command, parser)
        command.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command is None:
        args = parser.parse_args(["demo"])
    try:
        code: int = args.run(args)
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    return code
