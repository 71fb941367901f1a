"""The ``ochko-21`` engine: Очко (21) with a bank and стук. Events in, the table out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from companion.cards import DeckProfile
from companion.games.arguments import expect_args, int_arg
from companion.games.engine import ActionOffer, GameEngine
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared
from companion.games.ledger import Ledger
from companion.games.ochko21 import bank, camera, play, standing
from companion.games.ochko21.offers import offers
from companion.games.ochko21.options import Ochko21Options
from companion.games.ochko21.state import ZONES, Ochko21State, Phase, SeatRecord
from companion.games.ochko21.view import Ochko21View, build_view
from companion.games.score_sheet import (
    ScoreSheet,
    Settlement,
    SettlementCut,
    SheetCut,
    settlement_sheet,
)
from companion.games.standing import Standing

Handler = Callable[[Ochko21Options, Ochko21State, Action], None]


def _bank(options: Ochko21Options, state: Ochko21State, action: Action) -> None:
    expect_args(action, ("amount",))
    bank.announce_bank(options, state, int_arg(action, 0, "amount"))


def _stake(options: Ochko21Options, state: Ochko21State, action: Action) -> None:
    expect_args(action, ("amount",))
    play.place_stake(state, int_arg(action, 0, "amount"))


def _stand(options: Ochko21Options, state: Ochko21State, action: Action) -> None:
    expect_args(action, ())
    play.stand(options, state, dark=False)


def _dark(options: Ochko21Options, state: Ochko21State, action: Action) -> None:
    expect_args(action, ())
    play.stand(options, state, dark=True)


def _twenty_one(options: Ochko21Options, state: Ochko21State, action: Action) -> None:
    expect_args(action, ())
    play.claim_ochko(options, state)


def _bust(options: Ochko21Options, state: Ochko21State, action: Action) -> None:
    expect_args(action, ())
    play.declare_bust(options, state)


def _hidden_bust(options: Ochko21Options, state: Ochko21State, action: Action) -> None:
    expect_args(action, ())
    play.hidden_bust(options, state)


def _showdown(options: Ochko21Options, state: Ochko21State, action: Action) -> None:
    expect_args(action, ())
    play.showdown(options, state)


def _stuk(options: Ochko21Options, state: Ochko21State, action: Action) -> None:
    expect_args(action, ())
    bank.announce_stuk(state)


def _take_bank(options: Ochko21Options, state: Ochko21State, action: Action) -> None:
    expect_args(action, ())
    bank.take_bank(state)


# Each action: its handler and the phases in which it is legal.
ACTIONS: dict[str, tuple[Handler, tuple[Phase, ...]]] = {
    "bank": (_bank, (Phase.ANNOUNCE,)),
    "stake": (_stake, (Phase.STAKE,)),
    "stand": (_stand, (Phase.PLAYER,)),
    "dark": (_dark, (Phase.PLAYER,)),
    "twenty-one": (_twenty_one, (Phase.PLAYER,)),
    "bust": (_bust, (Phase.PLAYER,)),
    "hidden-bust": (_hidden_bust, (Phase.BANKER,)),
    "showdown": (_showdown, (Phase.BANKER,)),
    "stuk": (_stuk, (Phase.STUK,)),
    "take-bank": (_take_bank, (Phase.TAKE_BANK,)),
}


# A sheet row each time a player's duel against the bank is settled, or a bank ends
# ("duel" as in Oczko: "game" is the whole game).
SHEET = Settlement("duel", lambda s: (sum(p["games"] for p in s["seats"]), len(s["banks"])))


class Ochko21(GameEngine[Ochko21Options, Ochko21State]):
    game_id: ClassVar[str] = "ochko-21"
    title: ClassVar[str] = "Очко (21) with стук"
    options_type: ClassVar[type[Any]] = Ochko21Options
    zones: ClassVar[tuple[str, ...]] = ZONES

    @property
    def deck(self) -> DeckProfile:
        return self.options.deck_profile

    def initial_state(self) -> Ochko21State:
        players = self.options.players
        return Ochko21State(
            ledger=Ledger.for_players(players),
            banker=self.options.banker,
            seats=[SeatRecord() for _ in range(players)],
        )

    def apply_to(self, state: Ochko21State, event: Event) -> None:
        if isinstance(event, Action):
            self._apply_action(state, event)
        elif isinstance(event, CardSeen):
            self.check_card(event.card)
            camera.card_seen(state, event.zone, event.card)
        elif isinstance(event, CardGone):
            camera.card_gone(state, event.zone, event.card)
        elif isinstance(event, ZoneCleared):
            camera.zone_cleared(state, event.zone)

    def _apply_action(self, state: Ochko21State, action: Action) -> None:
        entry = ACTIONS.get(action.name)
        if entry is None:
            raise self.unknown_action(action)
        handler, phases = entry
        if state.phase not in phases:
            raise self.wrong_phase(f'"{action}"', _phase_text(state))
        handler(self.options, state, action)

    def offers(self, state: Ochko21State) -> tuple[ActionOffer, ...]:
        return offers(self.options, state)

    def standing(self, state: Ochko21State) -> Standing:
        return standing.standing(state)

    def view(self, state: Ochko21State) -> Ochko21View:
        return build_view(self.options, state)

    def state_json(self, state: Ochko21State) -> dict[str, Any]:
        return self.view(state).to_json()

    def score_sheet(self, events: Sequence[Event]) -> ScoreSheet:
        return settlement_sheet(self, events, SHEET)

    def sheet_cut(self) -> SheetCut:
        return SettlementCut(self, SHEET)


def _phase_text(state: Ochko21State) -> str:
    phase = state.phase
    if phase is Phase.ANNOUNCE:
        return f"seat {state.banker} announces his bank"
    if phase is Phase.STAKE:
        return f"seat {state.turn} names his stake"
    if phase is Phase.PLAYER:
        return f"seat {state.turn} draws"
    if phase is Phase.BANKER:
        return f"seat {state.turn} stood: the banker draws, then showdown"
    if phase is Phase.STUK:
        return f"the bank is {state.bank}: seat {state.banker} announces стук"
    return f"the стук round is over: seat {state.banker} takes the bank"
