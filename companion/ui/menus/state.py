"""The controller's values: where the player is in the menus (``UiState``) and what the
app tells the controller about the table (``UiContext``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from companion.cards import Card, Rank, Suit
from companion.games.engine import ActionOffer, Violation
from companion.games.evening import Evening
from companion.games.events import Event
from companion.games.people import People
from companion.games.roster import Roster
from companion.games.round_outcome import RoundOutcome
from companion.games.spec import GameSpec
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.roster_editor import RosterEditor
from companion.ui.seating import Seating
from companion.ui.settings import UiSettings
from companion.ui.summary import GameSummary
from companion.ui.views import GameView
from companion.values.language import Language
from companion.values.sheet_address import SheetLink


@dataclass(frozen=True)
class OfferKey:
    """An offer by what it does (``bid`` for seat 1), not by its place in the list: the
    list changes under the player's fingers."""

    name: str
    args: tuple[str, ...] = ()

    @classmethod
    def of(cls, offer: ActionOffer) -> OfferKey:
        return cls(offer.name, offer.args)


def find_offer(offers: tuple[ActionOffer, ...], key: OfferKey) -> ActionOffer | None:
    return next((offer for offer in offers if OfferKey.of(offer) == key), None)


@dataclass(frozen=True)
class Picked:
    """An amount being chosen for an offer."""

    offer: OfferKey
    value: int


@dataclass(frozen=True)
class Home:
    """The game's own screens: the front (the game's first page, or the amount picker
    while an amount is due) or, ``browsing``, its pages (``page``)."""

    page: int = 0
    browsing: bool = False


@dataclass(frozen=True)
class MainMenu:
    cursor: int = 0


@dataclass(frozen=True)
class TableActions:
    """The game's actions of the moment (the offers), from the menu."""

    cursor: int = 0


class Question(Enum):
    UNDO = "undo"
    SHUTDOWN = "shutdown"


@dataclass(frozen=True)
class Confirm:
    """A yes/no question; ``yes``: the cursor is on yes (it starts on no, so the press
    that asked can never also answer)."""

    question: Question
    yes: bool = False


@dataclass(frozen=True)
class Unfinished:
    """The game at the table is unfinished and another is about to take its place: keep
    it or abandon it. ``spec``: the new game, or ``resume`` the journal id of a kept game
    to resume; ``abandon``: the cursor is on abandon."""

    spec: GameSpec | None = None
    resume: int | None = None
    abandon: bool = False


@dataclass(frozen=True)
class KeptGames:
    """The unfinished games kept to be resumed."""

    cursor: int = 0


@dataclass(frozen=True)
class Scores:
    top: int = 0


@dataclass(frozen=True)
class SheetAddress:
    """Where the phone sheet is: its address as text and as a QR code."""


@dataclass(frozen=True)
class SettingsMenu:
    """``draft`` is set while the setting under the cursor is being changed."""

    cursor: int = 0
    draft: UiSettings | None = None


@dataclass(frozen=True)
class GamePicker:
    cursor: int = 0


@dataclass(frozen=True)
class GameSetup:
    """The options of the new game (the game's own options dataclass). ``seat``: whose
    value of a per-seat option (the starting scores) is being changed."""

    game: str
    options: Any
    cursor: int = 0
    editing: bool = False
    seat: int | None = None
    before: Any = None  # the options before the row being edited, put back by BACK


@dataclass(frozen=True)
class CardPick:
    """Picking the unsure card by hand: the rank first, then the suit."""

    zone: str
    rank: Rank
    suit: Suit
    picking_suit: bool = False


@dataclass(frozen=True)
class TableMenu:
    """Entering the table by hand (no camera reading): a card onto a zone, clearing a
    zone, or on to the menu; ``pick`` while the card is being picked."""

    cursor: int = 0
    pick: CardPick | None = None


@dataclass(frozen=True)
class EveningPage:
    """The evening on the box: its people's totals, then who pays whom (``page``)."""

    page: int = 0


@dataclass(frozen=True)
class PeopleList:
    """The box's roster being looked at or edited."""

    editor: RosterEditor = field(default_factory=RosterEditor)


@dataclass(frozen=True)
class SeatingChoice:
    """Who sits where in the game ``spec`` about to start."""

    seating: Seating
    spec: GameSpec


Mode = (
    Home
    | MainMenu
    | TableActions
    | Confirm
    | Unfinished
    | KeptGames
    | Scores
    | SheetAddress
    | SettingsMenu
    | GamePicker
    | GameSetup
    | CardPick
    | TableMenu
    | EveningPage
    | PeopleList
    | SeatingChoice
)


