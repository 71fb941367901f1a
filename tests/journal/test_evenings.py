"""Evenings and people's records read from a journal, checked against independent sums.

Twenty evenings of random lawful games with named people are written as event scripts,
played into a journal (with slips taken back), and each person's record read from it is
compared with sums made another way: each script replayed state by state, its money read
from the state's JSON (the balances, the bank to its owner), its rows and their bankers
from the score sheet's cut, its hands from the JSON's score sheet.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

from companion.games.evening import EVENING_GAP, Person
from companion.games.gwiazda.engine import SHEET as GWIAZDA_SHEET
from companion.games.ochko21.engine import SHEET as OCHKO21_SHEET
from companion.games.ochko_bank.engine import SHEET as OCHKO_BANK_SHEET
from companion.games.oczko.engine import SHEET as OCZKO_SHEET
from companion.games.registry import make_engine
from companion.games.roster import NewEvening
from companion.games.score_sheet import SettlementCut
from companion.games.script import Script, parse_script
from companion.games.session import Game
from companion.games.spec import GameSpec
from companion.journal.evenings import EveningBook
from companion.journal.records import Source
from companion.journal.session import JournaledGame
from companion.journal.store import JOURNAL_FILE, Journal
from tests.journal.helpers import TickingClock
from tests.takings import takings
from tests.ui.oracle.games import PLANS

NAMES = (
    "Ania", "Bartek", "Celina", "Dima", "Ewa", "Fiodor", "Grażyna", "Игорь", "Jan", "Kasia",
    "Łucja", "Marek",
)  # fmt: skip
GAMES = sorted(PLANS)
# How each banking game's sheet cuts its rows (the sheet's own definition).
SETTLEMENTS = {
    "oczko": OCZKO_SHEET,
    "ochko-21": OCHKO21_SHEET,
    "ochko-bank": OCHKO_BANK_SHEET,
    "gwiazda": GWIAZDA_SHEET,
}
EVENINGS = 20
GAMES_AN_EVENING = 3
STEPS = 90


def random_script(game_id: str, rng: random.Random) -> str:
    """A random lawful game of ``game_id`` with people named, as an event script."""
    plan = PLANS[game_id]
    options = dict(plan.options[rng.randrange(len(plan.options))])
    spec = GameSpec.of(game_id, options)
    people = rng.sample(NAMES, spec.seats)
    game = Game(make_engine(game_id, options))
    lines = [spec.with_people(None).header() + " people=" + ",".join(people)]
    for _ in range(rng.randrange(STEPS // 2, STEPS)):
        event = plan.next_event(game, rng)
        if event is None:
            break
        game.apply(event)
        lines.append(str(event))
    return "\n".join(lines) + "\n"


@dataclass
class Expected:
    """A person's record summed independently."""

    games: int = 0
    wins: int = 0
    hands: int = 0
    exact: int = 0
    points: Fraction = Fraction(0)
    zero_bids: int = 0
    zero_made: int = 0
    money: Fraction = Fraction(0)
    banker_rounds: int = 0
    banker_result: Fraction = Fraction(0)
    by_evening: dict[int, Fraction] = field(default_factory=dict)


def _money_rows(script: Script) -> tuple[list[Fraction], list[tuple[int, Fraction]]]:
    """The takings at the end, and each sheet row's banker with his takings' change over
    the row: the rows from the score sheet's own cut, the money from the JSON."""
    game = Game(script.spec().with_people(None).engine())
    engine = game.engine
    cut = SettlementCut(engine, SETTLEMENTS[engine.game_id])
    before = game.to_json()
    start = takings(before)
    rows: list[tuple[int, Fraction]] = []
    for line in script.lines:
        game.apply(line.event)
        cut.take(line.event, game.state)
        now = game.to_json()
        if len(cut.rows) > len(rows):
            banker = before["banker"]
            taken = takings(now)
            rows.append((banker, taken[banker] - start[banker]))
            start = taken
        before = now
    return takings(before), rows


