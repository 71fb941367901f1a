"""A game's sheet as the page shows it: the rows of ``companion export --format csv``, the
totals, what is due now, and the chart's series, with every label in the page's language.

The rows are export's (``score_sheet``), never derived again here, laid out by the game's
own sheet shape (``GamePlugin.sheet``: its leading columns, the notes under the seats, the
chart); what is due comes from the game's own state JSON (the view ``simulate --json``
prints) and its offers, in the table's words (``companion.words``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum
from typing import Any

from companion.cards import Card, CardError
from companion.games.engine import ActionOffer
from companion.games.events import Event
from companion.games.people import People
from companion.games.plugin import Cell, Notes, SheetShape
from companion.games.registry import plugin
from companion.games.score_sheet import Stakes, is_seat_column, seat_column, seat_stake
from companion.games.session import Game
from companion.journal.export import ScoreSheet, score_sheet
from companion.journal.records import GameRecord
from companion.values.language import Language
from companion.words import card_text, catalogue, say, say_or, seat_label
from companion.words.labels import game_name, offer_label, options_in_words
from companion.words.reasons import event_text

# The views' keys that name a seat by its role, for the words of what is due now.
SEAT_ROLES = ("dealer", "banker", "punter", "bidder", "leader", "trick_winner")
STAKE_FIELD = "{stake}"
NO_SEAT = "–"  # a seat column's cell that names nobody
# Phases in which the last round is settled: the stakes still in the view are that
# round's, no longer on the table.
SETTLED_PHASES = frozenset({"settled", "over"})
# An unfinished game with no move for this long is said to be idle, not in play.
IDLE_AFTER = timedelta(minutes=30)
# The money the balances and the bank hold between them besides what the players have
# won and lost: what was paid into the bank from outside them (Gwiazda's pool), else 0.
PAID_IN = "pool_total"


class Progress(Enum):
    """Where a game stands, as its page and the list of games say it."""

    FINISHED = "finished"
    ABANDONED = "abandoned"  # ended unfinished on purpose (the journal's abandon row)
    PLAYING = "unfinished"  # the latest game, moved on lately: "in play"
    IDLE = "idle"  # the latest game, but no move for a while
    LEFT = "left"  # unfinished, and a later game began: it will not go on


def progress(
    *,
    finished: bool,
    latest: bool,
    last_move: datetime | None,
    now: datetime,
    abandoned: bool = False,
) -> Progress:
    """A game's progress; the page's script says the same from the same facts, live."""
    if abandoned:
        return Progress.ABANDONED
    if finished:
        return Progress.FINISHED
    if not latest:
        return Progress.LEFT
    if last_move is not None and now - last_move > IDLE_AFTER:
        return Progress.IDLE
    return Progress.PLAYING


@dataclass(frozen=True)
class Series:
    name: str
    values: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "values": list(self.values)}


@dataclass(frozen=True)
class Chart:
    """Lines over the rows (scores or balances, and the bank), and for Oh Hell each
    player's share of bids made."""

    title: str
    x: tuple[str, ...]
    lines: tuple[Series, ...]
    rates_title: str | None
    rates: tuple[Series, ...]  # one value each: the share of hands whose bid was made
    x_title: str = ""  # what a row is: hand, duel, round, deal

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "x_title": self.x_title,
            "x": list(self.x),
            "lines": [line.to_json() for line in self.lines],
            "rates_title": self.rates_title,
            "rates": [rate.to_json() for rate in self.rates],
        }


@dataclass(frozen=True)
class SheetRow:
    """One hand or round: its leading cells (a money row's number and the move that
    settled it, in words), and per seat the CSV's value with a note (Oh Hell: bid/took
    and the hand's points; money: the stake and the change since the row before)."""

    leading: tuple[str, ...]
    seats: tuple[str, ...]
    notes: tuple[str, ...]
    bank: str | None


