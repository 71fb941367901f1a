"""The button actions legal now, one offer per seat and choice."""

from __future__ import annotations

from itertools import combinations

from companion.games.engine import ActionOffer, AmountChoice
from companion.games.ochko_bank.deal import overdealt_seats
from companion.games.ochko_bank.hands import NATURAL_CARDS, is_pair, lets_dealer_peek
from companion.games.ochko_bank.options import OchkoBankOptions
from companion.games.ochko_bank.state import MAX_HANDS, OchkoBankState, Phase, hand_label
from companion.games.ochko_bank.turns import first_drawer


def table_offers(state: OchkoBankState, options: OchkoBankOptions) -> tuple[ActionOffer, ...]:
    offered = state.offered
    if offered is not None:
        seat = str(offered.to_seat)
        return (
            ActionOffer("accept", f"seat {seat} takes {offered.card}", (seat,)),
            ActionOffer("refuse", f"seat {seat} refuses {offered.card}", (seat,)),
        )
    found: list[ActionOffer] = []
    if state.phase in (Phase.BETTING, Phase.SETTLED):
        found.extend(_bets(options))
    elif state.phase is Phase.DEAL:
        found.extend(_deal_decisions(state, options))
    else:
        found.extend(_face_up_decisions(state, options))
    if state.phase is Phase.NATURALS and lets_dealer_peek(state.dealer_hand.cards[0]):
        found.append(ActionOffer("peek", "dealer peeked: no natural"))
    if state.phase in (Phase.NATURALS, Phase.PLAY):
        found.extend(_draw_choices(state, options))
    if state.shoe.marker_reached:
        found.append(ActionOffer("reshuffle", "reshuffle at the marker"))
    else:
        found.append(ActionOffer("marker", "the marker card is reached"))
        if state.phase in (Phase.BETTING, Phase.SETTLED):
            found.append(ActionOffer("reshuffle", "reshuffle before the deal"))
    return tuple(found)


def _bets(options: OchkoBankOptions) -> list[ActionOffer]:
    below_minimum = tuple(range(1, options.min_bet))
    return [
        ActionOffer(
            "bet",
            f"seat {seat} bets",
            (str(seat),),
            AmountChoice(0, options.max_bet, below_minimum),
        )
        for seat in options.player_seats
    ]


def _deal_decisions(state: OchkoBankState, options: OchkoBankOptions) -> list[ActionOffer]:
    found: list[ActionOffer] = []
    overdealt = overdealt_seats(state)
    for seat in options.player_seats:
        entry = state.seats[seat]
        if not entry.in_round:
            continue
        arg = (str(seat),)
        cards = entry.hands[0].cards
        if entry.face_up_pending:
            found.append(ActionOffer("accept", f"seat {seat} keeps the face-up card", arg))
        if entry.face_up_pending or len(cards) < NATURAL_CARDS:
            found.append(ActionOffer("withdraw", f"seat {seat} takes his bet back", arg))
        if len(cards) == 1 and not entry.hands[0].short_dealt and not entry.face_up_pending:
            found.append(ActionOffer("accept", f"seat {seat} takes the missing card later", arg))
        elif len(cards) == NATURAL_CARDS:
            found.append(ActionOffer("face-up", f"seat {seat}'s card was dealt face up", arg))
        if seat in overdealt:
            pairs = sorted({(str(a), str(b)) for a, b in combinations(cards, NATURAL_CARDS)})
            found.extend(
                ActionOffer("keep", f"seat {seat} keeps {a} {b}", (*arg, a, b)) for a, b in pairs
            )
    return found


def _face_up_decisions(state: OchkoBankState, options: OchkoBankOptions) -> list[ActionOffer]:
    found: list[ActionOffer] = []
    for seat in options.player_seats:
        if state.seats[seat].face_up_pending:
            arg = (str(seat),)
            found.append(ActionOffer("accept", f"seat {seat} keeps the face-up card", arg))
            found.append(ActionOffer("withdraw", f"seat {seat} takes his bet back", arg))
    return found


def _draw_choices(state: OchkoBankState, options: OchkoBankOptions) -> list[ActionOffer]:
    seat = first_drawer(state, options)
    if seat is None:
        return []
    entry = state.seats[seat]
    live = entry.live_hands()
    found: list[ActionOffer] = []
    if entry.face_up_pending:
        return found
    all_dealt = all(len(hand.cards) >= NATURAL_CARDS for hand in entry.hands)
    for index in live:
        cards = entry.hands[index].cards
        args = (str(seat),) if len(live) == 1 else (str(seat), hand_label(index))
        name = f"seat {seat}" if len(live) == 1 else f"seat {seat} hand {hand_label(index)}"
        if all_dealt:
            found.append(ActionOffer("stand", f"{name} stands", args))
        may_split = len(entry.hands) == 1 or options.resplit
        if is_pair(cards) and may_split and len(entry.hands) < MAX_HANDS:
            found.append(ActionOffer("split", f"{name} splits", args))
    return found