def _expect(script: Script, evening: int, expected: dict[str, Expected]) -> None:
    spec = script.spec()
    assert spec.people is not None
    names = spec.people.names
    state = Game.of(spec)
    for line in script.lines:
        state.apply(line.event)
    final = state.to_json()
    for name in names:
        expected[name].games += 1
    if spec.game == "oh-hell":
        winners = final["outcome"]["winners"] if final["phase"] == "over" else []
        for seat, name in enumerate(names):
            mine = expected[name]
            mine.wins += seat in winners
            for hand in final["score_sheet"]:
                mine.hands += 1
                mine.exact += hand["bids"][seat] == hand["tricks"][seat]
                mine.points += hand["points"][seat]
                mine.zero_bids += hand["bids"][seat] == 0
                mine.zero_made += hand["bids"][seat] == 0 and hand["tricks"][seat] == 0
        return
    at_end, rows = _money_rows(script)
    best = max(at_end)
    for seat, name in enumerate(names):
        mine = expected[name]
        mine.wins += best > 0 and at_end[seat] == best
        mine.money += at_end[seat]
        mine.by_evening[evening] = mine.by_evening.get(evening, Fraction(0)) + at_end[seat]
        mine.banker_rounds += sum(banker == seat for banker, _ in rows)
        mine.banker_result += sum((gain for banker, gain in rows if banker == seat), Fraction(0))


def test_a_persons_record_over_twenty_evenings_is_the_sum_of_their_games(
    tmp_path: Path,
) -> None:
    rng = random.Random(53)
    clock = TickingClock(start=datetime(2026, 1, 2, 19, 0, tzinfo=UTC), step=timedelta(seconds=20))
    expected: dict[str, Expected] = defaultdict(Expected)
    firsts: list[int] = []
    with Journal.open(tmp_path / JOURNAL_FILE, clock=clock) as journal:
        for evening in range(EVENINGS):
            if evening % 4 == 3:  # the same night, a press on "new evening" between
                clock.now += timedelta(minutes=10)
                journal.append_box(str(NewEvening()))
            elif evening:
                clock.now += EVENING_GAP + timedelta(days=1)
            for number in range(GAMES_AN_EVENING):
                script = parse_script(random_script(rng.choice(GAMES), rng), f"e{evening}g{number}")
                played = JournaledGame.start(journal, script.spec())
                if number == 0:
                    firsts.append(played.record.id)
                for index, line in enumerate(script.lines):
                    played.record_event(line.event, source=Source.CAMERA)
                    if index % 17 == 5:  # a slip taken back and made again
                        played.undo(source=Source.BUTTON)
                        played.record_event(line.event, source=Source.CAMERA)
                played.finish()
                _expect(script, played.record.id - number, expected)
                clock.now += timedelta(minutes=30)
    with Journal.open_read_only(tmp_path / JOURNAL_FILE) as reader:
        book = EveningBook()
        evenings = book.evenings(reader)
        records = {record.person.name: record for record in book.records(reader)}
    assert [evening.number for evening in evenings] == firsts
    assert all(len(evening.games) == GAMES_AN_EVENING for evening in evenings)
    assert set(records) == set(expected)
    for name, mine in expected.items():
        record = records[name]
        assert record.person == Person(name)
        assert (record.games, record.wins) == (mine.games, mine.wins), name
        oh_hell = record.oh_hell
        assert (oh_hell.hands, oh_hell.exact, oh_hell.points) == (
            mine.hands,
            mine.exact,
            mine.points,
        ), name
        assert (oh_hell.zero_bids, oh_hell.zero_made) == (mine.zero_bids, mine.zero_made)
        money = record.money
        assert (money.net, money.banker_rounds, money.banker_result) == (
            mine.money,
            mine.banker_rounds,
            mine.banker_result,
        ), name
        by_evening = {line.evening: line.money for line in record.evenings if line.money}
        assert by_evening == {k: v for k, v in mine.by_evening.items() if v}, name
    assert sum(record.games for record in records.values()) == sum(
        len(evening.games[0].amounts)
        + len(evening.games[1].amounts)
        + len(evening.games[2].amounts)
        for evening in evenings
    )
