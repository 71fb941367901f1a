"""What --json shows of a Gwiazda table and the actions the buttons offer."""

from __future__ import annotations

from companion.games.events import Action
from tests.games.gwiazda.gwiazda_helpers import bank, play, reveal, table


def labels(game_text: str, **options: object) -> list[tuple[str, tuple[str, ...]]]:
    game = play(table(**options), game_text)
    return [(offer.name, offer.args) for offer in game.offers()]


def test_the_json_has_the_frames_keys_and_the_games_own() -> None:
    body = play(table(), "pool 10\nstake 1 9\n" + reveal("AC")).to_json()
    assert body["game"] == "gwiazda"
    assert body["phase"] == "deal"
    assert body["banker"] == 0
    assert body["bank"] == 51
    assert body["pool_total"] == 60
    assert body["next"] is None
    seat = body["seats"][1]
    assert list(seat)[:2] == ["seat", "balance"]
    assert seat | {"seat": 1} == {
        "seat": 1,
        "balance": 9,
        "deal": 9,
        "paid_in": 10,
        "cash": -1,
        "status": "in",
        "card": "AC",
        "stake": 18,
        "added": 9,
        "returned": False,
        "consent": False,
    }
    assert body["movements"][-1] == {
        "from": "bank",
        "to": 1,
        "amount": 9,
        "reason": "ace doubles the stake",
    }


def test_balances_plus_bank_make_the_pool() -> None:
    body = play(table(), "pool 10\nstake 1 9\nstake 2 5\n" + reveal("QC JH")).to_json()
    assert sum(seat["balance"] for seat in body["seats"]) + body["bank"] == 60


def test_the_payout_table_lists_every_settled_punter() -> None:
    body = play(
        table(), "pool 10\nstake 1 9\nstake 2 5\n" + reveal("KC 8H") + "\n" + bank("2S 3S 5H")
    ).to_json()
    assert body["payouts"] == [
        {"seat": 1, "card": "KC", "outcome": "left", "stake": 9, "amount": 9}
    ]
    game = play(
        table(), "pool 10\nstake 1 9\nstake 2 5\n" + reveal("KC 8H") + "\n" + bank("2S 3S 4S")
    )
    play(game, reveal("4S"))
    assert [p["outcome"] for p in game.to_json()["payouts"]] == ["left", "lost"]


def test_offers_follow_the_phases() -> None:
    assert labels("") == [("pool", ())]
    assert labels("pool 5", banker=2) == [("stake", (str(seat),)) for seat in (0, 1, 3, 4, 5)]
    stage1 = "pool 5\nstake 1 4\nstake 2 4\nstake 3 4\n" + reveal("KS JD 9C")
    assert labels(stage1) == [("consent", ("1",)), ("return", ("2",))]
    assert labels(stage1 + "\nconsent 1") == [("return", ("1",)), ("return", ("2",))]
    assert labels(stage1 + "\n" + bank("2C 3C 4C") + "\n" + reveal("5C")) == []
    assert labels(stage1 + "\n" + bank("2C 3C 4C") + "\n" + reveal("2C")) == [("newdeal", ())]


def test_a_comeback_after_a_king_is_offered_at_the_same_stake_only() -> None:
    game = play(table(), "pool 5\nstake 1 7\n" + reveal("KS") + "\nconsent 1")
    (offer,) = game.offers()
    assert offer.amount is not None and offer.amount.values() == (7,)
    game.apply(offer.action(7))
    assert game.to_json()["seats"][1]["status"] == "in"


def test_a_deal_everyone_left_offers_a_new_deal() -> None:
    game = play(table(), "pool 5\nstake 1 7\n" + reveal("JS") + "\n" + bank("2C 3C 4C"))
    assert [o.name for o in game.offers()] == ["return", "newdeal"]
    game.apply(Action("newdeal"))
    assert game.to_json()["deal"] == 2
