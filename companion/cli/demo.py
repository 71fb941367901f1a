"""``companion demo``: the main job on built-in defaults, with no hardware.

For now it replays the example games bundled with the package through their engines and
prints where each game stands.
"""

from __future__ import annotations

import argparse
from importlib import resources
from typing import Any

from companion.cli.output import state_text
from companion.games.script import ScriptError, parse_script
from companion.games.session import replay_script


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "demo", help="replay the bundled example games (the default command)"
    )
    parser.set_defaults(run=run)


def example_scripts() -> list[tuple[str, str]]:
    folder = resources.files("companion.examples")
    return sorted(
        (entry.name, entry.read_text("utf-8"))
        for entry in folder.iterdir()
        if entry.name.endswith(".txt")
    )


def run(args: argparse.Namespace) -> int:
    examples = example_scripts()
    failures = 0
    for name, text in examples:
        print(f"== {name}")
        try:
            replay = replay_script(parse_script(text, f"examples/{name}"))
        except ScriptError as error:
            print(f"   cannot replay: {error}")
            failures += 1
            continue
        print(state_text(replay.to_json()))
        print()
    print(f"{len(examples) - failures} example game(s) replayed.")
    return 1 if failures else 0
