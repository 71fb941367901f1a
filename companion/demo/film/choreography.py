"""A game script as what hands do on the mat: cards put down, picked up, zones swept,
and the button presses between them.

The script's card lines are followed as a table would make them happen, which sometimes
needs a line the script did not write: a zone full of cards is swept (``clear``) before
the next one lands, and a card still lying elsewhere is picked up (``gone``/``clear``)
before it is put down again from a one-pack deck. A ``clear`` of an empty zone cannot be
seen and is left out. The moves' lines are the session's own script.

Event convention (companion.games.events): a card leaving a zone that still holds others
is ``gone ZONE CARD``; the last cards leaving it are ``clear ZONE``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from enum import Enum

from companion.cards import Card
from companion.games.events import Action, CardGone, CardSeen, Event
from companion.table.layouts import CARD_HEIGHT_MM, CARD_WIDTH_MM, MatLayout
from companion.values.mat import Zone

ZONE_PADDING_MM = 4.0
FAN_STEP_MM = (15.0, 18.0)  # sideways step between fanned cards: least and most
ROW_STEP_MM = 30.0  # a second row keeps the first row's corner indices in sight
JITTER_MM = 1.2
TURN_DEGREES = 3.0


class MoveKind(Enum):
    PLACE = "place"  # a card put down
    TAKE = "take"  # one card picked up, others stay
    SWEEP = "sweep"  # every card of a zone picked up
    BUTTON = "button"  # an action line


@dataclass(frozen=True)
class LaidCard:
    card: Card
    zone: str
    centre: tuple[float, float]  # mat mm
    angle: float  # degrees, counter-clockwise


@dataclass(frozen=True)
class Move:
    kind: MoveKind
    line: str  # the event line (camera) or action line (button)
    zone: str = ""
    laid: LaidCard | None = None  # the card put down or picked up
    taken: tuple[LaidCard, ...] = ()  # every card a sweep takes


def slots(zone: Zone) -> list[tuple[float, float]]:
    """Card centres of a zone in the order cards land: fanned rows, top row first."""
    # A tight zone (an A4 mat's 90 mm rows) gives up some of its padding.
    pad_x = min(ZONE_PADDING_MM, max(0.0, (zone.width - CARD_WIDTH_MM) / 2))
    pad_y = min(ZONE_PADDING_MM, max(0.0, (zone.height - CARD_HEIGHT_MM) / 2))
    room_x = zone.width - 2 * pad_x - CARD_WIDTH_MM
    room_y = zone.height - 2 * pad_y - CARD_HEIGHT_MM
    step = min(max(room_x / 6, FAN_STEP_MM[0]), FAN_STEP_MM[1])
    columns = max(1, math.floor(room_x / step) + 1) if room_x >= 0 else 1
    rows = max(1, math.floor(max(room_y, 0.0) / ROW_STEP_MM) + 1)
    left = zone.x + pad_x + CARD_WIDTH_MM / 2
    top = zone.y + pad_y + CARD_HEIGHT_MM / 2
    return [
        (left + column * step, top + row * ROW_STEP_MM)
        for row in range(rows)
        for column in range(columns)
    ]


class Choreographer:
    """Turns script events into moves, keeping track of the cards lying on the mat."""

    def __init__(self, layout: MatLayout, *, copies: int, rng: random.Random) -> None:
        self.layout = layout
        self.copies = copies
        self.rng = rng
        self.on_mat: dict[str, list[LaidCard]] = {zone.name: [] for zone in layout.zones}
        self.left_out: list[str] = []  # script lines nothing on the mat can show

    def moves(self, event: Event) -> list[Move]:
        if isinstance(event, Action):
            return [Move(MoveKind.BUTTON, str(event))]
        if isinstance(event, CardSeen):
            return self._place(event.zone, event.card)
        if isinstance(event, CardGone):
            laid = next((c for c in self.on_mat[event.zone] if c.card == event.card), None)
            if laid is None:
                self.left_out.append(str(event))
                return []
            return [self._take(laid)]
        return self._sweep(event.zone, as_written=str(event))

    def taken_back(self, laid: LaidCard) -> list[Move]:
        """A card just put down picked up again and put down anew (someone changed their
        mind, or the card slipped)."""
        return [self._take(laid), *self._place(laid.zone, laid.card)]

    def _place(self, zone_name: str, card: Card) -> list[Move]:
        before: list[Move] = []
        elsewhere = [c for cards in self.on_mat.values() for c in cards if c.card == card]
        if len(elsewhere) >= self.copies:
            before.append(self._take(elsewhere[0]))
        zone = self.layout.zone(zone_name)
        free = self._free_slot(zone)
        if free is None:
            before.extend(self._sweep(zone_name, as_written=None))
            free = self._free_slot(zone)
        assert free is not None  # an empty zone has its first slot
        x, y = free
        laid = LaidCard(
            card,
            zone_name,
            (
                x + self.rng.uniform(-JITTER_MM, JITTER_MM),
                y + self.rng.uniform(-JITTER_MM, JITTER_MM),
            ),
            self.rng.uniform(-TURN_DEGREES, TURN_DEGREES),
        )
        self.on_mat[zone_name].append(laid)
        return [*before, Move(MoveKind.PLACE, f"card {zone_name} {card}", zone_name, laid)]

    def _free_slot(self, zone: Zone) -> tuple[float, float] | None:
        """The next slot after the last card down (a slot freed under a later card stays
        unused, so that cards never slide under others)."""
        places = slots(zone)
        used = len(self.on_mat[zone.name])
        if used == 0:
            return places[0]
        last = self.on_mat[zone.name][-1].centre
        nearest = min(range(len(places)), key=lambda i: math.dist(places[i], last))
        return places[nearest + 1] if nearest + 1 < len(places) else None

    def _take(self, laid: LaidCard) -> Move:
        cards = self.on_mat[laid.zone]
        if len(cards) == 1:
            return self._sweep(laid.zone, as_written=None)[0]
        cards.remove(laid)
        return Move(MoveKind.TAKE, f"gone {laid.zone} {laid.card}", laid.zone, laid)

    def _sweep(self, zone_name: str, *, as_written: str | None) -> list[Move]:
        taken = tuple(self.on_mat[zone_name])
        if not taken:
            if as_written is not None:
                self.left_out.append(as_written)
            return []
        self.on_mat[zone_name] = []
        return [Move(MoveKind.SWEEP, f"clear {zone_name}", zone_name, taken=taken)]
