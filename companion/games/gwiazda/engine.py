"""Gwiazda: the pool, the stakes, stage 1 on deck A and stage 2 on deck B.

The rules are in ``rules/gwiazda.md``; the events, readings and the money accounting in
``EVENTS.md`` beside this file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from companion.cards import FRENCH52, DeckProfile
from companion.games.arguments import expect_args, int_arg, seat_arg
from companion.games.engine import ActionOffer, GameEngine
from companion.games.errors import OutOfTurn, Reason
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared
from companion.games.gwiazda import between_deals, stage1, stage2, standing
from companion.games.gwiazda.options import GwiazdaOptions
from companion.games.gwiazda.state import GwiazdaState, Phase, new_state
from companion.games.gwiazda.view import GwiazdaView, build_view
from companion.games.gwiazda.view import offers as table_offers
from companion.games.score_sheet import (
    ScoreSheet,
    Settlement,
    SettlementCut,
    SheetCut,
    settlement_sheet,
)
from companion.games.standing import Standing

REVEAL = "reveal"
BANK_ZONE = "bank"


# A sheet row each time a deal is over.
SHEET = Settlement("deal", lambda s: s["deal"] - (s["phase"] != "over"))


class Gwiazda(GameEngine[GwiazdaOptions, GwiazdaState]):
    game_id: ClassVar[str] = "gwiazda"
    title: ClassVar[str] = "Gwiazda"
    options_type: ClassVar[type[Any]] = GwiazdaOptions
    zones: ClassVar[tuple[str, ...]] = (REVEAL, BANK_ZONE)
    seat_led_actions = frozenset({"stake", "consent", "return", "newdeal"})

    @property
    def deck(self) -> DeckProfile:
        return FRENCH52

    def initial_state(self) -> GwiazdaState:
        return new_state(self.options.players, self.options.banker)

    def apply_to(self, state: GwiazdaState, event: Event) -> None:
        if isinstance(event, CardSeen):
            self.check_card(event.card)
            if event.zone == BANK_ZONE:
                stage1.bank_card(state, event.card)
            else:
                self._reveal(state, event)
        elif isinstance(event, CardGone | ZoneCleared):
            return  # cards leaving the mat change nothing: what was laid stays laid
        else:
            self._action(state, event)

    def _reveal(self, state: GwiazdaState, event: CardSeen) -> None:
        if state.phase is Phase.POOL:
            raise OutOfTurn(
                "the bank is not formed yet: every player pays in first (pool N)",
                Reason.of("pool-first"),
            )
        if state.phase is Phase.OVER:
            raise OutOfTurn(
                "the deal is settled: start the next one with newdeal", Reason.of("deal-settled")
            )
        if state.phase is Phase.STAKES:
            stage1.start_deal(state)
        if state.phase is Phase.DEAL:
            stage1.punter_card(state, event.card, self.options.special_suit)
        else:
            stage2.deck_b_card(state, event.card, self.options.match)

    def _action(self, state: GwiazdaState, action: Action) -> None:
        players = len(state.seats)
        if action.name == "pool":
            expect_args(action, ("amount",))
            between_deals.pay_pool(state, int_arg(action, 0, "amount"))
        elif action.name == "stake":
            expect_args(action, ("seat", "amount"))
            seat = seat_arg(action, 0, players)
            between_deals.write_stake(state, seat, int_arg(action, 1, "amount"))
        elif action.name == "consent":
            expect_args(action, ("seat",))
            stage1.consent(state, seat_arg(action, 0, players))
        elif action.name == "return":
            expect_args(action, ("seat", "amount"))
            seat = seat_arg(action, 0, players)
            stage1.come_back(state, seat, int_arg(action, 1, "amount"))
        elif action.name == "newdeal":
            if action.args:
                expect_args(action, ("banker",))
                between_deals.new_deal(state, seat_arg(action, 0, players))
            else:
                between_deals.new_deal(state, None)
        else:
            raise self.unknown_action(action)

    def offers(self, state: GwiazdaState) -> tuple[ActionOffer, ...]:
        return table_offers(state)

    def standing(self, state: GwiazdaState) -> Standing:
        return standing.standing(state)

    def view(self, state: GwiazdaState) -> GwiazdaView:
        return build_view(state)

    def state_json(self, state: GwiazdaState) -> dict[str, Any]:
        return self.view(state).to_json()

    def score_sheet(self, events: Sequence[Event]) -> ScoreSheet:
        return settlement_sheet(self, events, SHEET)

    def sheet_cut(self) -> SheetCut:
        return SettlementCut(self, SHEET)
