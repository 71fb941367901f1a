"""The JSON view: the keys the companion and the screens rely on."""

from __future__ import annotations

from tests.games.ochko21.ochko21_helpers import WORKED_EXAMPLE, as_json, play


def test_the_json_has_the_common_keys_and_the_seats_start_with_seat_and_balance() -> None:
    data = as_json(play(WORKED_EXAMPLE))
    assert data["game"] == "ochko-21"
    assert data["phase"] == "stake"
    assert data["bank"] == 10
    assert data["banker"] == 0
    for index, seat in enumerate(data["seats"]):
        assert list(seat)[:2] == ["seat", "balance"]
        assert seat["seat"] == index
    assert [seat["balance"] for seat in data["seats"]] == [-10, 5, -5]
    assert sum(seat["balance"] for seat in data["seats"]) + data["bank"] == 0


def test_the_json_tracks_the_bank_the_stuk_and_the_turn() -> None:
    data = as_json(play(WORKED_EXAMPLE))
    assert data["initial_stake"] == 10
    assert data["stuk_at"] == 30
    assert data["stuk"] is False
    assert data["turn"] == 1
    assert data["round"] == 2
    assert data["seats"][0]["role"] == "banker"
    assert data["seats"][2]["last_result"] == "bust"
    assert data["seats"][2]["last_amount"] == -5
    assert data["last_game"] == {
        "seat": 2,
        "stake": 5,
        "outcome": "bust",
        "amount": -5,
        "total": 23,
        "banker_total": None,
    }


def test_the_json_shows_the_cards_and_totals_on_the_mat() -> None:
    data = as_json(play("card stock 9C\nbank 10\ncard banker 10S\nstake 4\nstand\ncard banker 7C"))
    assert data["stock_card"] == "9C"
    assert data["banker_cards"] == ["10S", "7C"]
    assert data["banker_total"] == 17
    assert data["player_cards"] == []
    assert data["player_total"] is None
    assert data["stake"] == 4
    assert data["seats"][1]["stake"] == 4
    assert data["phase"] == "banker-draws"


def test_the_json_lists_the_movements_and_the_cards_to_put_away() -> None:
    data = as_json(play(WORKED_EXAMPLE))
    assert [m["amount"] for m in data["movements"]] == [10, 5, 5]
    assert data["movements"][0] == {
        "from": 0,
        "to": "bank",
        "amount": 10,
        "reason": "seat 0 banks 10",
    }
    assert data["put_away"] == ["10D", "6C", "8S", "KS", "QD"]
