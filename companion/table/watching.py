"""Frames in, tracker outputs out: skips frames no camera should give (frame_check),
finds the mat (or takes the whole frame), makes the tracker for the game the mat names,
says when the mat is lost or found, and writes preview pictures. No hardware and no game
rules: the deck of a game comes from outside.

A still photo (``still``) is a scene of its own: it is shown to a fresh tracker for as
long as its reading needs, and its cards replace the last photo's."""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from companion.cards import Card, DeckProfile
from companion.table.calibration import Calibrator, MatView
from companion.table.events import TableEvent, TrackerOutput
from companion.table.frame_check import FrameCheck, FrameCheckSettings
from companion.table.preview import annotated
from companion.table.tracker import CardsReader, TableTracker
from companion.table.tracker_settings import TrackerSettings
from companion.values.camera_events import CameraEvent, CardGone, CardSeen, ZoneCleared
from companion.values.frame import Frame
from companion.values.watched import WatchedGame

STILL_FPS = 10.0  # the pace a still photo is shown to the tracker at
TIME_SLACK = 1e-6  # frame times within this of each other are the same instant


def still_frames(settings: TrackerSettings, fps: float = STILL_FPS) -> int:
    """How many frames a still is shown for so that its reading stands whatever its reads
    do: the stability window (its first frame begins it), then a frame for each further
    read the tracker takes before it calls reads that disagree unsure."""
    window = max(settings.min_frames, math.ceil(settings.min_seconds * fps - TIME_SLACK) + 1)
    return window + settings.max_reads - 1


def scene_change(
    before: Mapping[str, tuple[Card, ...]], after: Mapping[str, tuple[Card, ...]], when: float
) -> tuple[TableEvent, ...]:
    """The events that turn one scene's cards into the next's, zone by zone: a zone left
    empty is cleared, a card no longer there is gone, a card that came is seen (in the
    order the tracker placed them)."""
    events: list[CameraEvent] = []
    for zone in dict.fromkeys([*before, *after]):
        old, new = before.get(zone, ()), after.get(zone, ())
        left, came = Counter(old) - Counter(new), Counter(new) - Counter(old)
        if left and not new:
            events.append(ZoneCleared(zone))
        else:
            events.extend(CardGone(zone, card) for card in _taking(old, left))
        events.extend(CardSeen(zone, card) for card in _taking(new, came))
    return tuple(TableEvent(when, event) for event in events)


def _taking(cards: tuple[Card, ...], wanted: Counter[Card]) -> list[Card]:
    """The cards of ``cards``, in their order, that ``wanted`` counts."""
    left, taken = Counter(wanted), []
    for card in cards:
        if left[card] > 0:
            left[card] -= 1
            taken.append(card)
    return taken


@dataclass(frozen=True)
class WatchOptions:
    """``game`` None: the game the mat's markers name; ``use_mat`` False: the whole frame
    is one zone, ``table``; ``preview``: a folder for annotated PNGs; ``live`` False: the
    frames are a recording or a folder, where a frame repeated is the table still, not a
    camera stuck."""

    game: str | None = None
    use_mat: bool = True
    preview: Path | None = None
    settings: TrackerSettings = field(default_factory=TrackerSettings)
    live: bool = True


