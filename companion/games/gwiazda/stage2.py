"""Stage 2 on deck B: the three covering cards, the 16 face-down society cards, the three
guards, then the 22 won-and-lost cards; a match with a banker's card ends it for every
punter."""

from __future__ import annotations

from companion.cards import Card
from companion.games.errors import MisreadCard, Reason
from companion.games.gwiazda.options import Match
from companion.games.gwiazda.state import (
    COVER_CARDS,
    GUARD_CARDS,
    SOCIETY_CARDS,
    WON_LOST_CARDS,
    GwiazdaState,
    MatchFound,
    Phase,
    Stage,
    Status,
)


def deck_b_card(state: GwiazdaState, card: Card, match: Match) -> None:
    if state.phase is Phase.RESTAKE:
        state.phase = Phase.COVER
        state.deck_b_stakes = state.stakes_total
    deck = state.deck_b
    if state.phase is Phase.WON_LOST:
        _won_lost_card(state, card, match)
        return
    if card in deck.face_up:
        raise MisreadCard(
            f"{card} of deck B was already seen face up: deck B has one {card}",
            Reason.of("card-seen", card=card),
        )
    if state.phase is Phase.COVER:
        deck.cover.append(card)
        stage = Stage.COVER
        if len(deck.cover) == COVER_CARDS:
            state.phase = Phase.GUARD
    else:
        deck.guard.append(card)
        stage = Stage.GUARD
        if len(deck.guard) == GUARD_CARDS:
            state.phase = Phase.WON_LOST
    _check_match(state, card, stage, match)


def _won_lost_card(state: GwiazdaState, card: Card, match: Match) -> None:
    deck = state.deck_b
    if card in deck.won_lost:
        raise MisreadCard(
            f"{card} of deck B was already laid out: deck B has one {card}",
            Reason.of("card-seen", card=card),
        )
    if card not in deck.face_up:
        if deck.society_seen >= SOCIETY_CARDS:
            missing = " ".join(str(c) for c in deck.face_up if c not in deck.won_lost)
            raise MisreadCard(
                f"{card} is not among the 22 cards: all {SOCIETY_CARDS} society cards are "
                f"out and the rest must be the cover and guard cards ({missing})",
                Reason.of("not-among-22", card=card),
            )
        deck.society_seen += 1
    deck.won_lost.append(card)
    _check_match(state, card, Stage.SOCIETY, match)
    if state.phase is Phase.WON_LOST and len(deck.won_lost) == WON_LOST_CARDS:
        _settle(state)


def matches(card: Card, bank_card: Card, match: Match) -> bool:
    if match is Match.RANK:
        return card.rank is bank_card.rank
    return card == bank_card


def _check_match(state: GwiazdaState, card: Card, stage: Stage, match: Match) -> None:
    for bank_card in state.bank_cards:
        if matches(card, bank_card, match):
            state.match = MatchFound(card, bank_card, stage)
            for place in state.seats:
                if place.status is Status.IN:
                    _lose(state, place.seat, f"{card} matches the bank's {bank_card}")
            state.phase = Phase.OVER
            return


def _settle(state: GwiazdaState) -> None:
    laid = state.deck_b.won_lost
    for place in state.seats:
        if place.status is not Status.IN or place.card is None:
            continue
        if place.card in laid:
            state.bank_pays(place.seat, place.stake, f"{place.card} is among the won-and-lost")
            place.status = Status.WON
        else:
            _lose(state, place.seat, f"{place.card} is not among the won-and-lost")
    state.phase = Phase.OVER


def _lose(state: GwiazdaState, seat: int, reason: str) -> None:
    state.punter_pays(seat, state.seats[seat].stake, reason)
    state.seats[seat].status = Status.LOST
