"""A game's sheet as the page shows it: the rows of ``companion export --format csv``, the
totals, what is due now, and the chart's series, with every label in the page's language.

The rows are export's (``score_sheet``), never derived again here; what is due comes from
the game's own state JSON (the view ``simulate --json`` prints) and its offers, worded by
the screens' catalogues.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.engine import ActionOffer
from companion.games.score_sheet import Stakes, is_seat_column, seat_column, seat_stake
from companion.games.session import Game
from companion.journal.export import ScoreSheet, score_sheet
from companion.journal.records import GameRecord
from companion.sheet.texts import SHEET_TEXTS, sheet_text
from companion.ui.menus.labels import game_name, offer_label, text_or
from companion.ui.texts import Language, say, seat_label

OH_HELL = "oh-hell"
# Export's Oh Hell columns before the seats: hand, cards, trump.
OH_HELL_LEADING = 3
# Export's money columns before the seats: the row's number and the event that settled it.
MONEY_LEADING = 2
# The views' keys that name a seat by its role, for the words of what is due now.
SEAT_ROLES = ("dealer", "banker", "punter", "bidder", "leader", "trick_winner")
STAKE_FIELD = "{stake}"


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

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "x": list(self.x),
            "lines": [line.to_json() for line in self.lines],
            "rates_title": self.rates_title,
            "rates": [rate.to_json() for rate in self.rates],
        }


@dataclass(frozen=True)
class SheetRow:
    """One hand or round: its leading cells, and per seat the CSV's value with a note
    (Oh Hell: bid/took and the hand's points; money: the change since the row before)."""

    leading: tuple[str, ...]
    seats: tuple[str, ...]
    notes: tuple[str, ...]
    bank: str | None


@dataclass(frozen=True)
class GameSheet:
    game_id: int
    game: str  # the game's id, e.g. oh-hell
    name: str
    header: str
    started: str
    finished: str | None
    abandoned: bool  # ended unfinished on purpose (the journal's abandon row)
    events: int
    leading_columns: tuple[str, ...]
    seat_columns: tuple[str, ...]
    bank_column: str | None
    rows: tuple[SheetRow, ...]
    totals: tuple[str, ...]  # per seat, then the bank where the game has one
    now: tuple[str, ...]
    chart: Chart

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.game_id,
            "game": self.game,
            "name": self.name,
            "header": self.header,
            "started": self.started,
            "finished": self.finished,
            "abandoned": self.abandoned,
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
            "now": list(self.now),
            "chart": self.chart.to_json(),
        }


def game_sheet(
    record: GameRecord,
    game: Game,
    language: Language,
    exported: ScoreSheet | None = None,
    stakes: Sequence[Stakes] = (),
) -> GameSheet:
    """The sheet of a replayed game; its rows are export's score sheet of the same events
    (``exported``, when the caller already has it), a money game's with the stakes that
    were on the table at each row (``stakes``, its sheet cut's)."""
    if exported is None:
        exported = score_sheet(record.header, game.events)
    state = game.to_json()
    seats = len(state["seats"])
    seat_names = tuple(seat_label(seat, language, short=True) for seat in range(seats))
    _check_seat_columns(exported, seats, record)
    if state["game"] == OH_HELL:
        rows, leading, chart = _oh_hell(exported, state, seat_names, language)
        bank_column = None
    else:
        rows, leading, chart = _money(exported, stakes, state, seat_names, language)
        bank_column = say("common.bank", language) if "bank" in state else None
    return GameSheet(
        game_id=record.id,
        game=state["game"],
        name=game_name(state["game"], language),
        header=record.header,
        started=record.started.isoformat(timespec="seconds"),
        finished=None if record.finished is None else record.finished.isoformat(timespec="seconds"),
        abandoned=record.abandoned,
        events=len(game.events),
        leading_columns=leading,
        seat_columns=seat_names,
        bank_column=bank_column,
        rows=rows,
        totals=_totals(exported, seats, has_bank=bank_column is not None),
        now=now_lines(state, game.offers(), language),
        chart=chart,
    )


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


