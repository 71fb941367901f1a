"""Property tests on random legal Gwiazda games built from the rules' own legal events."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import Card, Rank, Suit
from companion.games.errors import RefusedEvent
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared
from companion.games.gwiazda.engine import Gwiazda
from companion.games.session import Game
from tests.games.gwiazda.gwiazda_helpers import legal_event, random_legal_game, state_of, table

EVENT_LIMIT = 120
SETTINGS = settings(max_examples=40, deadline=None)


@st.composite
def tables(draw: st.DrawFn) -> Game:
    players = draw(st.integers(6, 12))
    return table(
        players=players,
        banker=draw(st.integers(0, players - 1)),
        special_suit=draw(st.sampled_from([s.value for s in Suit])),
        match=draw(st.sampled_from(["card", "rank"])),
    )


@SETTINGS
@given(tables(), st.integers(0, 2**32))
def test_money_is_conserved_at_every_step(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(EVENT_LIMIT):
        event = legal_event(state_of(game), rng)
        if event is None:
            break
        game.apply(event)
        state = state_of(game)
        assert state.ledger.total() == 0
        body = game.to_json()
        balances = sum(seat["balance"] for seat in body["seats"])
        assert balances + body["bank"] == body["pool_total"]
        assert all(v.kind == "bank-short" for v in state.violations)


@SETTINGS
@given(tables(), st.integers(0, 2**32), st.integers(0, EVENT_LIMIT))
def test_replaying_a_prefix_then_the_rest_equals_replaying_all(
    game: Game, seed: int, cut: int
) -> None:
    played = random_legal_game(game, random.Random(seed), EVENT_LIMIT)
    engine = game.engine
    prefix = engine.fold(played[:cut])
    rest = prefix
    for event in played[cut:]:
        rest = engine.next_state(rest, event)
    assert rest == engine.fold(played) == game.state


@SETTINGS
@given(tables(), st.integers(0, 2**32), st.integers(1, EVENT_LIMIT), st.integers(1, 6))
def test_undo_restores_the_exact_previous_states(
    game: Game, seed: int, length: int, undos: int
) -> None:
    rng = random.Random(seed)
    snapshots = []
    for _ in range(length):
        event = legal_event(state_of(game), rng)
        if event is None:
            break
        snapshots.append((game.state, game.engine.state_json(game.state), event))
        game.apply(event)
    for state, body, event in reversed(snapshots[-undos:]):
        assert game.undo() == event
        assert game.state == state
        assert game.engine.state_json(game.state) == body


@SETTINGS
@given(tables(), st.integers(0, 2**32))
def test_a_legal_game_reaches_its_end_and_settles_every_stake(game: Game, seed: int) -> None:
    random_legal_game(game, random.Random(seed), 400)
    state = state_of(game)
    assert state.phase.value == "over"
    assert state.stakes_total == 0
    assert all(
        place.status.value in ("banker", "idle", "won", "lost", "left", "jacked")
        for place in state.seats
    )


_CARD = st.builds(Card, st.sampled_from(list(Rank)), st.sampled_from(list(Suit)))
_WORD = st.sampled_from(["0", "1", "5", "-3", "13", "x", "9", "KS"])
_EVENT: st.SearchStrategy[Event] = st.one_of(
    st.builds(CardSeen, st.sampled_from(["reveal", "bank", "trick"]), _CARD),
    st.builds(CardGone, st.sampled_from(["reveal", "bank"]), _CARD),
    st.builds(ZoneCleared, st.sampled_from(["reveal", "bank", "hand"])),
    st.builds(
        Action,
        st.sampled_from(["pool", "stake", "consent", "return", "newdeal", "bid"]),
        st.lists(_WORD, max_size=3).map(tuple),
    ),
)


@settings(max_examples=60, deadline=None)
@given(tables(), st.integers(0, 2**32), st.lists(_EVENT, max_size=60))
def test_random_events_are_only_ever_refused(game: Game, seed: int, noise: list[Event]) -> None:
    rng = random.Random(seed)
    for wild in noise:
        legal = legal_event(state_of(game), rng)
        for event in (wild, legal):
            if event is None:
                continue
            try:
                game.apply(event)
            except RefusedEvent as refusal:
                assert str(refusal)
    assert isinstance(game.engine, Gwiazda)
    assert state_of(game).ledger.total() == 0
