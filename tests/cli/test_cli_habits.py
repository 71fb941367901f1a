"""Habits every subcommand keeps: help lines, its own usage on a bad option."""

from __future__ import annotations

import argparse

import pytest

from companion.cli import build_parser, main


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    chosen: dict[str, argparse.ArgumentParser] = parser.parse_args([]).subcommands
    return chosen


def test_every_subcommand_and_every_option_has_a_help_line() -> None:
    parser = build_parser()
    listed = {
        choice.dest: choice.help
        for action in parser._actions  # argparse keeps the subcommand list nowhere public
        if isinstance(action, argparse._SubParsersAction)
        for choice in action._choices_actions
    }
    assert set(listed) == set(_subcommands())
    assert all(listed.values()), listed
    for name, subcommand in _subcommands().items():
        for action in subcommand._actions:
            assert action.help, f"companion {name}: {action.option_strings or action.dest}"


@pytest.mark.parametrize(
    "words", [["recognize", "x.jpg"], ["simulate", "x.txt"], ["export"], ["demo"]]
)
def test_a_bad_option_shows_the_subcommands_own_usage(
    words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    name = words[0]
    with pytest.raises(SystemExit) as stopped:
        main([*words, "--no-such-option"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith(f"usage: companion {name}")
    assert f"companion {name}: error: unrecognized arguments: --no-such-option" in error
