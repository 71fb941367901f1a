"""What the controller asks the app to do. The controller never does these itself: the
app journals and applies an event, then hands the controller the new view."""

from __future__ import annotations

from dataclasses import dataclass

from companion.cards import Card
from companion.games.events import Event
from companion.games.spec import GameSpec
from companion.ui.settings import UiSettings


@dataclass(frozen=True)
class ApplyEvent:
    """Journal and apply an event sent from the menus: a button action (``bid 1 2``) or
    a camera event entered by hand (``card trick QS``)."""

    event: Event


@dataclass(frozen=True)
class UndoLast:
    """Drop the last event of the game (the player confirmed)."""


@dataclass(frozen=True)
class StartGame:
    """Start a new game: this game with these options."""

    spec: GameSpec


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


Intent = ApplyEvent | UndoLast | StartGame | ChangeSetting | Shutdown | AnswerUnsure | LookUpSheet
