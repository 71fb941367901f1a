"""Each money game's view carries the outcome of the round just ended: every player's win
or loss and how much, the banker's final total, and the bank afterwards (named for what
it is); none while a round is in play. Expected figures are the ones the bundled
examples' comments work out by hand."""

from __future__ import annotations

from companion.games.gwiazda.view import GwiazdaView
from companion.games.ochko_bank.view import OchkoBankView
from companion.games.round_outcome import BankMeaning, RoundOutcome, SeatOutcome
from companion.tools.gallery import ScriptPoint
from companion.ui.views import GameView, game_view


def view_after(name: str, events: int | None = None) -> GameView:
    return game_view(ScriptPoint(f"example:{name}", events).game())


def outcome_after(name: str, events: int) -> RoundOutcome | None:
    outcome = getattr(view_after(name, events), "outcome", None)
    assert outcome is None or isinstance(outcome, RoundOutcome)
    return outcome


def test_oczko_duels_of_the_round_with_the_bankers_total_and_the_bank_left() -> None:
    # seat 1's 19 beats the banker's 17 for 4 (bank 6)
    assert outcome_after("oczko", 9) == RoundOutcome(
        (SeatOutcome(1, 4),), banker=0, banker_total=17, bank=6, meaning=BankMeaning.SIZE
    )
    # then seat 2 busts for 3 (bank 9); the banker's hand was never shown
    assert outcome_after("oczko", 13) == RoundOutcome(
        (SeatOutcome(1, 4), SeatOutcome(2, -3)), 0, None, 9, BankMeaning.SIZE
    )


def test_oczko_has_no_outcome_while_a_duel_is_played() -> None:
    assert outcome_after("oczko", 0) is None  # no duel yet
    assert outcome_after("oczko", 10) is None  # seat 2 has staked
    assert outcome_after("oczko", 34) is None  # the next duel's first cards are down


def test_ochko21_game_against_the_bank_until_the_next_games_first_card() -> None:
    # 20 beats the banker's 17: seat 1 takes 5, the bank holds 5
    expected = RoundOutcome((SeatOutcome(1, 5),), 0, 17, 5, BankMeaning.SIZE)
    assert outcome_after("ochko-21", 9) == expected
    # the last game's cards swept up: still the same outcome
    assert outcome_after("ochko-21", 11) == expected
    # the banker's card for the next game is down
    assert outcome_after("ochko-21", 12) is None
    # seat 2 bust and pays 5: the bank holds 10
    assert outcome_after("ochko-21", 18) == RoundOutcome(
        (SeatOutcome(2, -5),), 0, None, 10, BankMeaning.SIZE
    )


def test_ochko_bank_settled_round_gives_each_bettors_result_and_the_bankers() -> None:
    # seat 1's natural on 4 is paid 6 (3:2), seat 2's 21 beats 17 for 2, seat 3 bust for 3
    assert outcome_after("ochko-bank", 15) == RoundOutcome(
        (SeatOutcome(1, 6), SeatOutcome(2, 2), SeatOutcome(3, -3)),
        banker=0,
        banker_total=17,
        bank=-5,
        meaning=BankMeaning.BANKER_RESULT,
    )
    assert outcome_after("ochko-bank", 14) is None  # the dealer still draws
    assert outcome_after("ochko-bank", 19) is not None  # the cards swept up
    assert outcome_after("ochko-bank", 20) is None  # the next round's first bet


def test_ochko_bank_outcome_is_each_seats_money_moved_in_the_round() -> None:
    """Cross-check against the ledger: from one settled round to the next, a seat's
    balance moves by exactly what the later outcome says (only rounds move money), and the
    bank is the banker's balance."""
    before: dict[int, int | float] = {seat: 0 for seat in range(4)}
    last: RoundOutcome | None = None
    rounds = 0
    for events in range(81):
        view = view_after("ochko-bank", events)
        assert isinstance(view, OchkoBankView)
        if view.outcome is None or view.outcome == last:
            continue
        balances = {place.seat: place.balance for place in view.seats}
        moved = {seat: balances[seat] - before[seat] for seat in balances if seat != view.banker}
        assert moved == {
            seat: next((r.amount for r in view.outcome.seats if r.seat == seat), 0)
            for seat in moved
        }
        assert view.outcome.bank == balances[view.banker]
        before, last, rounds = balances, view.outcome, rounds + 1
    assert rounds == 4


def test_gwiazda_deal_over_gives_every_punters_result_and_the_bank() -> None:
    view = view_after("gwiazda", 45)
    assert isinstance(view, GwiazdaView) and view.outcome is not None
    outcome = view.outcome
    assert outcome.meaning is BankMeaning.SIZE and outcome.banker_total is None
    assert outcome.bank == view.bank
    # every punter who played the deal (seat 6 sat it out)
    assert [result.seat for result in outcome.seats] == [1, 2, 3, 4, 5]
    # what the punters won the bank paid: the bank's change this deal is their loss
    assert sum(result.amount for result in outcome.seats) == -view.bank_change
    assert outcome_after("gwiazda", 30) is None  # deck B is still being laid
