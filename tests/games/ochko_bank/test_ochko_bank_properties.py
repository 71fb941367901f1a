"""Property tests on random legal ochko-bank games built from the engine's own offers."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.errors import RefusedEvent
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared
from companion.games.ochko_bank.engine import ZONES, OchkoBank
from companion.games.ochko_bank.state import OchkoBankState
from companion.games.session import Game
from tests.games.ochko_bank.ochko_bank_helpers import (
    ALL_CARDS,
    candidate_events,
    random_legal_game,
    state_of,
    table,
)

STEPS = 120
SETTINGS = settings(max_examples=30, deadline=None)
ACTION_NAMES = (
    "bet",
    "peek",
    "stand",
    "split",
    "accept",
    "refuse",
    "withdraw",
    "face-up",
    "keep",
    "exposed",
    "marker",
    "reshuffle",
    "nonsense",
)
WORDS = ("0", "1", "2", "3", "5", "11", "a", "b", "e", "-1", "x", "AS", "10H", "QD", "1C")


@st.composite
def tables(draw: st.DrawFn) -> Game:
    players = draw(st.integers(2, 6))
    return table(
        players=players,
        dealer=draw(st.integers(0, players - 1)),
        min_bet=draw(st.integers(1, 3)),
        max_bet=draw(st.integers(3, 12)),
        round_payout=draw(st.sampled_from(["none", "down", "up"])),
        resplit=draw(st.sampled_from(["on", "off"])),
        split_natural=draw(st.sampled_from(["on", "off"])),
        player_first_card_up=draw(st.sampled_from(["on", "off"])),
    )


@SETTINGS
@given(tables(), st.integers(0, 10**6))
def test_money_is_conserved_at_every_step(game: Game, seed: int) -> None:
    engine = game.engine
    dealer = engine.options.dealer
    state = engine.initial_state()
    for event in random_legal_game(game, seed, STEPS):
        state = engine.next_state(state, event)
        assert state.ledger.total() == 0
        assert state.ledger.bank == 0
    body = engine.state_json(state)
    assert body["bank"] == body["seats"][dealer]["balance"]
    assert sum(seat["balance"] for seat in body["seats"]) == 0


@SETTINGS
@given(tables(), st.integers(0, 10**6), st.integers(0, STEPS))
def test_replaying_a_prefix_then_the_rest_equals_the_whole(game: Game, seed: int, cut: int) -> None:
    events = random_legal_game(game, seed, STEPS)
    engine = game.engine
    prefix = engine.fold(events[:cut])
    whole = engine.fold(events)
    rest = prefix
    for event in events[cut:]:
        rest = engine.next_state(rest, event)
    assert rest == whole == game.state


@SETTINGS
@given(tables(), st.integers(0, 10**6))
def test_undo_restores_the_exact_previous_state(game: Game, seed: int) -> None:
    events = random_legal_game(game, seed, STEPS)
    if not events:
        return
    before = game.engine.fold(events[:-1])
    json_before = Game(game.engine)
    for event in events[:-1]:
        json_before.apply(event)
    assert game.undo() == events[-1]
    assert game.state == before
    assert game.to_json() == json_before.to_json()


@SETTINGS
@given(tables(), st.integers(0, 10**6))
def test_every_offer_is_accepted(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    random_legal_game(game, seed, rng.randrange(STEPS))
    for offer in game.offers():
        event = offer.action(offer.amount.values()[-1]) if offer.amount else offer.action()
        assert game.can_apply(event) is None, (str(event), game.to_json()["phase"])


def _random_event(rng: random.Random) -> Event:
    zone = rng.choice(ZONES)
    card = rng.choice(ALL_CARDS)
    args = tuple(rng.choice(WORDS) for _ in range(rng.randrange(4)))
    choices: list[Event] = [
        CardSeen(zone, card),
        CardGone(zone, card),
        ZoneCleared(zone),
        Action(rng.choice(ACTION_NAMES), args),
    ]
    return rng.choice(choices)


@SETTINGS
@given(tables(), st.integers(0, 10**6))
def test_fuzz_refuses_only_with_refused_event(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    random_legal_game(game, seed, rng.randrange(STEPS // 2))
    for _ in range(STEPS):
        event = rng.choice([_random_event(rng), *candidate_events(game, rng)[:1]])
        try:
            game.apply(event)
        except RefusedEvent:
            continue
        assert state_of(game).ledger.total() == 0
    assert isinstance(game.engine, OchkoBank)


def _with_offer_decisions(game: Game, rng: random.Random) -> list[Event]:
    """The random game's candidates plus an exposed card and every seat's accept/refuse."""
    seats = [str(seat) for seat in range(game.engine.options.players)]
    found = [
        *candidate_events(game, rng),
        Action("exposed", (str(rng.choice(ALL_CARDS)),)),
        *(Action(name, (seat,)) for name in ("accept", "refuse") for seat in seats),
    ]
    rng.shuffle(found)
    return found


def _hands(state: OchkoBankState) -> list[list[list[str]]]:
    return [[[str(card) for card in hand.cards] for hand in entry.hands] for entry in state.seats]


def _apply_one(game: Game, rng: random.Random) -> OchkoBankState | None:
    """Apply the first accepted candidate; return the state before it, None if none was.

    Every refused candidate must leave the state exactly as it was."""
    before: OchkoBankState = copy.deepcopy(state_of(game))
    for event in _with_offer_decisions(game, rng):
        try:
            game.apply(event)
        except RefusedEvent:
            assert game.state == before, str(event)
            continue
        return before
    return None


@SETTINGS
@given(tables(), st.integers(0, 10**6))
def test_a_card_nobody_asked_for_is_never_offered_to_a_third_player(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    asked: list[int] = []  # the seats the card now on offer went to, in order
    for _ in range(STEPS):
        before = _apply_one(game, rng)
        if before is None:
            return
        offered = state_of(game).offered
        if offered is None:
            last = game.events[-1]
            if before.offered is not None and isinstance(last, Action) and last.name == "refuse":
                assert _hands(state_of(game)) == _hands(before)  # discarded, in no hand
            asked = []
            continue
        if offered.to_seat not in asked:
            asked.append(offered.to_seat)
        assert len(asked) <= 2, asked
        assert asked == list(offered.takers[: len(asked)])
        for seat in range(game.engine.options.players):
            if seat != offered.to_seat:
                for name in ("accept", "refuse"):
                    assert game.can_apply(Action(name, (str(seat),))) is not None
