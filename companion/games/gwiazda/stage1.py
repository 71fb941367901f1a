"""Stage 1 on deck A: each punter's card acts at once; the banker's three cards; leavers
coming back before deck B."""

from __future__ import annotations

from companion.cards import Card, Rank, Suit
from companion.games.errors import IllegalEvent, MisreadCard, OutOfTurn, Reason, SeatRef
from companion.games.gwiazda.state import BANK_CARDS, GwiazdaState, Phase, Seat, Status

ACE_FACTOR = 2
QUEEN_FACTOR = 3
SPECIAL_FACTOR = 2


def start_deal(state: GwiazdaState) -> None:
    """The first card of deck A ends the staking: the stakes and their total are final."""
    players = len(state.seats)
    clockwise = [(state.banker + step) % players for step in range(1, players)]
    state.order = [n for n in clockwise if state.seats[n].status is Status.STAKED]
    if not state.order:
        raise OutOfTurn(
            "no punter has staked yet: write the stakes first (stake SEAT N)",
            Reason.of("stakes-first"),
        )
    state.opening_stakes = state.stakes_total
    state.phase = Phase.DEAL


def see_deck_a(state: GwiazdaState, card: Card, where: str) -> None:
    seen = state.deck_a.get(card)
    if seen is not None:
        raise MisreadCard(
            f"{card} of deck A was already seen ({seen}): deck A has one {card}",
            Reason.of("card-seen", card=card),
        )
    state.deck_a[card] = where


def punter_card(state: GwiazdaState, card: Card, special: Suit) -> None:
    seat = state.next_seat
    if seat is None:
        raise OutOfTurn(
            f"every punter has his card; the banker's three cards go in the bank zone "
            f"({len(state.bank_cards)} of {BANK_CARDS} seen) before deck B begins",
            Reason.of("bank-cards-next"),
        )
    see_deck_a(state, card, f"seat {seat}'s card")
    state.dealt += 1
    place = state.seats[seat]
    place.card = card
    place.status = Status.IN
    doubled = card.suit == special
    if card.rank is Rank.ACE:
        _add_to_stake(state, seat, ACE_FACTOR, "ace doubles the stake")
    elif card.rank is Rank.QUEEN:
        _add_to_stake(state, seat, QUEEN_FACTOR, "queen triples the stake")
    elif card.rank is Rank.KING:
        paid = place.stake * (SPECIAL_FACTOR if doubled else 1)
        state.bank_pays(seat, paid, f"king {card}: the bank pays the stake")
        place.settled_stake = place.stake
        place.stake = 0
        place.status = Status.LEFT
    elif card.rank is Rank.JACK:
        lost = place.stake * (SPECIAL_FACTOR if doubled else 1)
        state.punter_pays(seat, lost, f"jack {card}: the stake is lost")
        place.settled_stake = place.stake
        place.stake = 0
        place.status = Status.JACKED
    _maybe_finish(state)


def _add_to_stake(state: GwiazdaState, seat: int, factor: int, reason: str) -> None:
    place = state.seats[seat]
    extra = place.stake * (factor - 1)
    state.bank_pays(seat, extra, reason)
    place.stake += extra
    place.added += extra


def bank_card(state: GwiazdaState, card: Card) -> None:
    if len(state.bank_cards) >= BANK_CARDS:
        laid = " ".join(str(c) for c in state.bank_cards)
        raise IllegalEvent(
            f"the bank already has its three cards ({laid})", Reason.of("bank-cards-full")
        )
    if state.phase is Phase.POOL:
        raise OutOfTurn(
            "the bank is not formed yet: every player pays in first (pool N)",
            Reason.of("pool-first"),
        )
    if state.phase is Phase.STAKES:
        start_deal(state)
    see_deck_a(state, card, "a bank card")
    state.bank_cards.append(card)
    _maybe_finish(state)


def _maybe_finish(state: GwiazdaState) -> None:
    if state.dealt == len(state.order) and len(state.bank_cards) == BANK_CARDS:
        state.phase = Phase.RESTAKE


def consent(state: GwiazdaState, seat: int) -> None:
    place = _leaver(state, seat, "be let back")
    if place.status is not Status.LEFT:
        raise IllegalEvent(
            f"seat {seat} lost on a jack and may come back without the banker's consent",
            Reason.of("no-consent-needed", seat=SeatRef(seat)),
        )
    if place.consent:
        raise IllegalEvent(
            f"seat {seat} already has the banker's consent to come back",
            Reason.of("consent-already", seat=SeatRef(seat)),
        )
    place.consent = True


def come_back(state: GwiazdaState, seat: int, amount: int) -> None:
    place = _leaver(state, seat, "come back")
    if place.status is Status.LEFT:
        if not place.consent:
            raise IllegalEvent(
                f"seat {seat} left with a king and comes back only with the banker's "
                f"consent (consent {seat})",
                Reason.of("consent-needed", seat=SeatRef(seat)),
            )
        if amount != place.settled_stake:
            raise IllegalEvent(
                f"seat {seat} must stake the same {place.settled_stake} again to come back, "
                f"not {amount}",
                Reason.of("same-stake", seat=SeatRef(seat), stake=place.settled_stake),
            )
    elif amount < 1:
        raise IllegalEvent(
            f"seat {seat} needs a stake of at least 1 to come back, not {amount}",
            Reason.of("stake-at-least", seat=SeatRef(seat), low=1),
        )
    place.stake = amount
    place.status = Status.IN
    place.returned = True


def _leaver(state: GwiazdaState, seat: int, what: str) -> Seat:
    if state.phase not in (Phase.DEAL, Phase.RESTAKE):
        raise OutOfTurn(
            f"a punter may {what} only in stage 1, before deck B (phase: {state.phase.value})",
            Reason.of("comeback-stage1"),
        )
    place = state.seats[seat]
    if place.status not in (Status.LEFT, Status.JACKED):
        raise IllegalEvent(
            f"seat {seat} cannot {what}: only a punter who left on a king or lost on a jack "
            f"comes back (seat {seat} is {place.status.value})",
            Reason.of("not-out", seat=SeatRef(seat)),
        )
    return place
