"""``ochko-bank``: Очко against a dealer who holds the bank all evening.

The engine reads each event and hands it to the module of its role: ``deal`` (bets, the
deal, naturals), ``play`` (the draw, splits, the dealer), ``irregular`` (cards nobody
asked for), ``shoe`` (the two-deck pack and its marker card), ``settle`` (money).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.cards import DOUBLE104, Card, DeckProfile
from companion.games.arguments import card_arg, expect_args, int_arg, seat_arg
from companion.games.engine import ActionOffer, GameEngine
from companion.games.errors import IllegalEvent, OutOfTurn, Reason, SeatRef, UnknownAction
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared
from companion.games.ledger import Ledger
from companion.games.ochko_bank import deal, irregular, play, shoe, standing
from companion.games.ochko_bank.offers import table_offers
from companion.games.ochko_bank.options import MAX_PLAYERS, OchkoBankOptions
from companion.games.ochko_bank.state import (
    HAND_LETTERS,
    MAX_HANDS,
    OchkoBankState,
    Phase,
    SeatRound,
    hand_zone,
)
from companion.games.ochko_bank.turns import first_drawer
from companion.games.ochko_bank.view import OchkoBankView, build_view
from companion.games.score_sheet import (
    ScoreSheet,
    Settlement,
    SettlementCut,
    SheetCut,
    settlement_sheet,
)
from companion.games.standing import Standing

DEALER_ZONE = "dealer"
MARKER_ZONE = "marker"
HAND_ZONES: dict[str, tuple[int, int]] = {
    hand_zone(seat, hand): (seat, hand) for seat in range(MAX_PLAYERS) for hand in range(MAX_HANDS)
}
ZONES: tuple[str, ...] = (DEALER_ZONE, MARKER_ZONE, *HAND_ZONES)
# Actions still possible while a card nobody asked for awaits a decision.
WHILE_OFFERED = ("accept", "refuse", "marker")


# A sheet row each time a round is settled. The bank is the dealer's own money, his
# balance: his column holds it, so the sheet has no bank column of its own.
SHEET = Settlement("round", lambda s: s["round"] - (s["phase"] != "settled"), bank_column=False)


class OchkoBank(GameEngine[OchkoBankOptions, OchkoBankState]):
    game_id = "ochko-bank"
    title = "Очко with a permanent bank"
    options_type = OchkoBankOptions
    zones = ZONES
    seat_led_actions = frozenset(
        {"bet", "stand", "split", "accept", "refuse", "withdraw", "face-up", "keep"}
    )

    @property
    def deck(self) -> DeckProfile:
        return DOUBLE104

    def initial_state(self) -> OchkoBankState:
        players = self.options.players
        return OchkoBankState(
            ledger=Ledger.for_players(players), seats=[SeatRound() for _ in range(players)]
        )

    def offers(self, state: OchkoBankState) -> tuple[ActionOffer, ...]:
        return table_offers(state, self.options)

    def state_json(self, state: OchkoBankState) -> dict[str, Any]:
        return self.view(state).to_json()

    def score_sheet(self, events: Sequence[Event]) -> ScoreSheet:
        return settlement_sheet(self, events, SHEET)

    def sheet_cut(self) -> SheetCut:
        return SettlementCut(self, SHEET)

    def table_zones(self) -> tuple[str, ...]:
        """The dealer's zones and the hands of the seats at this table."""
        players = self.options.players
        hands = (zone for zone, (seat, _) in HAND_ZONES.items() if seat < players)
        return (DEALER_ZONE, MARKER_ZONE, *hands)

    def standing(self, state: OchkoBankState) -> Standing:
        return standing.standing(state, self.options.dealer)

    def view(self, state: OchkoBankState) -> OchkoBankView:
        return build_view(state, self.options)

    def apply_to(self, state: OchkoBankState, event: Event) -> None:
        if isinstance(event, CardSeen):
            self._card_seen(state, event.zone, event.card)
        elif isinstance(event, CardGone):
            self._card_gone(state, event.zone, event.card)
        elif isinstance(event, ZoneCleared):
            if event.zone == MARKER_ZONE:
                shoe.reach_marker(state)
        else:
            self._action(state, event)

    # -- camera events ------------------------------------------------------------------

    def _card_seen(self, state: OchkoBankState, zone: str, card: Card) -> None:
        self.check_card(card)
        if (zone, card) in state.expected:
            state.expected.remove((zone, card))
            return
        if zone == MARKER_ZONE:
            raise IllegalEvent(
                f"{card} in the marker zone: that zone shows only whether the pack still "
                'covers the marker card ("clear marker" when dealing reaches it)',
                Reason.of("marker-zone", card=card),
            )
        self._check_nothing_offered(state)
        shoe.check_can_deal(state, card)
        if zone == DEALER_ZONE:
            self._dealer_card(state, card)
        else:
            seat, hand = self._seat_zone(zone, card)
            self._seat_card(state, seat, hand, card, zone)
        shoe.note_dealt(state, card)

    def _dealer_card(self, state: OchkoBankState, card: Card) -> None:
        options = self.options
        held = len(state.dealer_hand.cards)
        if state.phase is Phase.SETTLED and held == 1:
            state.dealer_hand.cards.append(card)  # the hole card shown after the round
            return
        if state.phase in (Phase.BETTING, Phase.SETTLED):
            deal.open_deal(state, card)
        if state.phase is Phase.DEAL and held == 0:
            state.dealer_hand.cards.append(card)
            deal.finish_deal_if_complete(state, options)
        elif state.phase in (Phase.DEAL, Phase.NATURALS) and held == 1:
            deal.hole_card_before_turn(state, options, card)
        elif state.phase in (Phase.DEAL, Phase.NATURALS):
            raise OutOfTurn(
                f"{card}: the dealer has his two cards; he draws after the players",
                Reason.of("dealer-after-players", card=card),
            )
        elif state.phase is Phase.PLAY:
            play.dealer_card_during_play(state, options, card)
        else:
            play.dealer_draw(state, options, card)

    def _seat_card(
        self, state: OchkoBankState, seat: int, hand: int, card: Card, zone: str
    ) -> None:
        options = self.options
        if state.phase in (Phase.BETTING, Phase.SETTLED):
            deal.open_deal(state, card)
        if state.phase is Phase.DEAL:
            deal.deal_to_seat(state, options, seat, hand, card)
            return
        if state.phase is Phase.DEALER:
            raise OutOfTurn(
                f"{card} in {zone}: the players have finished; the dealer draws now",
                Reason.of("dealer-draws-now", card=card),
            )
        if state.phase is Phase.NATURALS:
            deal.end_naturals(state, options)  # a card offered: the dealer announced nothing
            if first_drawer(state, options) is None:
                raise OutOfTurn(
                    f"{card} in {zone}: every hand is settled; the round is over",
                    Reason.of("round-over", card=card),
                )
        entry = state.seats[seat]
        if hand > 0 and hand >= len(entry.hands):
            raise IllegalEvent(
                f"{card} in {zone}: seat {seat} has no split hand there",
                Reason.of("no-hand", seat=SeatRef(seat), hand=HAND_LETTERS[hand]),
            )
        if seat == first_drawer(state, options) and hand in entry.live_hands():
            play.hit(state, options, seat, hand, card)
        else:
            irregular.offer_card(state, options, card, seat, zone)

    def _card_gone(self, state: OchkoBankState, zone: str, card: Card) -> None:
        """Cards leaving the mat change nothing, except an over-dealt card discarded."""
        if zone in (DEALER_ZONE, MARKER_ZONE) or state.phase is not Phase.DEAL:
            return
        seat, _ = self._seat_zone(zone, card)
        if seat in deal.overdealt_seats(state):
            deal.discard_extra(state, self.options, seat, card)

    def _seat_zone(self, zone: str, card: Card) -> tuple[int, int]:
        seat, hand = HAND_ZONES[zone]
        if seat >= self.options.players:
            raise IllegalEvent(
                f"{card} in {zone}: this table has seats 0..{self.options.players - 1}",
                Reason.of("no-zone", zone=zone),
            )
        if seat == self.options.dealer:
            raise IllegalEvent(
                f"{card} in {zone}: seat {seat} is the dealer; his cards go in the dealer zone",
                Reason.of("dealer-zone", card=card, seat=SeatRef(seat)),
            )
        return seat, hand

    def _check_nothing_offered(self, state: OchkoBankState) -> None:
        offered = state.offered
        if offered is not None:
            seat = offered.to_seat
            raise OutOfTurn(
                f"first seat {seat} accepts or refuses the {offered.card} nobody asked for "
                f'("accept {seat}" or "refuse {seat}")',
                Reason.of(
                    "unasked-offered", round=state.round, card=offered.card, seat=SeatRef(seat)
                ),
            )

    # -- actions ------------------------------------------------------------------------

    def _action(self, state: OchkoBankState, action: Action) -> None:
        if action.name not in WHILE_OFFERED:
            self._check_nothing_offered(state)
        handler = {
            "bet": self._bet,
            "peek": self._peek,
            "stand": self._stand,
            "split": self._split,
            "accept": self._accept,
            "refuse": self._refuse,
            "withdraw": self._withdraw,
            "face-up": self._face_up,
            "keep": self._keep,
            "exposed": self._exposed,
            "marker": self._marker,
            "reshuffle": self._reshuffle,
        }.get(action.name)
        if handler is None:
            raise self.unknown_action(action)
        handler(state, action)

    def _seat(self, action: Action) -> int:
        return seat_arg(action, 0, self.options.players)

    def _bet(self, state: OchkoBankState, action: Action) -> None:
        expect_args(action, ("seat", "chips"))
        deal.place_bet(state, self.options, self._seat(action), int_arg(action, 1, "chips"))

    def _peek(self, state: OchkoBankState, action: Action) -> None:
        expect_args(action, ())
        deal.peek(state, self.options)

    def _stand(self, state: OchkoBankState, action: Action) -> None:
        seat, hand = self._seat_and_hand(action)
        self._end_naturals(state)
        play.stand(state, self.options, seat, hand)

    def _split(self, state: OchkoBankState, action: Action) -> None:
        seat, hand = self._seat_and_hand(action)
        self._end_naturals(state)
        play.split(state, self.options, seat, hand)

    def _end_naturals(self, state: OchkoBankState) -> None:
        """A player's move ends the time for the dealer to announce a natural."""
        if state.phase is Phase.NATURALS:
            deal.end_naturals(state, self.options)

    def _seat_and_hand(self, action: Action) -> tuple[int, int | None]:
        if len(action.args) == 1:
            return self._seat(action), None
        expect_args(action, ("seat", "hand"))
        text = action.args[1].lower()
        if text in HAND_LETTERS:
            return self._seat(action), HAND_LETTERS.index(text)
        if text.isdigit() and 1 <= int(text) <= MAX_HANDS:
            return self._seat(action), int(text) - 1
        raise UnknownAction(
            f'"{action}": hand "{action.args[1]}" is not a..d',
            Reason.of("arguments", action=action.name),
        )

    def _accept(self, state: OchkoBankState, action: Action) -> None:
        expect_args(action, ("seat",))
        seat = self._seat(action)
        if state.offered is not None:
            irregular.accept_offered(state, self.options, seat)
            return
        if not state.seats[seat].face_up_pending:
            irregular.check_not_discarded(state, seat, "accept")
        deal.accept_deal(state, self.options, seat)

    def _refuse(self, state: OchkoBankState, action: Action) -> None:
        expect_args(action, ("seat",))
        irregular.refuse_offered(state, self._seat(action))

    def _withdraw(self, state: OchkoBankState, action: Action) -> None:
        expect_args(action, ("seat",))
        deal.withdraw(state, self.options, self._seat(action))

    def _face_up(self, state: OchkoBankState, action: Action) -> None:
        expect_args(action, ("seat",))
        deal.mark_face_up(state, self.options, self._seat(action))

    def _keep(self, state: OchkoBankState, action: Action) -> None:
        expect_args(action, ("seat", "card", "card"))
        kept = (card_arg(action, 1, "card"), card_arg(action, 2, "card"))
        deal.keep_two(state, self.options, self._seat(action), kept)

    def _exposed(self, state: OchkoBankState, action: Action) -> None:
        expect_args(action, ("card",))
        card = card_arg(action, 0, "card")
        self.check_card(card)
        if state.phase is Phase.NATURALS:
            deal.end_naturals(state, self.options)
        drawer = first_drawer(state, self.options)
        if state.phase is not Phase.PLAY or drawer is None:
            raise OutOfTurn(
                f"a card exposed in the pack is offered while the players draw "
                f"(phase: {state.phase.value})",
                Reason.of("not-now"),
            )
        shoe.check_can_deal(state, card)
        irregular.offer_card(state, self.options, card, None, None)
        shoe.note_dealt(state, card)

    def _marker(self, state: OchkoBankState, action: Action) -> None:
        expect_args(action, ())
        shoe.reach_marker(state)

    def _reshuffle(self, state: OchkoBankState, action: Action) -> None:
        expect_args(action, ())
        shoe.reshuffle(state)
