from __future__ import annotations

import pytest

from companion.games.errors import IllegalEvent, OutOfTurn
from tests.games.oczko.oczko_helpers import balances, play, refused, table


def test_punter_oczko_wins_at_once() -> None:
    game = play(table(), "bank 10", "stake 3", "card punter 10S", "card punter AS")
    result = game.to_json()["results"][0]
    assert (result["outcome"], result["winner"], result["paid"]) == ("punter-special", 1, 3)


@pytest.mark.parametrize("cards", [("AS", "AH"), ("JS", "QS", "KS", "JH", "QH")])
def test_other_special_hands_win_at_once(cards: tuple[str, ...]) -> None:
    game = play(table(), "bank 10", "stake 3", *(f"card punter {c}" for c in cards))
    assert game.to_json()["results"][0]["outcome"] == "punter-special"
    assert balances(game)[1] == 3


def test_punter_over_21_busts_at_once() -> None:
    game = play(table(), "bank 10", "stake 3", "card punter 10S", "card punter 6S")
    assert game.to_json()["phase"] == "punter"
    play(game, "card punter 9S")
    assert game.to_json()["results"][0]["outcome"] == "punter-bust"
    assert balances(game)[1] == -3


def test_declared_bust_without_cards() -> None:
    game = play(table(), "bank 10", "stake 3", "bust")
    assert game.to_json()["results"][0]["outcome"] == "declared-bust"
    assert game.to_json()["bank"] == 13


def test_banker_draws_only_after_the_punter_stands() -> None:
    game = play(table(), "bank 10", "stake 3", "card banker 8S")
    assert "only after seat 1 stands" in refused(game, "card banker 9S", OutOfTurn)
    play(game, "stand", "card banker 9S")
    assert game.to_json()["banker_total"] == 17


def test_banker_must_draw_at_15_in_version_one() -> None:
    game = play(table(), "bank 10", "stake 3", "stand", "card punter 10S", "card punter 6S")
    play(game, "card banker 9H", "card banker 6H")
    assert game.to_json()["banker_obligation"] == "must_draw"
    assert all(o.name != "showdown" for o in game.offers())
    assert "must draw" in refused(game, "showdown", IllegalEvent)
    play(game, "card banker JH")  # 17
    assert game.to_json()["banker_obligation"] == "may_not_draw"
    play(game, "showdown")
    assert game.to_json()["results"][0]["winner"] == 0


def test_banker_may_not_draw_at_17() -> None:
    game = play(table(), "bank 10", "stake 3", "stand", "card banker 10H", "card banker 7H")
    assert "may not draw" in refused(game, "card banker 6H", IllegalEvent)


def test_banker_stand_exactly_17_lets_him_draw_at_18() -> None:
    game = play(table(banker_stand="exactly_17"), "bank 10", "stake 3", "stand")
    play(game, "card banker 10H", "card banker 8H")
    assert game.to_json()["banker_obligation"] == "free"
    play(game, "card banker JH")  # 20
    assert game.to_json()["banker_total"] == 20


def test_banker_special_wins_and_banker_bust_loses() -> None:
    game = play(table(), "bank 10", "stake 3", "stand", "card banker 10H", "card banker AH")
    assert game.to_json()["results"][0]["outcome"] == "banker-special"
    play(game, "stake 2", "stand", "card banker 10D", "card banker 6D", "card banker 9D")
    assert game.to_json()["results"][1]["outcome"] == "banker-bust"
    assert balances(game) == [-10, -3, 2]
    assert game.to_json()["bank"] == 11


def test_showdown_higher_total_wins_ties_to_the_banker() -> None:
    game = play(table(), "bank 10", "stake 3", "stand", "card punter 10S", "card punter 9S")
    play(game, "card banker 10H", "card banker 8H", "showdown")
    assert game.to_json()["results"][0]["winner"] == 1
    play(game, "stake 3", "stand", "card punter 10D", "card punter 8D")
    play(game, "card banker 10C", "card banker 8C", "showdown")
    assert game.to_json()["results"][1]["winner"] == 0


