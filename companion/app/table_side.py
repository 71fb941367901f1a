"""The camera's side of the app: the reader, the mat and the tracker for the frames of
one camera (made on the camera thread: loading the reader takes a moment). Until it is
told the game at the table it reads with the deck of the game its mat names."""

from __future__ import annotations

from collections.abc import Callable

from companion.cards import FRENCH52, DeckProfile
from companion.table.events import TrackerOutput
from companion.table.tracker_settings import TrackerSettings
from companion.table.watching import TableWatch, WatchOptions
from companion.values.frame import Frame
from companion.values.watched import WatchedGame


def game_deck(game: str) -> DeckProfile:
    """The deck a game is played with by default (before the kiosk tells the game at the
    table); french52 with no game."""
    if not game:
        return FRENCH52
    from companion.games.registry import make_engine

    return make_engine(game, {}).deck


class TrackedTable:
    """``TableWatch`` with the reader it needs; told the game, both use its deck."""

    def __init__(
        self,
        settings: TrackerSettings,
        *,
        game: str | None,
        log: Callable[[str], None],
    ) -> None:
        from companion.vision.reader import CardReader

        reader = CardReader(settings=settings.reader_settings(), deck=game_deck(game or ""))

        def deck_for(mat_game: str) -> DeckProfile:
            deck = game_deck(mat_game)
            reader.use_deck(deck)
            return deck

        self.reader = reader
        self.watch = TableWatch(
            reader, WatchOptions(game=game, settings=settings), deck_for=deck_for, log=log
        )

    def step(self, frame: Frame) -> TrackerOutput:
        return self.watch.step(frame)

    def use_game(self, watched: WatchedGame) -> None:
        """Read with the game's own deck and follow only its zones from now on."""
        self.reader.use_deck(watched.deck)
        self.watch.use_game(watched)
