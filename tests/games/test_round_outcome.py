"""Each money game's view carries the outcome of the round just ended: every player's win
or loss and how much, the banker's final total, the bank afterwards (named for what it
is), the card that settled it and why, and the bank changing hands; none while a round is
in play. Expected figures are the ones the bundled examples' comments work out by hand."""

from __future__ import annotations

from companion.cards import Card
from companion.games.gwiazda.view import GwiazdaView
from companion.games.ochko_bank.view import OchkoBankView
from companion.games.round_outcome import (
    BankEnd,
    BankMeaning,
    Handover,
    RoundOutcome,
    SeatOutcome,
    Settled,
    Settlement,
)
from companion.tools.gallery import ScriptPoint
from companion.ui.views import GameView, game_view


def view_after(name: str, events: int | None = None) -> GameView:
    return game_view(ScriptPoint(f"example:{name}", events).game())


def outcome_after(name: str, events: int) -> RoundOutcome | None:
    outcome = getattr(view_after(name, events), "outcome", None)
    assert outcome is None or isinstance(outcome, RoundOutcome)
    return outcome


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def test_oczko_duel_with_both_hands_the_deciding_card_and_the_bank_left() -> None:
    # seat 1's 19 beats the banker's 17 for 4 (bank 6): the totals decided
    assert outcome_after("oczko", 9) == RoundOutcome(
        (SeatOutcome(1, 4),),
        banker=0,
        banker_total=17,
        bank=6,
        meaning=BankMeaning.SIZE,
        settlement=Settlement(Settled.HIGHER, None, 1, cards("10H 9H"), 19, cards("7S 10S"), 17),
    )
    # then seat 2's 9♦ takes him to 23 for 3 (bank 9); the banker's hand was never shown
    settled = outcome_after("oczko", 13)
    assert settled is not None and settled.seats == (SeatOutcome(2, -3),)
    assert settled.bank == 9 and settled.banker == 0
    assert settled.settlement == Settlement(
        Settled.OVER, Card.parse("9D"), 2, cards("KD 10D 9D"), 23, (), None
    )


def test_oczko_the_7_that_made_21_and_the_bank_taken_and_passed() -> None:
    # J♠ 8♥ K♠ then 7♥: 21 at once (issue 48: the 7♥ was never drawn)
    made = outcome_after("oczko", 31)
    assert made is not None and made.settlement is not None
    assert made.settlement.settled is Settled.TWENTY_ONE
    assert made.settlement.card == Card.parse("7H") and made.settlement.total == 21
    # after the four rounds seat 0 takes the 8 in the bank: seat 1 holds it now
    taken = outcome_after("oczko", 46)
    assert taken is not None
    assert taken.handover == Handover(0, BankEnd.TAKEN, 8, None, 1)
    assert taken.bank == 8 and taken.banker == 0  # as the last duel left them


def test_oczko_has_no_outcome_while_a_duel_is_played() -> None:
    assert outcome_after("oczko", 0) is None  # no duel yet
    assert outcome_after("oczko", 10) is None  # seat 2 has staked
    assert outcome_after("oczko", 34) is None  # the next duel's first cards are down


def test_ochko21_game_against_the_bank_until_the_next_games_first_card() -> None:
    # 20 beats the banker's 17: seat 1 takes 5, the bank holds 5
    expected = RoundOutcome(
        (SeatOutcome(1, 5),),
        0,
        17,
        5,
        BankMeaning.SIZE,
        Settlement(Settled.HIGHER, None, 1, cards("9H AD"), 20, cards("10S 7C"), 17),
    )
    assert outcome_after("ochko-21", 9) == expected
    # the last game's cards swept up: still the same outcome
    assert outcome_after("ochko-21", 11) == expected
    # the banker's card for the next game is down
    assert outcome_after("ochko-21", 12) is None
    # seat 2's 10♦ takes him to 23: he pays 5, the bank holds 10
    bust = outcome_after("ochko-21", 18)
    assert bust is not None and bust.seats == (SeatOutcome(2, -5),) and bust.bank == 10
    assert bust.settlement is not None and bust.settlement.settled is Settled.OVER
    assert bust.settlement.card == Card.parse("10D")


def test_ochko21_a_broken_bank_names_its_banker_and_the_next_one() -> None:
    """Issue 48: the outcome of the game that broke seat 1's bank named seat 2, the next
    banker, and the next bank's size once he had named it."""
    broken = outcome_after("ochko-21", 71)
    assert broken is not None
    assert broken.banker == 1 and broken.bank == 0 and broken.banker_total == 19
    assert broken.handover == Handover(1, BankEnd.BROKEN, 0, 2, 2)
    # seat 2 names his bank: the outcome is put away, not redrawn with his bank
    assert outcome_after("ochko-21", 74) is None


def test_ochko_bank_settled_round_gives_each_bettors_result_and_the_bankers() -> None:
    # seat 1's natural on 4 is paid 6 (3:2), seat 2's 21 beats 17 for 2, seat 3 bust for 3
    assert outcome_after("ochko-bank", 15) == RoundOutcome(
        (SeatOutcome(1, 6), SeatOutcome(2, 2), SeatOutcome(3, -3)),
        banker=0,
        banker_total=17,
        bank=-5,
        meaning=BankMeaning.BANKER_RESULT,
        settlement=Settlement(
            Settled.DEALER_STANDS, Card.parse("AD"), banker_cards=cards("9S 7C AD"), banker_total=17
        ),
        total=-5,
    )
    assert outcome_after("ochko-bank", 14) is None  # the dealer still draws
    assert outcome_after("ochko-bank", 19) is not None  # the cards swept up
    assert outcome_after("ochko-bank", 20) is None  # the next round's first bet


def test_ochko_bank_outcome_is_each_seats_money_moved_in_the_round() -> None:
    """Cross-check against the ledger: from one settled round to the next, a seat's
    balance moves by exactly what the later outcome says (only rounds move money), the
    banker's result is the round's (issue 48: it was his balance) and his total so far is
    his balance."""
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
        assert view.outcome.bank == balances[view.banker] - before[view.banker]
        assert view.outcome.bank == -sum(result.amount for result in view.outcome.seats)
        assert view.outcome.total == balances[view.banker]
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
