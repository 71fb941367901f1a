"""High Card's rules: each seat shows a card on its own zone; ``settle`` gives the round
to the highest rank (a tie gives it to nobody) and clears the table for the next round.

Everything the app asks of the rules comes from hooks here: the view, the score sheet,
and the zones of the seats at the table. The rules import nothing above the values and
the games' frame; the reasons of a refusal are said in the game's own words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.cards import SHORT36, Card, DeckProfile
from companion.games.arguments import expect_args
from companion.games.engine import ActionOffer, GameEngine, GameState
from companion.games.errors import IllegalEvent, Reason, SeatRef
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared
from companion.games.options import option_error
from companion.games.score_sheet import ScoreSheet, seat_column, seat_columns
from companion.games.view_fields import fields_json

MAX_SEATS = 4
ZONES = tuple(f"seat{seat}" for seat in range(MAX_SEATS))


@dataclass(frozen=True)
class HighCardOptions:
    players: int = 2

    def validate(self) -> None:
        if not 2 <= self.players <= MAX_SEATS:
            raise option_error("players", f"{self.players} is not 2..{MAX_SEATS}")


@dataclass(kw_only=True)
class HighCardState(GameState):
    points: list[int]
    shown: dict[int, Card] = field(default_factory=dict)
    # The winner of each settled round (None: a tie).
    winners: list[int | None] = field(default_factory=list)


@dataclass(frozen=True)
class HighCardView:
    game_id: ClassVar[str] = "high-card"

    round: int
    points: tuple[int, ...]
    shown: tuple[Card | None, ...]

    def to_json(self) -> dict[str, Any]:
        body = fields_json(self)
        body["phase"] = "settle" if all(self.shown) else "show"
        body["seats"] = [{"seat": s, "score": p} for s, p in enumerate(self.points)]
        return body


class HighCard(GameEngine[HighCardOptions, HighCardState]):
    game_id = "high-card"
    title = "High Card"
    options_type = HighCardOptions
    zones = ZONES

    @property
    def deck(self) -> DeckProfile:
        return SHORT36

    def initial_state(self) -> HighCardState:
        return HighCardState(points=[0] * self.options.players)

    def apply_to(self, state: HighCardState, event: Event) -> None:
        if isinstance(event, CardSeen):
            self.check_card(event.card)
            seat = self._seat(event.zone)
            if seat in state.shown:
                raise IllegalEvent(
                    f"seat {seat} has shown {state.shown[seat]} already",
                    Reason.of("high-card-shown", seat=SeatRef(seat), card=state.shown[seat]),
                )
            state.shown[seat] = event.card
        elif isinstance(event, CardGone):
            self.check_card(event.card)
            seat = self._seat(event.zone)
            if state.shown.get(seat) != event.card:
                raise IllegalEvent(
                    f"{event.card} is not on seat {seat}",
                    Reason.of("not-in-zone", card=event.card, zone=event.zone),
                )
            del state.shown[seat]
        elif isinstance(event, ZoneCleared):
            state.shown.pop(self._seat(event.zone), None)
        elif event.name == "settle":
            expect_args(event, ())
            self._settle(state)
        else:
            raise self.unknown_action(event)

    def _seat(self, zone: str) -> int:
        seat = ZONES.index(zone)
        if seat >= self.options.players:
            raise IllegalEvent(
                f"nobody sits at {zone}", Reason.of("high-card-nobody", seat=SeatRef(seat))
            )
        return seat

    def _settle(self, state: HighCardState) -> None:
        if len(state.shown) < self.options.players:
            raise IllegalEvent(
                "every seat shows a card before the round is settled",
                Reason.of("high-card-not-all-shown"),
            )
        ranks = {seat: card.rank.value for seat, card in state.shown.items()}
        best = max(ranks.values())
        leaders = [seat for seat, order in ranks.items() if order == best]
        winner = leaders[0] if len(leaders) == 1 else None
        if winner is not None:
            state.points[winner] += 1
        state.winners.append(winner)
        state.shown.clear()

    def offers(self, state: HighCardState) -> tuple[ActionOffer, ...]:
        if len(state.shown) < self.options.players:
            return ()
        return (ActionOffer("settle", "settle the round"),)

    def view(self, state: HighCardState) -> HighCardView:
        return HighCardView(
            round=len(state.winners) + 1,
            points=tuple(state.points),
            shown=tuple(state.shown.get(seat) for seat in range(self.options.players)),
        )

    def state_json(self, state: HighCardState) -> dict[str, Any]:
        return self.view(state).to_json()

    def score_sheet(self, events: Sequence[Event]) -> ScoreSheet:
        """A row per settled round: its winner (P1..; none for a tie) and the points after
        it."""
        rows: list[tuple[str, ...]] = []
        state = self.initial_state()
        for event in events:
            state = self.next_state(state, event)
            if isinstance(event, Action) and event.name == "settle":
                winner = state.winners[-1]
                won = "" if winner is None else seat_column(winner)
                rows.append((str(len(rows) + 1), won, *(str(p) for p in state.points)))
        columns = ("round", "won by", *seat_columns(self.options.players))
        return ScoreSheet(columns, tuple(rows))

    def table_zones(self) -> tuple[str, ...]:
        return ZONES[: self.options.players]
