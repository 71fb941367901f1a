"""What the controller asks the app to do. The controller never does these itself: the
app journals and applies an event, then hands the controller the new view."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.cards import Card
from companion.games.events import CardSeen, Event, ZoneCleared
from companion.games.roster import RosterChange
from companion.games.spec import GameSpec
from companion.ui.settings import UiSettings


@dataclass(frozen=True)
class ApplyEvent:
    """Journal and apply an event sent from the menus: a button action (``bid 1 2``)."""

    event: Event


@dataclass(frozen=True)
class UndoLast:
    """Drop the last event of the game (the player confirmed)."""


class Previous(Enum):
    """What becomes of the game at the table when another one takes its place."""

    FINISHED = "finished"  # it was over (or there was none)
    KEPT = "kept"  # unfinished, kept to be resumed from the menu
    ABANDONED = "abandoned"  # unfinished (or nothing played), marked abandoned


@dataclass(frozen=True)
class StartGame:
    """Start a new game: this game with these options; ``previous``: what becomes of the
    game at the table."""

    spec: GameSpec
    previous: Previous = Previous.FINISHED


@dataclass(frozen=True)
class ResumeGame:
    """Go on with the kept game ``game_id`` of the journal; ``previous``: what becomes of
    the game at the table."""

    game_id: int
    previous: Previous = Previous.KEPT


@dataclass(frozen=True)
class EnterCard:
    """Journal and apply a camera event entered by hand (``card trick QS``, ``clear
    trick``); a card already placed is refused in hand-entry words."""

    event: CardSeen | ZoneCleared


@dataclass(frozen=True)
class ChangeSetting:
    """Use (and keep) these settings from now on."""

    settings: UiSettings


@dataclass(frozen=True)
class Shutdown:
    """Power the companion off (the player confirmed)."""


@dataclass(frozen=True)
class AnswerUnsure:
    """The card in ``zone`` the reader was unsure of is ``card`` (None: there is no card)."""

    zone: str
    card: Card | None


@dataclass(frozen=True)
class LookUpSheet:
    """Find where the phone sheet is now (its page in the menu was opened)."""


@dataclass(frozen=True)
class ChangeRoster:
    """Journal and take a change of the box's roster (a name added, moved or removed)."""

    change: RosterChange


@dataclass(frozen=True)
class MarkNewEvening:
    """The next game opens a new evening (the player said so)."""


Intent = (
    ApplyEvent
    | EnterCard
    | UndoLast
    | StartGame
    | ResumeGame
    | ChangeSetting
    | Shutdown
    | AnswerUnsure
    | LookUpSheet
    | ChangeRoster
    | MarkNewEvening
)
