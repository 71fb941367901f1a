"""The ``companion`` command. Each subcommand lives in its own module with a
``register(subparsers)`` function; heavy imports (OpenCV, onnxruntime) stay inside the
subcommand that needs them so that start-up stays fast."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

SUBCOMMAND_MODULES = (
    "companion.cli.demo",
    "companion.cli.mat",
    "companion.cli.simulate",
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["demo"])
    try:
        code: int = args.run(args)
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    return code
