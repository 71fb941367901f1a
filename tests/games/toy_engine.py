"""A tiny game used to test the engine frame on its own: seats add points in turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from companion.cards import SHORT36, Card, DeckProfile
from companion.games.arguments import expect_args, int_arg, seat_arg
from companion.games.engine import ActionOffer, AmountChoice, GameEngine, GameState
from companion.games.errors import IllegalEvent, OutOfTurn
from companion.games.events import Action, CardSeen, Event, ZoneCleared
from companion.games.options import option_error


class Mode(Enum):
    FAST = "fast"
    SLOW = "slow"


@dataclass(frozen=True)
class ToyOptions:
    players: int = 2
    limit: int = 5
    mode: Mode = Mode.FAST
    strict: bool = False
    start: tuple[int, ...] = ()

    def validate(self) -> None:
        if not 2 <= self.players <= 4:
            raise option_error("players", f"{self.players} is not 2..4")
        if self.start and len(self.start) != self.players:
            raise option_error("start", f"give {self.players} values, one per seat")


@dataclass(kw_only=True)
class ToyState(GameState):
    points: list[int]
    turn: int = 0
    table: list[Card] = field(default_factory=list)


class ToyGame(GameEngine[ToyOptions, ToyState]):
    game_id = "toy"
    title = "Toy"
    options_type = ToyOptions
    zones = ("table",)

    @property
    def deck(self) -> DeckProfile:
        return SHORT36

    def initial_state(self) -> ToyState:
        start = self.options.start or (0,) * self.options.players
        return ToyState(points=list(start))

    def apply_to(self, state: ToyState, event: Event) -> None:
        if isinstance(event, CardSeen):
            self.check_card(event.card)
            if event.card in state.table:
                state.flag("duplicate-card", f"{event.card} seen twice")
            state.table.append(event.card)
        elif isinstance(event, ZoneCleared):
            state.table.clear()
        elif isinstance(event, Action) and event.name == "add":
            expect_args(event, ("seat", "points"))
            seat = seat_arg(event, 0, self.options.players)
            amount = int_arg(event, 1, "points")
            state.points[seat] += amount  # changed before the checks on purpose
            if seat != state.turn:
                raise OutOfTurn(f"seat {state.turn} is to play, not seat {seat}")
            if not 1 <= amount <= self.options.limit:
                raise IllegalEvent(f"{amount} is not 1..{self.options.limit}")
            state.turn = (state.turn + 1) % self.options.players
        elif isinstance(event, Action):
            raise self.unknown_action(event)

    def offers(self, state: ToyState) -> tuple[ActionOffer, ...]:
        return (
            ActionOffer(
                "add",
                f"seat {state.turn} adds",
                args=(str(state.turn),),
                amount=AmountChoice(1, self.options.limit),
            ),
        )

    def state_json(self, state: ToyState) -> dict[str, Any]:
        return {
            "phase": "play",
            "seats": [{"seat": s, "score": p} for s, p in enumerate(state.points)],
            "table": [str(c) for c in state.table],
        }
