"""The Oh Hell engine: events in, the table's state out (see EVENTS.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from companion.cards import FRENCH52, DeckProfile
from companion.games.engine import ActionOffer, GameEngine
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared
from companion.games.oh_hell import bidding, play, standing
from companion.games.oh_hell.hands import Table
from companion.games.oh_hell.options import OhHellOptions
from companion.games.oh_hell.state import OhHellState
from companion.games.oh_hell.view import OhHellView, build_view
from companion.games.score_sheet import ScoreSheet, SheetCut, StateCut, seat_columns
from companion.games.standing import HandScore, Standing

TRUMP_ZONE = "trump"
TRICK_ZONE = "trick"


class OhHell(GameEngine[OhHellOptions, OhHellState]):
    game_id: ClassVar[str] = "oh-hell"
    title: ClassVar[str] = "Oh Hell"
    options_type: ClassVar[type[Any]] = OhHellOptions
    zones: ClassVar[tuple[str, ...]] = (TRUMP_ZONE, TRICK_ZONE)
    seat_led_actions = frozenset({"bid"})

    def __init__(self, options: OhHellOptions) -> None:
        super().__init__(options)
        self.table = Table(options)

    @property
    def deck(self) -> DeckProfile:
        return FRENCH52

    def initial_state(self) -> OhHellState:
        return self.table.initial_state()

    def apply_to(self, state: OhHellState, event: Event) -> None:
        table = self.table
        if isinstance(event, Action):
            if event.name == "bid":
                bidding.apply_bid(table, state, event)
            elif event.name == "bids":
                bidding.apply_bids(table, state, event)
            else:
                raise self.unknown_action(event)
        elif isinstance(event, CardSeen):
            self.check_card(event.card)
            if event.zone == TRUMP_ZONE:
                play.turn_up_trump(table, state, event.card)
            else:
                play.play_card(table, state, event.card)
        elif isinstance(event, CardGone):
            if event.zone == TRUMP_ZONE:
                play.remove_trump_card(state, event.card)
            else:
                play.take_back(table, state, event.card)
        elif isinstance(event, ZoneCleared):
            if event.zone == TRUMP_ZONE:
                state.trump_zone = []
            else:
                play.clear_trick(table, state)

    def offers(self, state: OhHellState) -> tuple[ActionOffer, ...]:
        return bidding.bid_offers(self.table, state)

    def standing(self, state: OhHellState) -> Standing:
        return standing.standing(state, self.options.players)

    def hand_scores(self, state: OhHellState) -> tuple[HandScore, ...]:
        return standing.hand_scores(state)

    def view(self, state: OhHellState) -> OhHellView:
        return build_view(self.table, state)

    def state_json(self, state: OhHellState) -> dict[str, Any]:
        return self.view(state).to_json()

    def score_sheet(self, events: Sequence[Event]) -> ScoreSheet:
        """The game's own sheet: a row per hand played, the running score per seat."""
        return self._sheet_of(self.fold(events))

    def sheet_cut(self) -> SheetCut:
        return StateCut(self.initial_state(), self._sheet_of)

    def _sheet_of(self, state: OhHellState) -> ScoreSheet:
        """The sheet of the hands ``state`` records (it keeps every hand's record)."""
        records = self.view(state).score_sheet
        columns = ("hand", "cards", "trump", *seat_columns(self.options.players))
        rows = tuple(
            (
                str(record.number),
                str(record.size),
                "" if record.trump is None else str(record.trump),
                *(str(score) for score in record.scores),
            )
            for record in records
        )
        return ScoreSheet(columns, rows)
