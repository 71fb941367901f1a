"""The camera's side of the app: the reader, the mat and the tracker for the frames of
one camera (made on the camera thread: loading the reader takes a moment)."""

from __future__ import annotations

from collections.abc import Callable

from companion.cards import FRENCH52, DeckProfile
from companion.device.camera import Frame
from companion.table.events import TrackerOutput, UnsureReport
from companion.table.tracker_settings import TrackerSettings
from companion.table.watching import TableWatch, WatchOptions


def game_deck(game: str) -> DeckProfile:
    """The deck a game is played with (its default options); french52 with no game."""
    if not game:
        return FRENCH52
    from companion.games.registry import make_engine

    return make_engine(game, {}).deck


class TrackedTable:
    """``TableWatch`` with the reader it needs, and how sure the reader was of a card."""

    def __init__(
        self,
        settings: TrackerSettings,
        *,
        game: str | None,
        say: Callable[[str], None],
    ) -> None:
        from companion.vision.reader import CardReader

        reader = CardReader(settings=settings.reader_settings(), deck=game_deck(game or ""))

        def deck_for(mat_game: str) -> DeckProfile:
            deck = game_deck(mat_game)
            reader.use_deck(deck)
            return deck

        self.watch = TableWatch(
            reader, WatchOptions(game=game, settings=settings), deck_for=deck_for, say=say
        )

    def step(self, frame: Frame) -> TrackerOutput:
        return self.watch.step(frame)

    def confidence(self, report: UnsureReport) -> float:
        tracker = self.watch.tracker
        if tracker is None or not report.candidates:
            return 0.0
        card = report.candidates[0]
        reads = tracker.last_reads.get(report.zone, ())
        return max((read.confidence for read in reads if read.card == card), default=0.0)
