"""What the camera sees: cards appearing in and leaving the ``banker``, ``player`` and
``stock`` zones. The engine has already checked that a card belongs to the deck."""

from __future__ import annotations

from companion.cards import Card
from companion.games.errors import IllegalEvent, MisreadCard, OutOfTurn, Reason, SeatRef
from companion.games.ochko21.state import (
    BANKER_ZONE,
    STOCK_ZONE,
    Ochko21State,
    Phase,
)

PLAYING = (Phase.PLAYER, Phase.BANKER)


def card_seen(state: Ochko21State, zone: str, card: Card) -> None:
    where = state.zone_of(card)
    if where is not None:
        raise MisreadCard(
            f"{card} is already on the table (in the {where} zone): "
            "one deck holds each card once, so this is a misread",
            Reason.of("card-on-table", card=card),
        )
    if zone == STOCK_ZONE:
        _check_stock(state)
    elif zone == BANKER_ZONE:
        _check_banker_card(state)
    else:
        _check_player_card(state)
    state.table[zone].append(card)


def card_gone(state: Ochko21State, zone: str, card: Card) -> None:
    cards = state.table[zone]
    if card not in cards:
        shown = " ".join(str(c) for c in cards) or "no cards"
        raise IllegalEvent(
            f"{card} is not in the {zone} zone (it holds {shown})",
            Reason.of("not-in-zone", card=card, zone=zone),
        )
    cards.remove(card)
    state.stale.discard(card)


def zone_cleared(state: Ochko21State, zone: str) -> None:
    for card in state.table[zone]:
        state.stale.discard(card)
    state.table[zone] = []


def _check_stock(state: Ochko21State) -> None:
    shown = state.table[STOCK_ZONE]
    if shown:
        raise IllegalEvent(
            f"the pack already shows {shown[0]} face up: only one card lies face up on the pack",
            Reason.of("one-face-up", card=shown[0]),
        )


def _check_banker_card(state: Ochko21State) -> None:
    banker_cards = state.table[BANKER_ZONE]
    if state.phase is Phase.BANKER or not banker_cards:
        return
    if state.phase is Phase.PLAYER:
        raise OutOfTurn(
            f"the banker draws only after seat {state.turn} stands "
            f"(his face-up card {banker_cards[0]} is already out)",
            Reason.of("banker-after-stand"),
        )
    if any(card in state.stale for card in banker_cards):
        raise OutOfTurn(
            "the banker puts the played cards away before he takes his new card "
            f"(the banker zone still holds {_listing(banker_cards)})",
            Reason.of("put-away-first"),
        )
    raise OutOfTurn(
        f"the banker already has his face-up card {banker_cards[0]}: "
        "he draws more only after the player stands",
        Reason.of("banker-after-stand"),
    )


def _check_player_card(state: Ochko21State) -> None:
    if state.phase in PLAYING:
        return
    if state.phase is Phase.STAKE and state.turn is not None:
        raise OutOfTurn(
            f"seat {state.turn} names his stake before his cards are shown",
            Reason.of("stake-first", seat=SeatRef(state.turn)),
        )
    raise OutOfTurn(
        f"no player is playing against the bank now (phase: {state.phase.value})",
        Reason.of("no-player-now"),
    )


def _listing(cards: list[Card]) -> str:
    return " ".join(str(card) for card in cards)
