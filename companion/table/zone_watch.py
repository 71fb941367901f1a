"""One zone's cards over time: when its picture stands still, read it, and turn a change
that reads the same over the stability window into events.

The tracker hands each frame's look at the zone to ``ZoneWatch.step``: whether something
moves over it, whether its picture changed since it last settled, and how to read it (a
read costs, so it is asked for only when needed). A change becomes events only after two
reads on different frames of one still spell agree, the second at least
``min_frames`` frames and ``min_seconds`` after the spell began. A spell that something
passing over the zone cut short goes on when the zone shows the same picture again: its
still time before and after is one spell."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from companion.cards import Card, DeckProfile
from companion.table.card_reads import (
    FACE_SLACK,
    CardRead,
    under_face,
    within_reach,
    without_reads_in_faces,
    without_reads_over_known,
)
from companion.table.events import TableEvent, UnsureReason, UnsureReport
from companion.table.tracker_settings import TrackerSettings
from companion.values.camera_events import CardGone, CardSeen, ZoneCleared

# Times within this of each other are the same instant (frame times are floats).
TIME_SLACK = 1e-6


@dataclass(frozen=True, eq=False)
class PlacedCard:
    """A card on the zone: where its index was last read (mm), and whether a card laid
    later covers it (then it is not read, yet still there)."""

    card: Card
    quad: np.ndarray
    hidden: bool = False
    # Grey round its index when it came: the table's under it before, and its paper's.
    levels: SpotLevels | None = None

    @property
    def centre(self) -> np.ndarray:
        return np.asarray(self.quad.mean(axis=0), dtype=np.float64)


@dataclass(frozen=True)
class SpotLevels:
    """The grey round an index box (the zone's cells at one light): before this change
    (the picture the zone last settled with; NaN where it never did), now, and now's
    bright part (its paper, where a card lies there)."""

    before: float
    now: float
    bright: float


@dataclass(frozen=True)
class ZoneLook:
    """What the tracker sees of the zone in one frame."""

    time: float
    moving: bool  # something moved over the zone since the last frame
    changed: bool  # its picture differs from the one it last settled with
    changed_at: Callable[[np.ndarray], bool]  # the same, round an index box (4 x 2, mm)
    read: Callable[[], Sequence[CardRead]]  # the zone's reads (costly: call when needed)
    copies_elsewhere: Callable[[Card], int]  # copies of a card placed in the other zones
    # The zone's cells at the light it last settled in (None: not known, no spell resumes).
    picture: np.ndarray | None = None
    # The grey round an index box (None: not known; no card is then taken as covered).
    levels_at: Callable[[np.ndarray], SpotLevels] | None = None


@dataclass(frozen=True)
class ZoneStep:
    """The zone's answer to one frame."""

    events: tuple[TableEvent, ...] = ()
    unsure: tuple[UnsureReport, ...] = ()
    read: bool = False  # the zone was read in this frame
    settled: bool = False  # the zone settled: its picture now is the one to compare with


@dataclass(frozen=True)
class _Reading:
    """One read of the zone: the sure reads and those under the threshold."""

    sure: tuple[CardRead, ...]
    unsure: tuple[CardRead, ...]

    @property
    def cards(self) -> Counter[Card]:
        return Counter(read.card for read in self.sure)

    def best(self, card: Card) -> float:
        """How sure the surest read of ``card`` was (0: not read)."""
        reads = (*self.sure, *self.unsure)
        return max((read.confidence for read in reads if read.card == card), default=0.0)


@dataclass
class _Spell:
    """The current still spell: since when, over how many frames, and its reads. A spell
    resumed after something passed over the zone counts the still time of its earlier
    parts (``still_before``) and goes on from ``part_start``."""

    start: float
    frames: int
    readings: list[_Reading] = field(default_factory=list)
    last_read: float | None = None
    settled: bool = False
    part_start: float = 0.0
    still_before: float = 0.0
    last_time: float = 0.0
    picture: np.ndarray | None = None

    def still_for(self, now: float) -> float:
        return self.still_before + now - self.part_start

    def resume(self, part_start: float, frames: int) -> None:
        """Go on after a pause: the still time so far is kept, the new part begins."""
        self.still_before = self.still_for(self.last_time)
        self.part_start = part_start
        self.frames += frames


class ZoneWatch:
    """The cards on one zone, in the order they arrived, and the still spell being read."""

    def __init__(self, name: str, *, deck: DeckProfile, settings: TrackerSettings) -> None:
        self.name = name
        self.deck = deck
        self.settings = settings
        self.placed: list[PlacedCard] = []
        self._spell: _Spell | None = None
        self._paused: _Spell | None = None  # a spell cut short by motion, not yet settled
        # Sure reads of the last settled spell that did not become cards (flickering under
        # a hand that lingered): their spots count as changed until a spell settles again,
        # so the card there is read anew once what covered it is gone.
        self._unsettled: tuple[CardRead, ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards on the zone in the order they arrived (covered ones included)."""
        return tuple(placed.card for placed in self.placed)

    def restart(self) -> None:
        """Forget the still spell (no view of the mat)."""
        self._spell = self._paused = None

    def step(self, look: ZoneLook, previous_time: float | None) -> ZoneStep:
        """Follow the zone through one frame; ``previous_time`` is the last frame's time
        when that frame was compared with this one (None: no comparison, e.g. the first)."""
        if look.moving:
            self._pause()
            return ZoneStep()
        spell = self._spell
        if spell is None:
            # The last frame already showed what this one shows: the spell began with it.
            start, frames = (look.time, 1) if previous_time is None else (previous_time, 2)
            spell = self._resumed(look, start, frames)
            if spell is None:
                spell = _Spell(start=start, frames=frames, part_start=start)
            self._spell = spell
        else:
            spell.frames += 1
        spell.last_time, spell.picture = look.time, look.picture
        if spell.settled:
            if not look.changed:
                return ZoneStep()
            spell.settled = False  # a slow change no frame-to-frame motion showed
            spell.readings.clear()
        if not look.changed:
            # Something passed over and left all as it was, or a change seen (a shadow at
            # the zone's edge) is gone again: the reads meanwhile are of no change.
            spell.readings.clear()
            spell.settled = True
            return ZoneStep()
        window_done = (
            spell.frames >= self.settings.min_frames
            and spell.still_for(look.time) >= self.settings.min_seconds - TIME_SLACK
        )
        read_now = not spell.readings or (
            window_done and spell.last_read is not None and spell.last_read < look.time
        )
        if read_now:
            spell.readings.append(self._reading(look))
            spell.last_read = look.time
        if not window_done or len(spell.readings) < 2:
            return ZoneStep(read=read_now)
        last, before = spell.readings[-1], spell.readings[-2]
        if last.cards == before.cards and not self._stood_still(last, before):
            # A new card read at another spot than before is still landing: agree anew.
            del spell.readings[:-1]
            return ZoneStep(read=read_now)
        if last.cards == before.cards:
            present, flicker = last.cards, set[Card]()
        elif len(spell.readings) < self.settings.max_reads:
            return ZoneStep(read=read_now)
        else:
            present = _common(spell.readings)
            flicker = {card for reading in spell.readings for card in reading.cards} - set(present)
        events, unsure = self._settle(look, spell, present, flicker)
        placed = set(self.cards)
        # only sure reads: a doubted one (pips read as an index) earns no second chance
        self._unsettled = tuple(
            read for reading in spell.readings for read in reading.sure if read.card not in placed
        )
        spell.settled = True
        return ZoneStep(events=events, unsure=unsure, read=read_now, settled=True)

    def _pause(self) -> None:
        """Something moves over the zone: a spell being read waits for the zone to show
        the same picture again; a settled one is over."""
        spell = self._spell
        if spell is not None:
            self._paused = None if spell.settled or not spell.readings else spell
        self._spell = None

    def _resumed(self, look: ZoneLook, start: float, frames: int) -> _Spell | None:
        """The paused spell, going on from ``start``, when the zone shows the picture it
        showed before the motion (None: no spell to resume)."""
        paused, self._paused = self._paused, None
        if paused is None or paused.picture is None or look.picture is None:
            return None
        if paused.picture.shape != look.picture.shape or bool(
            (np.abs(look.picture - paused.picture) > self.settings.motion_level).any()
        ):
            return None
        paused.resume(start, frames)
        return paused

    def _stood_still(self, last: _Reading, before: _Reading) -> bool:
        """Whether each new card's read (one not on the zone) lies where a read of it lay
        in ``before``: a card still sliding into place, or read while partly covered by
        one landing over it, is read at another spot each time."""
        on_zone = set(self.cards)
        slack = self.settings.still_slack
        return all(
            any(
                other.card == read.card
                and float(np.linalg.norm(other.centre - read.centre)) <= slack * _height(read)
                for other in before.sure
            )
            for read in last.sure
            if read.card not in on_zone
        )

    def _covered(self, look: ZoneLook, placed: PlacedCard) -> bool:
        """Whether a card no longer read where its index lay is covered by something no
        read names (a card held over it, still landing; a hand resting on it), not taken:
        its spot does not show the table it showed before the card came. Where the table
        is as light as the card's paper, a card held over it is not told from the table."""
        came, now = placed.levels, _levels(look, placed.quad)
        if came is None or now is None or not np.isfinite(came.before):
            return False
        return abs(now.now - came.before) > self.settings.change_level

    def _at_unsettled(self, read: CardRead) -> bool:
        """Whether ``read`` lies at a spot the last settled spell read no card at."""
        return any(
            float(np.linalg.norm(other.centre - read.centre)) <= _height(other) / 2
            for other in self._unsettled
        )

    def _reading(self, look: ZoneLook) -> _Reading:
        """The zone's reads less those that are no card: inside another card's face away
        from its corners, over the index of a card on the zone read with it, or a card not
        on the zone where the picture did not change or whose index the cut clipped (the
        reader misreading what was already there)."""
        floor = self.settings.unsure_from
        on_zone = set(self.cards)
        reads = without_reads_over_known(
            without_reads_in_faces(
                [read for read in look.read() if read.confidence >= floor], settled=on_zone
            ),
            settled=on_zone,
        )
        kept = [
            read
            for read in reads
            if read.card in on_zone
            or (not read.clipped and (look.changed_at(read.quad) or self._at_unsettled(read)))
        ]
        sure = tuple(
            read
            for read in kept
            if read.confidence >= self.settings.min_confidence and read.doubt is None
        )
        return _Reading(sure=sure, unsure=tuple(read for read in kept if read not in sure))

    def _settle(
        self, look: ZoneLook, spell: _Spell, present: Counter[Card], flicker: set[Card]
    ) -> tuple[tuple[TableEvent, ...], tuple[UnsureReport, ...]]:
        """Turn the agreed reading into events, update the placed cards, and say what is
        unsure."""
        last = spell.readings[-1]
        when = spell.start
        unsure: list[UnsureReport] = []
        on_zone = Counter(self.cards)
        arrived: list[CardRead] = []
        extra: list[Card] = []
        for card, count in present.items():
            new = count - on_zone[card]
            if new <= 0:
                continue
            room = self.deck.copies - look.copies_elsewhere(card) - on_zone[card]
            reads = _farthest_first(
                [read for read in last.sure if read.card == card],
                [placed for placed in self.placed if placed.card == card],
            )
            arrived.extend(reads[: max(0, min(new, room))])
            extra.extend([card] * (new - max(0, min(new, room))))
        if extra:
            unsure.append(
                UnsureReport(
                    self.name, tuple(extra), when, UnsureReason.EXTRA_COPY, last.best(extra[0])
                )
            )
        kept, removed = self._kept_and_removed(look, last, present, flicker, arrived)
        events: list[TableEvent] = []
        if removed and not kept and not arrived:
            # The script's convention (companion.games.events): a card leaving a zone that
            # still holds others is gone; the zone emptied, even of one card, is cleared.
            events.append(TableEvent(when, ZoneCleared(self.name)))
        else:
            events.extend(TableEvent(when, CardGone(self.name, p.card)) for p in removed)
        arrived.sort(key=lambda read: (float(read.centre[0]), float(read.centre[1])))
        events.extend(TableEvent(when, CardSeen(self.name, read.card)) for read in arrived)
        self.placed = kept + [
            PlacedCard(read.card, read.quad, levels=_levels(look, read.quad)) for read in arrived
        ]
        if flicker:
            candidates = tuple(sorted(flicker, key=str))
            unsure.append(
                UnsureReport(
                    self.name, candidates, when, UnsureReason.FLICKER, last.best(candidates[0])
                )
            )
        # No question about a card already known: one on the zone before this change (a
        # card leaving under a hand, read badly on its way) or now, or one whose every copy
        # lies elsewhere on the table.
        known = (
            set(on_zone)
            | set(self.cards)
            | {card for reading in spell.readings for card in reading.cards}
        )
        for reason in (UnsureReason.DOUBTED, UnsureReason.LOW_CONFIDENCE):
            doubtful = tuple(
                dict.fromkeys(
                    read.card
                    for read in last.unsure
                    if (read.doubt is not None) == (reason is UnsureReason.DOUBTED)
                    and read.card not in known
                    and look.copies_elsewhere(read.card) < self.deck.copies
                )
            )
            if doubtful:
                unsure.append(
                    UnsureReport(self.name, doubtful, when, reason, last.best(doubtful[0]))
                )
        return tuple(events), tuple(unsure)

    def _kept_and_removed(
        self,
        look: ZoneLook,
        last: _Reading,
        present: Counter[Card],
        flicker: set[Card],
        arrived: list[CardRead],
    ) -> tuple[list[PlacedCard], list[PlacedCard]]:
        """The placed cards that stay (seen again, covered by a card that arrived, flickering,
        or unread where the picture did not change) and those gone."""
        seen = Counter(present)
        kept: list[tuple[int, PlacedCard]] = []
        gone: list[tuple[int, PlacedCard]] = []
        for number, placed in enumerate(self.placed):
            if seen[placed.card] > 0:
                seen[placed.card] -= 1
                kept.append((number, _moved_to(placed, last.sure)))
            elif placed.card in flicker or not look.changed_at(placed.quad):
                kept.append((number, placed))
            elif self._covered(look, placed):
                kept.append((number, replace(placed, hidden=True)))
            else:
                gone.append((number, placed))
        # A card unread within reach of a card that just arrived (which may lie over it any
        # way round: the index remembered may be the far one) is covered, not gone; so is a
        # card under a card laid after it (so on top) that stays. A card in sight until now
        # must lie inside that card's face with no slack: the card was there when it was
        # last in sight, and a face placed from a badly framed index box may seem to reach
        # just over a neighbour's index.
        removed: list[PlacedCard] = []
        for number, placed in gone:
            over = [p.quad for later, p in kept if later > number and not p.hidden]
            slack = FACE_SLACK if placed.hidden else 0.0
            if any(under_face(quad, placed.centre, slack=slack) for quad in over) or any(
                within_reach(read.quad, placed.centre) for read in arrived
            ):
                kept.append((number, replace(placed, hidden=True)))
            else:
                removed.append(placed)
        if removed and not arrived and all(placed.hidden for _, placed in kept):
            # Every card in sight left: nothing is left to hide the covered ones, whose
            # spot shows no change only because the card over them was as plain.
            removed.extend(placed for _, placed in sorted(kept, key=lambda pair: pair[0]))
            kept = []
        return [placed for _, placed in sorted(kept, key=lambda pair: pair[0])], removed


def _levels(look: ZoneLook, quad: np.ndarray) -> SpotLevels | None:
    return None if look.levels_at is None else look.levels_at(quad)


def _height(read: CardRead) -> float:
    """The read's index box height (mm)."""
    return float(np.linalg.norm(read.quad[3] - read.quad[0])) or 1.0


def _common(readings: Sequence[_Reading]) -> Counter[Card]:
    """The cards every reading read (as many copies as the fewest read)."""
    common = readings[0].cards
    for reading in readings[1:]:
        common &= reading.cards
    return common


def _farthest_first(reads: list[CardRead], placed: list[PlacedCard]) -> list[CardRead]:
    """Reads of a card, those farthest from its copies already placed first (the new
    copies)."""
    if not placed:
        return reads
    return sorted(
        reads,
        key=lambda read: -min(float(np.linalg.norm(read.centre - p.centre)) for p in placed),
    )


def _moved_to(placed: PlacedCard, reads: Sequence[CardRead]) -> PlacedCard:
    """The placed card where its nearest read now puts it, no longer hidden; the table's
    grey under it, as it was when the card came, is kept while the read lies within its
    index's height of where the card lay (further, that grey was another spot's)."""
    same = [read for read in reads if read.card == placed.card]
    if not same:
        return placed
    nearest = min(same, key=lambda read: float(np.linalg.norm(read.centre - placed.centre)))
    near = float(np.linalg.norm(nearest.centre - placed.centre)) <= _height(nearest)
    return PlacedCard(placed.card, nearest.quad, levels=placed.levels if near else None)