@dataclass(frozen=True)
class GameSheet:
    game_id: int
    game: str  # the game's id, e.g. oh-hell
    name: str
    header: str  # the script's first line, for programs; the page says ``options``
    options: tuple[str, ...]  # the game's options in words: "Players: 4"
    started: str  # times in ISO 8601 with their offset: the page shows them local
    finished: str | None
    abandoned: bool  # ended unfinished on purpose (the journal's abandon row)
    last_move: str | None  # the time of the last event standing
    latest: bool  # the journal's latest game: an unfinished earlier one was left
    events: int
    leading_columns: tuple[str, ...]
    seat_columns: tuple[str, ...]
    bank_column: str | None
    rows: tuple[SheetRow, ...]
    totals: tuple[str, ...]  # per seat, then the bank where the game has one
    adds_up_to: float | None  # what every money row's seats and bank add up to
    legend: tuple[str, ...]  # under the table: what the columns are and what they add up to
    now: tuple[str, ...]
    chart: Chart

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.game_id,
            "game": self.game,
            "name": self.name,
            "header": self.header,
            "options": list(self.options),
            "started": self.started,
            "finished": self.finished,
            "abandoned": self.abandoned,
            "last_move": self.last_move,
            "latest": self.latest,
            "events": self.events,
            "leading_columns": list(self.leading_columns),
            "seat_columns": list(self.seat_columns),
            "bank_column": self.bank_column,
            "rows": [
                {
                    "leading": list(row.leading),
                    "seats": list(row.seats),
                    "notes": list(row.notes),
                    "bank": row.bank,
                }
                for row in self.rows
            ],
            "totals": list(self.totals),
            "adds_up_to": self.adds_up_to,
            "legend": list(self.legend),
            "now": list(self.now),
            "chart": self.chart.to_json(),
        }


def game_sheet(
    record: GameRecord,
    game: Game,
    language: Language,
    exported: ScoreSheet | None = None,
    stakes: Sequence[Stakes] = (),
    *,
    settled_by: Sequence[Event] = (),
    latest: bool = True,
    last_move: datetime | None = None,
) -> GameSheet:
    """The sheet of a replayed game; its rows are export's score sheet of the same events
    (``exported``, when the caller already has it), a money game's with the stakes that
    were on the table at each row (``stakes``) and the event that settled it
    (``settled_by``), its sheet cut's. ``latest``: no later game began in the journal;
    ``last_move``: when the last event standing was recorded."""
    if exported is None:
        exported = score_sheet(record.header, game.events)
    state = game.to_json()
    seats = len(state["seats"])
    seat_names = tuple(seat_name(state, seat, language) for seat in range(seats))
    _check_seat_columns(exported, seats, record)
    has_bank = "bank" in exported.columns
    shape = plugin(state["game"]).sheet
    moves = _Moves(settled_by, game.engine.seat_led_actions, game.people)
    rows = _rows(exported, shape, stakes, moves, state, seats, language)
    leading = tuple(say(column.title, language) for column in shape.leading)
    chart = _chart(shape, rows, leading, state, seat_names, language, has_bank=has_bank)
    adds_up_to = float(state.get(PAID_IN, 0)) if shape.money else None
    played_on = latest or record.finished is not None
    return GameSheet(
        game_id=record.id,
        game=state["game"],
        name=game_name(state["game"], language),
        header=record.header,
        options=options_in_words(game.engine.options, language),
        started=_time(record.started),
        finished=None if record.finished is None else _time(record.finished),
        last_move=None if last_move is None else _time(last_move),
        latest=latest,
        abandoned=record.abandoned,
        events=len(game.events),
        leading_columns=leading,
        seat_columns=seat_names,
        bank_column=say("common.bank", language) if has_bank else None,
        rows=rows,
        totals=_totals(exported, seats, has_bank=has_bank),
        adds_up_to=adds_up_to,
        legend=_legend(state, adds_up_to, language) if rows else (),
        # a game left unfinished waits for nothing: a later game took the table
        now=now_lines(state, game.offers(), language) if played_on else (),
        chart=chart,
    )


def seat_name(state: Mapping[str, Any], seat: int, language: Language) -> str:
    """A seat as the page calls it: its person's name in full where the game names its
    people (the state's ``people``), else P1..Pn in the page's language."""
    people = state.get("people")
    if isinstance(people, list) and 0 <= seat < len(people):
        return str(people[seat])
    return seat_label(seat, language, short=True)


