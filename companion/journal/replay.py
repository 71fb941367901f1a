"""A game's journal rows folded back into a ``Game``: what a resume and an export see.

The fold does what the running app did: each event row is applied (an undo row takes
back the last applied one), so the replayed state is exactly the state the table saw.
A row that cannot be used is skipped and named, never fatal.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.errors import OptionError, RefusedEvent
from companion.games.events import EventSyntaxError, parse_event
from companion.games.registry import make_engine
from companion.games.script import ScriptError, parse_script
from companion.games.session import Game
from companion.journal.records import BadRow, EventRow, GameRecord, RowKind
from companion.journal.store import Journal, JournalError


class UnreadableGame(JournalError):
    """A game whose header line names no game this program can play."""


@dataclass(frozen=True)
class Replayed:
    record: GameRecord
    game: Game
    live: tuple[EventRow, ...]  # the rows whose events make up the state, in order
    bad: tuple[BadRow, ...]


def new_game(header: str, *, source: str = "header") -> Game:
    """A fresh ``Game`` from a ``game ID options`` line; ``UnreadableGame`` if it is not one."""
    try:
        script = parse_script(header, source)
        return Game(make_engine(script.game, script.options))
    except (ScriptError, OptionError) as error:
        raise UnreadableGame(str(error)) from None


def full_header(game: Game) -> str:
    """The game's header with every option written out, defaults too, so that a later
    change of a default never changes how a stored game replays."""
    words = " ".join(f"{key}={value}" for key, value in game.engine.options_json().items())
    return f"game {game.engine.game_id} {words}".rstrip()


def replay(journal: Journal, game_id: int) -> Replayed:
    record = journal.game(game_id)
    game = new_game(record.header, source=f"{journal.path}, game {game_id}")
    live: list[EventRow] = []
    bad: list[BadRow] = []
    for row in journal.rows(game_id):
        if isinstance(row, BadRow):
            bad.append(row)
        elif row.kind is RowKind.ABANDON:
            continue  # it ends the game; the record says so
        elif row.kind is RowKind.UNDO:
            problem = _undo_problem(row, live)
            if problem is None:
                game.undo()
                live.pop()
            else:
                bad.append(BadRow(row.seq, row.line, problem))
        else:
            problem = _apply(game, row)
            if problem is None:
                live.append(row)
            else:
                bad.append(BadRow(row.seq, row.line, problem))
    return Replayed(record, game, tuple(live), tuple(bad))


def _apply(game: Game, row: EventRow) -> str | None:
    try:
        game.apply(parse_event(row.line), row.seq)
    except EventSyntaxError as error:
        return f"not an event: {error}"
    except RefusedEvent as refusal:
        return f"refused by the game: {refusal}"
    return None


def _undo_problem(row: EventRow, live: list[EventRow]) -> str | None:
    if not live:
        return "an undo with no event left to take back"
    if row.undoes != live[-1].seq:
        return f"an undo of row {row.undoes}, but the last event standing is row {live[-1].seq}"
    return None
