"""What the camera side is told of the game being played."""

from __future__ import annotations

from dataclasses import dataclass

from companion.cards import DeckProfile


@dataclass(frozen=True)
class WatchedGame:
    """The game at the table as the camera needs it: its id (the mat it is played on),
    the deck its cards come from (with the game's own options), and the zones in play
    (seats beyond the players left out)."""

    game: str
    deck: DeckProfile
    zones: tuple[str, ...]
