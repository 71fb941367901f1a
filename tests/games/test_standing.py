"""Where a game's seats stand, as every game says it of its own state: checked after
every event of random lawful games against what the state's JSON says (an independent
reading: the balances, the bank and its owner, the sheet's rows)."""

from __future__ import annotations

import random

import pytest

from companion.games.events import Event
from companion.games.registry import make_engine
from companion.games.session import Game
from companion.games.standing import Counted
from tests.takings import takings
from tests.ui.oracle.games import PLANS

SEEDS = range(4)
STEPS = 160


@pytest.mark.parametrize("game_id", sorted(PLANS))
def test_every_games_standing_agrees_with_its_state_at_every_event(game_id: str) -> None:
    plan = PLANS[game_id]
    for seed in SEEDS:
        rng = random.Random(seed)
        options = plan.options[rng.randrange(len(plan.options))]
        game = Game(make_engine(game_id, dict(options)))
        played: list[Event] = []
        settled = 0  # the rows the standing's key says were settled so far
        last = game.engine.standing(game.state).settled
        for _ in range(STEPS):
            standing = game.engine.standing(game.state)
            settled += standing.settled != last
            last = standing.settled
            state = game.to_json()
            rows = game.engine.score_sheet(played).rows
            assert settled == len(rows), (seed, len(played))
            if standing.counted is Counted.MONEY:
                assert list(standing.amounts) == takings(state), (seed, len(played))
                assert sum(standing.amounts) == 0
                assert standing.banker == state["banker"]
            else:
                scored = [
                    sum(hand["points"][seat] for hand in state["score_sheet"])
                    for seat in range(len(state["seats"]))
                ]
                assert list(standing.amounts) == scored
                hands = game.engine.hand_scores(game.state)
                assert [list(hand.bids) for hand in hands] == [
                    row["bids"] for row in state["score_sheet"]
                ]
                if state["phase"] == "over":
                    assert list(standing.winners) == state["outcome"]["winners"]
            event = plan.next_event(game, rng)
            if event is None:
                break
            game.apply(event)
            played.append(event)
