"""A money sheet's columns add up: on every row, the players' columns and the bank (where
it has a column of its own) come to what the words under the table say, which is what the
rules make it: nothing is won that is not lost (0), except the money paid into Gwiazda's
bank from outside the players' columns (each player's share of the pool)."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.engine import ActionOffer
from companion.games.errors import RefusedEvent
from companion.games.events import CardSeen, Event, ZoneCleared
from companion.games.registry import make_engine
from companion.games.session import Game
from companion.games.spec import GameSpec
from companion.journal.records import GameRecord
from companion.sheet.model import GameSheet, game_sheet
from companion.values.language import Language
from tests.journal.helpers import example

MONEY_GAMES = ("oczko", "ochko-21", "ochko-bank", "gwiazda")
PLAYERS = {"oczko": (2, 10), "ochko-21": (2, 10), "ochko-bank": (2, 8), "gwiazda": (6, 12)}
STEPS = 300
WHEN = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)


def _sheet(game: Game, language: Language = Language.EN) -> GameSheet:
    record = GameRecord(1, GameSpec.of_engine(game.engine).header(every_option=True), WHEN, None)
    return game_sheet(record, game, language)


def _by_the_rules(game: Game) -> Fraction:
    """What the rules say the columns hold between them: 0, or in Gwiazda what every
    player paid into the bank (its view's pool, each player's share)."""
    state = game.to_json()
    if state["game"] == "gwiazda":
        return Fraction(state["pool"]) * len(state["seats"])
    return Fraction(0)


def _check_adds_up(game: Game) -> int:
    """Every row of the game's sheet adds up to what its words say; the rows checked."""
    sheet = _sheet(game)
    expected = _by_the_rules(game)
    assert sheet.adds_up_to == expected
    columns: list[tuple[str, ...]] = []
    for row in sheet.rows:
        cells = (*row.seats, *([row.bank or ""] if sheet.bank_column else []))
        assert sum(Fraction(cell) for cell in cells) == expected, (row, expected)
        columns.append(cells)
    if sheet.rows:
        assert sheet.totals == columns[-1]  # the total row is the last row
        assert f"add up to {float(expected):g}" in sheet.legend[0], sheet.legend
    return len(sheet.rows)


def test_the_examples_columns_add_up_on_every_row_after_every_event() -> None:
    rows = 0
    for name in MONEY_GAMES:
        script = example(name)
        game = Game(make_engine(script.game, script.options))
        for line in script.lines:
            game.apply(line.event)
            rows += _check_adds_up(game)
    assert rows > 0


def test_the_words_under_the_table_say_what_the_columns_are() -> None:
    script = example("gwiazda")
    game = Game(make_engine(script.game, script.options))
    for line in script.lines:
        game.apply(line.event)
    sheet = _sheet(game)
    assert sheet.legend[0].endswith("Players and bank add up to 140: the 7 × 20 paid in.")
    assert "the 20 each paid into the bank not counted" in sheet.legend[0]
    assert sheet.legend[1].startswith("Under a balance: in brackets the stake")
    polish = _sheet(game, Language.PL)
    assert polish.legend[0].endswith("Gracze i bank razem: 140, czyli 7 × 20 wpłacone.")


def _offer_event(offer: ActionOffer, rng: random.Random) -> Event:
    if offer.amount is None:
        return offer.action()
    return offer.action(rng.choice(offer.amount.values()))


def _step(game: Game, rng: random.Random) -> bool:
    """One lawful event: an offered action, or a random card put down in (or a clearing
    of) one of the game's zones; False when none is taken."""
    found: list[Event] = [_offer_event(offer, rng) for offer in game.offers()]
    for zone in game.engine.zones:
        found.append(CardSeen(zone, rng.choice(game.engine.deck.distinct_cards)))
        found.append(ZoneCleared(zone))
    rng.shuffle(found)
    for event in found:
        try:
            game.apply(event)
        except RefusedEvent:
            continue
        return True
    return False


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(MONEY_GAMES), st.integers(0, 2**32 - 1), st.data())
def test_a_random_lawful_games_columns_add_up(game_id: str, seed: int, data: st.DataObject) -> None:
    low, high = PLAYERS[game_id]
    players = data.draw(st.integers(low, high), label="players")
    game = Game(make_engine(game_id, {"players": str(players)}))
    rng = random.Random(seed)
    for _ in range(STEPS):
        if not _step(game, rng):
            break
    _check_adds_up(game)
