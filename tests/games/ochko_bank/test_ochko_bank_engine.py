"""The engine's frame: zones, seat zones, refusals that say why, offers and the JSON."""

from __future__ import annotations

import pytest

from companion.games.errors import IllegalEvent, OutOfTurn, UnknownAction
from companion.games.events import parse_event
from tests.games.ochko_bank.ochko_bank_helpers import play, table

DEAL = "bet 1 3\nbet 2 5\ncard dealer 6D\ncard seat1 10S\ncard seat1 6S\ncard seat2 9H\n"


@pytest.mark.parametrize(
    ("line", "error", "reason"),
    [
        ("card seat9 5H", UnknownAction, 'no zone "seat9"'),
        ("card seat5 5H", IllegalEvent, "seats 0..2"),
        ("card seat0 5H", IllegalEvent, "dealer zone"),
        ("card marker 5H", IllegalEvent, "marker zone"),
        ("bet 7 2", UnknownAction, "no seat 7"),
        ("bet 1 lots", UnknownAction, "not a whole number"),
        ("bet 1", UnknownAction, "expected"),
        ("double 1", UnknownAction, 'no action "double"'),
        ("stand 1 z", UnknownAction, "a..d"),
        ("keep 1 5H", UnknownAction, "expected"),
    ],
)
def test_bad_events_are_refused_with_a_reason(
    line: str, error: type[Exception], reason: str
) -> None:
    game = table()
    with pytest.raises(error, match=reason):
        game.apply(parse_event(line))


def test_a_refused_event_leaves_the_state_unchanged() -> None:
    game = play(table(), DEAL)
    before = game.to_json()
    with pytest.raises(OutOfTurn):
        game.apply(parse_event("stand 2"))
    assert game.to_json() == before


def test_the_json_has_the_required_keys() -> None:
    body = play(table(), DEAL + "card seat2 7H").to_json()
    for key in ("phase", "seats", "bank", "banker", "turn", "dealer", "shoe", "violations"):
        assert key in body
    assert list(body["seats"][0])[:2] == ["seat", "balance"]
    assert body["seats"][1]["cards"] == "10S 6S"
    assert body["seats"][1]["hands"]["a"] == {
        "zone": "seat1",
        "cards": ["10S", "6S"],
        "total": 16,
        "soft": False,
        "bet": 3,
        "status": "drawing",
    }


def test_offers_follow_the_phase() -> None:
    game = table(min_bet=2, max_bet=4)
    bets = [o for o in game.offers() if o.name == "bet"]
    assert [o.args for o in bets] == [("1",), ("2",)]
    assert bets[0].amount is not None
    assert bets[0].amount.values() == (0, 2, 3, 4)
    play(game, DEAL.replace("bet 2 5", "bet 2 4") + "card seat2 9C")
    names = {(o.name, o.args) for o in game.offers()}
    assert ("split", ("2",)) not in names
    assert ("stand", ("1",)) in names
    play(game, "stand 1")
    assert ("split", ("2",)) in {(o.name, o.args) for o in game.offers()}


def test_the_dealer_seat_can_be_any_seat() -> None:
    game = play(
        table(players=3, dealer=1), "bet 2 3\ncard dealer 6D\ncard seat2 10S\ncard seat2 9S"
    )
    play(game, "stand 2\ncard dealer 10C\ncard dealer 5C")
    assert [s["balance"] for s in game.to_json()["seats"]] == [0, 3, -3]
    assert game.to_json()["bank"] == 3
