"""The event script: the journal's text form, one event per line, ``#`` starts a comment.

The first event line is ``game ID key=value...``; every other line is an event.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.errors import GameError, OptionError
from companion.games.events import Event, EventSyntaxError, parse_event
from companion.games.options import split_option_words


class ScriptError(GameError):
    """A script that cannot be replayed, with where and why."""

    def __init__(self, source: str, line: int | None, reason: str) -> None:
        self.source = source
        self.line = line
        self.reason = reason
        where = source if line is None else f"{source}, line {line}"
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True)
class ScriptLine:
    number: int
    event: Event


@dataclass(frozen=True)
class Script:
    source: str
    game: str
    options: dict[str, str]
    header_line: int
    lines: tuple[ScriptLine, ...]


def script_header(script: Script) -> str:
    """The script's first line: its game and options."""
    words = " ".join(f"{key}={value}" for key, value in script.options.items())
    return f"game {script.game} {words}".rstrip()


def strip_comment(line: str) -> str:
    return line.split("#", 1)[0].strip()


def parse_events(text: str) -> list[Event]:
    """The events of a script body (no ``game`` line), skipping comments and blank lines.

    Raises ``EventSyntaxError`` for a malformed line; ``parse_script`` is the reader that
    names the line.
    """
    return [parse_event(content) for line in text.splitlines() if (content := strip_comment(line))]


def parse_script(text: str, source: str = "<script>") -> Script:
    header: tuple[int, str, dict[str, str]] | None = None
    lines: list[ScriptLine] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        content = strip_comment(raw)
        if not content:
            continue
        if header is None:
            header = _parse_header(content, source, number)
            continue
        try:
            lines.append(ScriptLine(number, parse_event(content)))
        except EventSyntaxError as error:
            raise ScriptError(source, number, f'"{content}": {error}') from None
    if header is None:
        raise ScriptError(source, None, 'no "game" line: a script starts with "game ID options"')
    number, game, options = header
    return Script(source, game, options, number, tuple(lines))


def _parse_header(content: str, source: str, number: int) -> tuple[int, str, dict[str, str]]:
    words = content.split()
    if words[0] != "game" or len(words) < 2:
        raise ScriptError(
            source,
            number,
            f'"{content}": the first line must be "game ID options", like "game oh-hell players=4"',
        )
    try:
        options = split_option_words(words[2:])
    except OptionError as error:
        raise ScriptError(source, number, str(error)) from None
    return number, words[1], options