def _time(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


@dataclass(frozen=True)
class _Moves:
    """The events that settled a money sheet's rows, to be said in words."""

    events: Sequence[Event]
    seat_led: Set[str]
    people: People | None  # the seats' names (None: P1..Pn)

    def said(self, row: int, cell: str, language: Language) -> str:
        """Row ``row``'s settling move in the table's words; the CSV's own ``cell`` where
        the cut did not say which event it was."""
        if row >= len(self.events):
            return cell
        return event_text(self.events[row], language, seat_led=self.seat_led, people=self.people)


def _legend(
    state: Mapping[str, Any], adds_up_to: float | None, language: Language
) -> tuple[str, ...]:
    """The words under the table: what each column is and what they add up to."""
    words = catalogue(language).get(f"sheet.{state['game']}.legend")
    if words is None:
        return ()
    banker = _whole(state.get("banker"))
    values = {
        "total": "" if adds_up_to is None else _amount(adds_up_to),
        "pool": state.get("pool"),
        "players": len(state["seats"]),
        "banker": "" if banker is None else seat_name(state, banker, language),
    }
    said = words.format(**values)
    if adds_up_to is None:  # no money: no stakes under the scores
        return (said,)
    return (said, _game_text(state["game"], "money-notes", language))


def _amount(value: float) -> str:
    return f"{value:g}"


def _check_seat_columns(exported: ScoreSheet, seats: int, record: GameRecord) -> None:
    named = [column for column in exported.columns if is_seat_column(column)]
    if len(named) != seats:
        raise ValueError(
            f"game {record.id}: export's sheet has {len(named)} seat columns for {seats} seats"
        )


def _totals(exported: ScoreSheet, seats: int, *, has_bank: bool) -> tuple[str, ...]:
    """The last row's seat values (and bank): the sheet's totals as export writes them."""
    if not exported.rows:
        return ()
    last = exported.rows[-1]
    start = exported.columns.index(seat_column(0))
    return tuple(last[start : start + seats + (1 if has_bank else 0)])


def _rows(
    exported: ScoreSheet,
    shape: SheetShape,
    stakes: Sequence[Stakes],
    moves: _Moves,
    state: Mapping[str, Any],
    seats: int,
    language: Language,
) -> tuple[SheetRow, ...]:
    """Export's rows in the page's words: the leading cells as the shape says, each seat's
    value with its note, and the bank where export has one."""
    first = len(shape.leading)
    has_bank = "bank" in exported.columns
    rows: list[SheetRow] = []
    records: Sequence[Mapping[str, Any]] = state.get("score_sheet", ())
    before = (0.0,) * seats  # every money game starts with nothing won or lost
    for number, cells in enumerate(exported.rows):
        values = tuple(cells[first : first + seats])
        if shape.notes is Notes.BIDS:
            record = records[number]
            notes = tuple(
                f"{bid}/{took} {points:+d}"
                for bid, took, points in zip(
                    record["bids"], record["tricks"], record["points"], strict=True
                )
            )
        elif shape.notes is Notes.MONEY:
            now = tuple(_number(value) for value in values)
            staked = stakes[number] if number < len(stakes) else (None,) * seats
            notes = tuple(
                _money_note(new - old, stake, state["game"], language)
                for new, old, stake in zip(now, before, staked, strict=True)
            )
            before = now
        else:
            notes = ("",) * seats
        leading = tuple(
            _cell_words(column.cell, cells[index], number, moves, language)
            for index, column in enumerate(shape.leading)
        )
        bank = cells[first + seats] if has_bank else None
        rows.append(SheetRow(leading, values, notes, bank))
    if shape.notes is Notes.BIDS and len(records) != len(rows):
        raise ValueError(f"{len(rows)} rows of export for {len(records)} hands' records")
    return tuple(rows)


def _cell_words(cell: Cell, text: str, row: int, moves: _Moves, language: Language) -> str:
    """A leading cell of export's row ``row`` as the page says it."""
    if cell is Cell.CARD:
        return _card_words(text, language)
    if cell is Cell.MOVE:
        return moves.said(row, text, language)
    if cell is Cell.SEAT:
        return _seat_words(text, language)
    return text


def _chart(
    shape: SheetShape,
    rows: Sequence[SheetRow],
    leading: tuple[str, ...],
    state: Mapping[str, Any],
    seat_names: tuple[str, ...],
    language: Language,
    *,
    has_bank: bool,
) -> Chart:
    """Each seat's value over the rows (and the bank's, in a money game that has one), and
    beside it each player's share of bids made where the shape asks for it."""
    lines = [
        Series(name, tuple(_number(row.seats[seat]) for row in rows))
        for seat, name in enumerate(seat_names)
    ]
    if shape.money and has_bank:
        lines.append(Series(say("common.bank", language), tuple(_number(row.bank) for row in rows)))
    rates: tuple[Series, ...] = ()
    records: Sequence[Mapping[str, Any]] = state.get("score_sheet", ())
    if shape.bids_made and records:
        rates = tuple(
            Series(name, (_made_share(records, seat),)) for seat, name in enumerate(seat_names)
        )
    return Chart(
        title=say(shape.chart_title, language),
        x=tuple(row.leading[0] for row in rows),
        lines=tuple(lines),
        rates_title=say("sheet.chart.bids-made", language) if shape.bids_made else None,
        rates=rates,
        x_title=leading[0],
    )


def _card_words(cell: str, language: Language) -> str:
    """A card of export's row ("QD") with the players' own index and suit (Д♦ in
    Russian); an empty cell (no trump) stays empty."""
    try:
        return card_text(Card.parse(cell), language) if cell else cell
    except CardError:
        return cell


def _seat_words(cell: str, language: Language) -> str:
    """A seat of export's row ("P2") as the page's language names it (G2, И2), a dash for
    none (a tie); any other cell as it is."""
    if not cell:
        return NO_SEAT
    if is_seat_column(cell):
        return seat_label(int(cell[1:]) - 1, language, short=True)
    return cell


def _made_share(records: Sequence[Mapping[str, Any]], seat: int) -> float:
    made = sum(record["bids"][seat] == record["tricks"][seat] for record in records)
    return made / len(records) if records else 0.0


def _number(value: object) -> float:
    if value is None or value == "":
        return 0.0
    return float(str(value))


def _money_note(change: float, stake: int | None, game: str, language: Language) -> str:
    """A seat's note in a money row: its stake then (if any) and what it won or lost."""
    parts = [_game_text(game, "stake-note", language, amount=stake)] if stake else []
    if change:
        parts.append(_change(change))
    return " · ".join(parts)


def _change(amount: float) -> str:
    if amount == 0:
        return ""
    return f"{amount:+g}"


def now_lines(
    state: Mapping[str, Any], offers: Sequence[ActionOffer], language: Language
) -> tuple[str, ...]:
    """What the table waits for, in the page's language: whose turn and what, worded per
    game and phase from the game's own view ("P3 to bid", "Banker P1 to draw against P2,
    stake 5"), and the stakes on the table; for a phase without such words, the phase's
    name, whose turn, and the actions offered now with their amounts."""
    lines: list[str] = []
    found = _due(state, language)
    due, words = (None, "") if found is None else found
    if due is not None:
        lines.append(due)
    else:
        phase = say_or(f"{state['game']}.phase.{state['phase']}", language, "")
        if phase:
            lines.append(phase)
        offered = [_offer_text(offer, language) for offer in offers]
        turn = _turn(state)
        if turn is not None and not offered:
            lines.append(say("common.turn", language, seat=seat_name(state, turn, language)))
        lines.extend(offered)
    staked = [] if state["phase"] in SETTLED_PHASES else _staked(state)
    # one stake alone is the one the words of the phase already name, where they do
    said = len(staked) == 1 and STAKE_FIELD in words
    if staked and not said:
        stakes = ", ".join(f"{seat_name(state, seat, language)} {n}" for seat, n in staked)
        lines.append(_game_text(state["game"], "stakes", language, stakes=stakes))
    return tuple(lines)


def _game_text(game: str, key: str, language: Language, **values: object) -> str:
    """The sheet's words for ``key`` as ``game`` says them (a bet, not a stake, against
    the permanent bank), else as every game does."""
    words = catalogue(language)
    return (words.get(f"sheet.{game}.{key}") or words[f"sheet.{key}"]).format(**values)


def due_line(state: Mapping[str, Any], language: Language) -> str | None:
    """The game's words for its phase filled from its view: seats by their role (``seat``
    whose turn it is, ``dealer``, ``banker``, ``punter``, ``trick_winner``...), the
    ``stake`` at play and the ``bank``. ``GAME.due.PHASE``, or ``GAME.due.PHASE.else``
    when the view lacks a value the first names (no turn while a trick waits to be
    cleared, say); None when neither can be said."""
    found = _due(state, language)
    return None if found is None else found[0]


def _due(state: Mapping[str, Any], language: Language) -> tuple[str, str] | None:
    """The due line and the words it was made from."""
    values: dict[str, object] = {
        key: seat_name(state, seat, language)
        for key in SEAT_ROLES
        if (seat := _whole(state.get(key))) is not None
    }
    turn = _turn(state)
    if turn is not None:
        values["seat"] = seat_name(state, turn, language)
    stake = _whole(state.get("stake"))
    if stake is None and turn is not None:
        stake = seat_stake(state["seats"][turn])
    if stake is not None:
        values["stake"] = stake
    if (bank := _whole(state.get("bank"))) is not None:
        values["bank"] = bank
    key = f"sheet.{state['game']}.due.{state['phase']}"
    for words in (catalogue(language).get(key), catalogue(language).get(f"{key}.else")):
        if words is None:
            continue
        try:
            return words.format(**values), words
        except KeyError:  # a value the words name is not in the view now
            continue
    return None


def _staked(state: Mapping[str, Any]) -> list[tuple[int, int]]:
    """Each seat with a stake (or bet) on the table now, and the amount."""
    return [
        (seat["seat"], amount)
        for seat in state["seats"]
        if (amount := seat_stake(seat)) is not None and amount > 0
    ]


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _turn(state: Mapping[str, Any]) -> int | None:
    turn = _whole(state.get("turn"))
    if turn is not None:
        return turn
    due = [seat["seat"] for seat in state["seats"] if seat.get("to_play") is True]
    return due[0] if len(due) == 1 else None


def _offer_text(offer: ActionOffer, language: Language) -> str:
    label = offer_label(offer, language)
    if offer.amount is None:
        return label
    return f"{label} {offer.amount.low}–{offer.amount.high}"
