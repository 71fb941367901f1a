"""The event script: the journal's text form, one event per line, ``#`` starts a comment.

The first event line is ``game ID key=value...``; every other line is an event.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.errors import GameError, OptionError
from companion.games.events import Event, EventSyntaxError, parse_event
from companion.games.spec import GameSpec, parse_header


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

    def spec(self) -> GameSpec:
        """The game the script plays; a ``ScriptError`` naming its first line when this
        program plays no such game, or not with these options."""
        try:
            return GameSpec.of(self.game, self.options)
        except OptionError as error:
            raise ScriptError(self.source, self.header_line, str(error)) from None


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
    try:
        game, options = parse_header(content)
    except OptionError as error:
        raise ScriptError(source, number, str(error)) from None
    return number, game, options