@dataclass(frozen=True)
class UiState:
    """``notice``: one line saying why the last action was refused (until the next
    press). ``chosen``: the amounts being chosen, one per offer, each kept until its own
    OK takes it; ``focus``: the picker the player is on; ``after``: the offer just sent,
    so the next one of its kind comes up next. ``remembered``: the last amount entered
    per action, ``last_amount`` the last of any (a new picker starts there).
    ``menu_at``: where the menu's cursor was left. ``repeats``: how long UP or DOWN has
    been held. ``before_send``: the mode an event was sent from, to go back to if the app
    refuses it. ``outcome_seen``: the round's outcome a press has put away (the home
    screen shows any other)."""

    mode: Mode = Home()
    notice: str | None = None
    chosen: tuple[Picked, ...] = ()
    focus: OfferKey | None = None
    after: OfferKey | None = None
    remembered: tuple[tuple[str, int], ...] = ()
    last_amount: int | None = None
    menu_at: int | None = None
    repeats: int = 0
    before_send: Mode | None = None
    outcome_seen: RoundOutcome | None = None

    def remembered_amount(self, action: str) -> int | None:
        """Where a new picker for ``action`` starts: its last amount, else the last
        amount entered for any action."""
        return dict(self.remembered).get(action, self.last_amount)

    def remember(self, action: str, value: int) -> tuple[tuple[str, int], ...]:
        values = dict(self.remembered)
        values[action] = value
        return tuple(sorted(values.items()))

    def at_a_new_table(self) -> UiState:
        """The state once another game is at the table: the home screen, with the amounts
        remembered and the menu's cursor where it was left."""
        return UiState(
            remembered=self.remembered, last_amount=self.last_amount, menu_at=self.menu_at
        )

    def chosen_for(self, offer: OfferKey) -> Picked | None:
        return next((picked for picked in self.chosen if picked.offer == offer), None)

    def with_chosen(self, picked: Picked) -> tuple[Picked, ...]:
        others = tuple(kept for kept in self.chosen if kept.offer != picked.offer)
        return (*others, picked)

    def without_chosen(self, offer: OfferKey) -> tuple[Picked, ...]:
        return tuple(kept for kept in self.chosen if kept.offer != offer)


@dataclass(frozen=True)
class UnsureReading:
    """A card the reader is not sure of: its zone, its best reading, how sure it was
    (0..1) and the ranks of the deck in play (what the rank picker offers)."""

    zone: str
    card: Card
    confidence: float
    ranks: tuple[Rank, ...] = tuple(Rank)


@dataclass(frozen=True)
class HandEntry:
    """What can be entered by hand in the game at the table: its zones and its deck's
    ranks (offered while no camera reads the table)."""

    zones: tuple[str, ...]
    ranks: tuple[Rank, ...]


@dataclass(frozen=True)
class UiContext:
    """What the app knows now: the game's view and offers (none before a game starts),
    the settings, the event an undo would drop, an unsure card to ask about, whether
    cards are entered by hand, a violation the rules just flagged (shown over all
    else), a status line kept at the bottom while something is wrong, and what the app
    found of the phone sheet when its page was last opened (None: not looked up); the
    game's spec, the box's roster, the last game's people and the evening now (None
    where the app has not looked it up)."""

    view: GameView | None = None
    offers: tuple[ActionOffer, ...] = ()
    settings: UiSettings = field(default_factory=UiSettings)
    last_event: Event | None = None
    unsure: UnsureReading | None = None
    hand_entry: HandEntry | None = None
    violation: Violation | None = None
    status: str | None = None
    sheet_link: SheetLink | None = None
    seat_led: frozenset[str] = frozenset()  # the game's GameEngine.seat_led_actions
    summary: GameSummary | None = None  # the game at the table, named for the player
    kept: tuple[GameSummary, ...] = ()  # unfinished games kept to be resumed, newest first
    spec: GameSpec | None = None
    roster: Roster = field(default_factory=Roster)
    last_people: People | None = None
    evening: Evening | None = None

    @property
    def language(self) -> Language:
        return self.settings.language

    @property
    def people(self) -> People | None:
        """The names in the game's seats (None: P1..Pn, or no game)."""
        return None if self.spec is None else self.spec.people


def direction(press: ButtonPress) -> int:
    """+1 for UP, -1 for DOWN, 0 for the others."""
    return {Button.UP: 1, Button.DOWN: -1}.get(press.button, 0)


def is_held(press: ButtonPress) -> bool:
    return press.kind is PressKind.REPEAT


def moved(index: int, count: int, press: ButtonPress) -> int:
    """A list's cursor after UP (up the list) or DOWN. The one rule of every list and
    value: a press at an end goes round to the other end, a held button stops there."""
    target = index - direction(press)
    if is_held(press):
        return max(0, min(count - 1, target))
    return target % count


def is_short(press: ButtonPress, button: Button) -> bool:
    return press.button is button and press.kind is PressKind.SHORT


def is_long(press: ButtonPress, button: Button) -> bool:
    return press.button is button and press.kind is PressKind.LONG