def test_showdown_needs_both_hands_shown() -> None:
    game = play(table(), "bank 10", "stake 3", "stand", "card banker 10H", "card banker 8H")
    assert "not shown his cards" in refused(game, "showdown", IllegalEvent)
    assert "after the punter stands" in refused(
        play(table(), "bank 10", "stake 1"), "showdown", OutOfTurn
    )


def test_revealed_punter_bust_loses_the_showdown() -> None:
    game = play(table(), "bank 10", "stake 3", "stand", "card banker 10H", "card banker 7H")
    play(game, "card punter 10S", "card punter 8S", "card punter 6S", "showdown")
    assert game.to_json()["results"][0]["winner"] == 0


def test_banker_keeps_his_card_after_a_bust_only_in_version_one() -> None:
    game = play(table(), "bank 10", "card banker 9H", "stake 1", "bust")
    assert game.to_json()["banker_cards"] == ["9H"]
    play(game, "stake 1", "stand", "card punter 10S", "card punter 9S", "card banker 10H")
    play(game, "showdown")
    assert game.to_json()["banker_cards"] == []


def test_version_two_keeps_the_base_card_for_the_round() -> None:
    game = play(table(version="2"), "bank 10", "stake 1", "stand", "card punter 10S")
    play(game, "card punter 9S", "card banker 9H", "card banker 10H", "showdown")
    assert game.to_json()["banker_cards"] == ["9H"]
    play(game, "stake 1", "bust")
    assert game.to_json()["banker_cards"] == []  # a new round: a new base card


def test_round_four_open_card_is_flagged_when_missing() -> None:
    game = play(table(players="2"), "bank 10")
    for _ in range(3):
        play(game, "stake 1", "bust")
    assert game.to_json()["open_card_required"] is True
    play(game, "stake 1", "stand")
    violations = game.to_json()["violations"]
    assert [v["kind"] for v in violations] == ["closed-card"]


def test_round_four_open_card_shown_is_not_flagged() -> None:
    game = play(table(players="2"), "bank 10")
    for _ in range(3):
        play(game, "stake 1", "bust")
    play(game, "card banker 9H", "stake 1", "stand")
    assert game.to_json()["violations"] == []


def test_version_two_open_card_from_round_two() -> None:
    game = play(table(players="2", version="2"), "bank 10", "stake 1", "bust")
    assert game.to_json()["violations"] == []
    play(game, "stake 1", "bust")
    assert [v["kind"] for v in game.to_json()["violations"]] == ["closed-card"]


def test_double_is_refused_while_the_bottom_card_lies_in_the_stock() -> None:
    game = play(table(), "bank 10", "card stock 7C", "stake 1")
    assert "bottom card 7C is still there" in refused(game, "double", IllegalEvent)
    assert all(o.name != "double" for o in game.offers())
    play(game, "clear stock")
    assert any(o.name == "double" for o in game.offers())


def test_reshuffle_after_doubling_lets_the_punter_go_on() -> None:
    game = play(table(), "bank 10", "card stock 7C", "stake 1", "card punter 7C", "double")
    assert "throws in" in refused(game, "card punter 8C", OutOfTurn)
    play(game, "reshuffle", "card punter 8C")
    assert game.to_json()["punter_total"] == 15
    assert game.to_json()["phase"] == "punter"


def test_banker_bust_after_a_revealed_punter_bust_goes_to_the_banker() -> None:
    game = play(table(), "bank 10", "card banker 9H", "stake 3", "stand")
    play(game, "card punter 10S", "card punter 8S", "card punter 7S")  # 25, revealed
    play(game, "card banker 6H", "card banker 10H")  # 15, then 25
    result = game.to_json()["results"][0]
    assert (result["outcome"], result["winner"]) == ("punter-bust", 0)
    assert game.to_json()["banker_cards"] == []  # his card took part: a new one


def test_special_hand_shown_after_standing_wins_at_once() -> None:
    game = play(table(), "bank 10", "stake 5", "stand", "card banker KS", "card punter AH")
    assert game.to_json()["phase"] == "banker"
    play(game, "card punter 10H")
    result = game.to_json()["results"][0]
    assert (result["outcome"], result["winner"], result["paid"]) == ("punter-special", 1, 5)
    assert game.to_json()["phase"] == "stake"
    assert balances(game)[1] == 5
