"""The Oczko engine: events in, refusals or a new state out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from companion.cards import SHORT36, DeckProfile
from companion.games.arguments import expect_args, int_arg
from companion.games.engine import ActionOffer, GameEngine
from companion.games.errors import OutOfTurn, Reason, SeatRef
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared
from companion.games.ledger import Ledger
from companion.games.oczko import bank, camera, duel, standing
from companion.games.oczko.options import OczkoOptions
from companion.games.oczko.state import ROUNDS, OczkoState, Phase
from companion.games.oczko.view import OczkoView, build_view
from companion.games.score_sheet import (
    ScoreSheet,
    Settlement,
    SettlementCut,
    SheetCut,
    settlement_sheet,
)
from companion.games.standing import Standing

Handler = Callable[[OczkoOptions, OczkoState, Action], None]


# A sheet row each time a duel is settled or the bank is taken (the banker changes).
SHEET = Settlement("duel", lambda s: (len(s["results"]), s["banker"]))


class Oczko(GameEngine[OczkoOptions, OczkoState]):
    game_id: ClassVar[str] = "oczko"
    title: ClassVar[str] = "Oczko"
    options_type: ClassVar[type[Any]] = OczkoOptions
    zones: ClassVar[tuple[str, ...]] = camera.ZONES

    @property
    def deck(self) -> DeckProfile:
        return SHORT36

    def initial_state(self) -> OczkoState:
        return OczkoState(
            ledger=Ledger.for_players(self.options.players), banker=self.options.banker
        )

    def apply_to(self, state: OczkoState, event: Event) -> None:
        if isinstance(event, CardSeen):
            self.check_card(event.card)
            camera.card_seen(self.options, state, event.zone, event.card)
        elif isinstance(event, CardGone):
            self.check_card(event.card)
            camera.card_gone(state, event.zone, event.card)
        elif isinstance(event, ZoneCleared):
            camera.zone_cleared(state, event.zone)
        else:
            handler = _ACTIONS.get(event.name)
            if handler is None:
                raise self.unknown_action(event)
            handler(self.options, state, event)

    def offers(self, state: OczkoState) -> tuple[ActionOffer, ...]:
        options = self.options
        found: list[ActionOffer] = []
        if state.phase is Phase.BANK:
            found.append(
                ActionOffer(
                    "bank",
                    f"seat {state.banker}: put up the bank",
                    amount=bank.bank_choice(options),
                )
            )
        elif state.phase is Phase.STAKE:
            found.append(
                ActionOffer(
                    "stake",
                    f"seat {state.punter}: stake",
                    amount=bank.stake_choice(options, state),
                )
            )
        elif state.phase is Phase.PUNTER:
            found.append(ActionOffer("stand", f"seat {state.punter}: stand"))
            found.append(ActionOffer("bust", f"seat {state.punter}: bust"))
            if duel.stock_seen_exhausted(state) and duel.double_problem(options, state) is None:
                found.append(ActionOffer("double", "banker: double the bank (stock ran out)"))
        elif state.phase is Phase.BANKER:
            if duel.showdown_problem(options, state) is None:
                found.append(ActionOffer("showdown", "showdown"))
        elif state.phase is Phase.DOUBLED:
            found.append(ActionOffer("throw-in", f"seat {state.punter}: throw in"))
        if bank.take_bank_reason(state) is not None:
            found.append(ActionOffer("take-bank", f"seat {state.banker}: take the bank"))
        found.append(ActionOffer("reshuffle", "reshuffle"))
        return tuple(found)

    def standing(self, state: OczkoState) -> Standing:
        return standing.standing(state)

    def view(self, state: OczkoState) -> OczkoView:
        return build_view(self.options, state)

    def state_json(self, state: OczkoState) -> dict[str, Any]:
        return self.view(state).to_json()

    def score_sheet(self, events: Sequence[Event]) -> ScoreSheet:
        return settlement_sheet(self, events, SHEET)

    def sheet_cut(self) -> SheetCut:
        return SettlementCut(self, SHEET)


def _bank(options: OczkoOptions, state: OczkoState, action: Action) -> None:
    expect_args(action, ("amount",))
    amount = int_arg(action, 0, "amount")
    if state.phase is not Phase.BANK:
        raise GameEngine.wrong_phase(f"putting up a bank of {amount}", state.phase.value)
    bank.put_up_bank(options, state, amount)


def _stake(options: OczkoOptions, state: OczkoState, action: Action) -> None:
    expect_args(action, ("amount",))
    amount = int_arg(action, 0, "amount")
    if state.phase is Phase.TAKE_BANK:
        raise OutOfTurn(
            f"no stake of {amount}: the {ROUNDS} rounds are over and seat {state.banker} "
            "takes the bank first",
            Reason.of("take-bank-first", seat=SeatRef(state.banker)),
        )
    if state.phase is not Phase.STAKE:
        raise GameEngine.wrong_phase(f"a stake of {amount}", state.phase.value)
    bank.place_stake(options, state, amount)


def _take_bank(options: OczkoOptions, state: OczkoState, action: Action) -> None:
    expect_args(action, ())
    if state.phase not in (Phase.STAKE, Phase.TAKE_BANK):
        raise GameEngine.wrong_phase("taking the bank (only between duels)", state.phase.value)
    bank.take_bank(options, state)


def _no_args(step: Callable[[OczkoOptions, OczkoState], None]) -> Handler:
    def handler(options: OczkoOptions, state: OczkoState, action: Action) -> None:
        expect_args(action, ())
        step(options, state)

    return handler


def _reshuffle(_options: OczkoOptions, state: OczkoState) -> None:
    camera.reshuffle(state)


_ACTIONS: dict[str, Handler] = {
    "bank": _bank,
    "stake": _stake,
    "stand": _no_args(duel.stand),
    "bust": _no_args(duel.declare_bust),
    "showdown": _no_args(duel.showdown),
    "double": _no_args(duel.double),
    "throw-in": _no_args(duel.throw_in),
    "take-bank": _take_bank,
    "reshuffle": _no_args(_reshuffle),
}