class TableWatch:
    """Follows a stream of frames; ``step`` gives the tracker's output for each."""

    def __init__(
        self,
        reader: CardsReader,
        options: WatchOptions,
        *,
        deck_for: Callable[[str], DeckProfile],
        log: Callable[[str], None],
    ) -> None:
        """``deck_for(game)``: the deck a game is played with ("" with no mat);
        ``log``: where diagnostics go (one line each)."""
        self.reader = reader
        self.options = options
        self.deck_for = deck_for
        self.log = log
        self.calibrator = Calibrator(game=options.game) if options.use_mat else None
        self.tracker: TableTracker | None = None
        self._game: str | None = None
        self._whole: MatView | None = None
        self._found: bool | None = None
        self.watched: WatchedGame | None = None
        self._ignored: set[str] = set()  # zones out of play already said
        self.frame_check = FrameCheck(log, FrameCheckSettings(skip_repeats=options.live))
        self._scene: dict[str, tuple[Card, ...]] = {}  # the last still's cards by zone

    def use_game(self, watched: WatchedGame) -> None:
        """Watch for this game from now on: its deck (the tracker's, the cards placed
        stay) and only its zones in play (on its own mat)."""
        self.watched = watched
        self._ignored.clear()
        if self.tracker is not None:
            self.tracker.use_deck(watched.deck)

    def _deck(self, mat_game: str) -> DeckProfile:
        watched = self.watched
        return self.deck_for(mat_game) if watched is None else watched.deck

    def step(self, frame: Frame) -> TrackerOutput:
        if not self.frame_check.usable(frame):
            # Nothing is learnt from the frame: no event, the mat as it was.
            return TrackerOutput(frame.time, mat_found=bool(self._found))
        return self._track(frame)

    def still(self, frame: Frame) -> TrackerOutput:
        """A still photo, a scene of its own (of any size): shown to a fresh tracker for
        ``still_frames``; the events turn the last still's cards into this one's."""
        check = FrameCheck(self.log, FrameCheckSettings(skip_repeats=False))
        if not check.usable(frame):
            return TrackerOutput(frame.time, mat_found=bool(self._found))
        self.tracker = None
        shown = [
            self._track(frame.at(frame.time + repeat / STILL_FPS))
            for repeat in range(still_frames(self.options.settings))
        ]
        tracker = self.tracker
        cards: dict[str, tuple[Card, ...]] = (
            {} if tracker is None else self._cards_in_play(tracker.cards())
        )
        events, self._scene = scene_change(self._scene, cards, frame.time), cards
        return TrackerOutput(
            frame.time,
            events=events,
            unsure=tuple(report for output in shown for report in output.unsure),
            mat_found=shown[-1].mat_found,
            read=tuple(dict.fromkeys(zone for output in shown for zone in output.read)),
        )

    def _cards_in_play(self, cards: Mapping[str, tuple[Card, ...]]) -> dict[str, tuple[Card, ...]]:
        """The zones' cards, those of zones the watched game does not use left out."""
        watched = self.watched
        if watched is None or self._game != watched.game:
            return {zone: placed for zone, placed in cards.items() if placed}
        return {zone: placed for zone, placed in cards.items() if placed and zone in watched.zones}

    def _track(self, frame: Frame) -> TrackerOutput:
        view = self._view(frame)
        found = view is not None
        if found != self._found:
            self._say_mat(view)
            self._found = found
        if view is not None and (self.tracker is None or view.layout.game != self._game):
            self._game = view.layout.game
            self.tracker = TableTracker(
                self.reader, deck=self._deck(self._game), settings=self.options.settings
            )
        if self.tracker is None:
            output = TrackerOutput(frame.time, mat_found=False)
        else:
            output = self._in_play(self.tracker.step(frame, view), view)
        for report in output.unsure:
            self.log(f"{report.time:.2f}s {report.text}")
        if self.options.preview is not None and (
            frame.number == 0 or output.events or output.read or not output.mat_found
        ):
            self._write_preview(frame, view, output)
        return output

    def _in_play(self, output: TrackerOutput, view: MatView | None) -> TrackerOutput:
        """The output without what happened on zones the watched game does not use (a
        seat beyond its players), said once a zone."""
        watched = self.watched
        if watched is None or view is None or view.layout.game != watched.game:
            return output
        zones = set(watched.zones)
        out = {event.zone for event in output.events} | {r.zone for r in output.unsure}
        for zone in sorted(out - zones - self._ignored):
            self.log(f"{zone} is not in play in this game: what happens there is not read")
            self._ignored.add(zone)
        if out <= zones:
            return output
        return dataclasses.replace(
            output,
            events=tuple(event for event in output.events if event.zone in zones),
            unsure=tuple(report for report in output.unsure if report.zone in zones),
        )

    def _view(self, frame: Frame) -> MatView | None:
        if self.calibrator is not None:
            return self.calibrator.update(frame)
        width, height = frame.size
        if self._whole is None or self._whole.frame_size != (width, height):
            self._whole = MatView.whole_frame(width, height)
        return self._whole

    def _say_mat(self, view: MatView | None) -> None:
        if view is None:
            self.log("mat not found: no events until it is seen again")
        elif not view.layout.has_markers:
            self.log("no mat: the whole frame is the zone table")
        else:
            paper = view.layout.paper.name
            self.log(f"mat found: {view.layout.game} ({paper})")

    def _write_preview(self, frame: Frame, view: MatView | None, output: TrackerOutput) -> None:
        import cv2

        folder = self.options.preview
        assert folder is not None
        tracker = self.tracker
        picture = annotated(
            frame.image,
            view,
            reads=tracker.last_reads if tracker is not None and output.read else {},
            placed=(
                {name: tuple(w.placed) for name, w in tracker.watches.items()}
                if tracker is not None
                else {}
            ),
            moving=output.moving,
        )
        path = folder / f"frame-{frame.number:06d}.png"
        if not cv2.imwrite(str(path), picture):
            self.log(f"{path}: the preview could not be written")