def _oh_hell(
    exported: ScoreSheet,
    state: Mapping[str, Any],
    seat_names: tuple[str, ...],
    language: Language,
) -> tuple[tuple[SheetRow, ...], tuple[str, ...], Chart]:
    records: Sequence[Mapping[str, Any]] = state["score_sheet"]
    rows = tuple(
        SheetRow(
            leading=tuple(cells[:OH_HELL_LEADING]),
            seats=tuple(cells[OH_HELL_LEADING:]),
            notes=tuple(
                f"{bid}/{took} {points:+d}"
                for bid, took, points in zip(
                    record["bids"], record["tricks"], record["points"], strict=True
                )
            ),
            bank=None,
        )
        for cells, record in zip(exported.rows, records, strict=True)
    )
    leading = tuple(sheet_text(key, language) for key in ("hand", "cards", "trump"))
    lines = tuple(
        Series(name, tuple(float(row.seats[seat]) for row in rows))
        for seat, name in enumerate(seat_names)
    )
    rates = tuple(
        Series(name, (_made_share(records, seat),)) for seat, name in enumerate(seat_names)
    )
    chart = Chart(
        title=sheet_text("chart.points", language),
        x=tuple(row.leading[0] for row in rows),
        lines=lines,
        rates_title=sheet_text("chart.bids-made", language),
        rates=rates if records else (),
    )
    return rows, leading, chart


def _made_share(records: Sequence[Mapping[str, Any]], seat: int) -> float:
    made = sum(record["bids"][seat] == record["tricks"][seat] for record in records)
    return made / len(records) if records else 0.0


def _money(
    exported: ScoreSheet,
    stakes: Sequence[Stakes],
    state: Mapping[str, Any],
    seat_names: tuple[str, ...],
    language: Language,
) -> tuple[tuple[SheetRow, ...], tuple[str, ...], Chart]:
    seats = len(seat_names)
    has_bank = "bank" in state
    unit = exported.columns[0]  # the name of a row: deal, round, duel or game
    rows: list[SheetRow] = []
    before = (0.0,) * seats  # every money game starts with nothing won or lost
    for number, cells in enumerate(exported.rows):
        values = tuple(cells[MONEY_LEADING : MONEY_LEADING + seats])
        now = tuple(_number(value) for value in values)
        staked = stakes[number] if number < len(stakes) else (None,) * seats
        notes = tuple(
            _money_note(new - old, stake, language)
            for new, old, stake in zip(now, before, staked, strict=True)
        )
        bank = cells[MONEY_LEADING + seats] if has_bank else None
        rows.append(SheetRow(tuple(cells[:MONEY_LEADING]), values, notes, bank))
        before = now
    leading = (sheet_text(f"row.{unit}", language), sheet_text("settled-by", language))
    lines = [
        Series(name, tuple(_number(row.seats[seat]) for row in rows))
        for seat, name in enumerate(seat_names)
    ]
    if has_bank:
        lines.append(Series(say("common.bank", language), tuple(_number(row.bank) for row in rows)))
    chart = Chart(
        title=sheet_text("chart.balances", language),
        x=tuple(row.leading[0] for row in rows),
        lines=tuple(lines),
        rates_title=None,
        rates=(),
    )
    return tuple(rows), leading, chart


def _number(value: object) -> float:
    if value is None or value == "":
        return 0.0
    return float(str(value))


def _money_note(change: float, stake: int | None, language: Language) -> str:
    """A seat's note in a money row: its stake then (if any) and what it won or lost."""
    parts = [sheet_text("stake-note", language, amount=stake)] if stake else []
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
        phase = text_or(f"{state['game']}.phase.{state['phase']}", language, "")
        if phase:
            lines.append(phase)
        offered = [_offer_text(offer, language) for offer in offers]
        turn = _turn(state)
        if turn is not None and not offered:
            lines.append(say("common.turn", language, seat=seat_label(turn, language)))
        lines.extend(offered)
    staked = _staked(state)
    # one stake alone is the one the words of the phase already name, where they do
    said = len(staked) == 1 and STAKE_FIELD in words
    if staked and not said:
        stakes = ", ".join(f"{seat_label(seat, language, short=True)} {n}" for seat, n in staked)
        lines.append(sheet_text("stakes", language, stakes=stakes))
    return tuple(lines)


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
        key: seat_label(seat, language, short=True)
        for key in SEAT_ROLES
        if (seat := _whole(state.get(key))) is not None
    }
    turn = _turn(state)
    if turn is not None:
        values["seat"] = seat_label(turn, language, short=True)
    stake = _whole(state.get("stake"))
    if stake is None and turn is not None:
        stake = seat_stake(state["seats"][turn])
    if stake is not None:
        values["stake"] = stake
    if (bank := _whole(state.get("bank"))) is not None:
        values["bank"] = bank
    key = f"{state['game']}.due.{state['phase']}"
    for words in (SHEET_TEXTS[language].get(key), SHEET_TEXTS[language].get(f"{key}.else")):
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
