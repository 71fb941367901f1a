"""The frame every game engine fits in.

An engine is pure: ``next_state(state, event)`` returns a new state or raises a
``RefusedEvent`` and touches nothing. Engines write their rules in ``apply_to``, which
may change the state it is given freely, because ``next_state`` hands it a private copy
and throws that copy away on a refusal.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from companion.cards import Card, CardError, DeckProfile
from companion.games.errors import MisreadCard, OutOfTurn, Reason, UnknownAction
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared
from companion.games.options import options_json, parse_options
from companion.games.score_sheet import ReplayCut, ScoreSheet, SheetCut
from companion.games.standing import HandScore, Standing


class NoView(TypeError):
    """A game whose engine has no screen view (a test engine, say)."""


class NoScoreSheet(TypeError):
    """A game whose engine keeps no score sheet to export."""


class NoStanding(TypeError):
    """A game whose engine does not say where its seats stand (a test engine, say)."""


class GameView(Protocol):
    """What an engine's ``view`` hook returns: a frozen value the screens draw from and
    whose ``to_json`` is ``simulate --json``'s body.

    ``game_id`` is the game whose screen draws it: the ui finds that screen through the
    registry (``GamePlugin.screen``), so the games layer never imports the ui.
    """

    game_id: ClassVar[str]

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Violation:
    """A problem the table should know about: a revoke, a duplicate card, a refused event.

    ``kind`` is a short stable id (``revoke``, ``duplicate-card``, ``refused``...);
    ``line`` is the script line of the event that showed it, when known (for the script's
    readers; the table is told ``reason``: the trick or round and the players).
    """

    kind: str
    message: str
    seat: int | None = None
    line: int | None = None
    reason: Reason | None = None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"kind": self.kind, "message": self.message}
        if self.seat is not None:
            data["seat"] = self.seat
        if self.line is not None:
            data["line"] = self.line
        return data


@dataclass(kw_only=True)
class GameState:
    """Fields every game state has. Game states subclass this with ``kw_only=True``."""

    violations: list[Violation] = field(default_factory=list)

    def flag(
        self, kind: str, message: str, seat: int | None = None, reason: Reason | None = None
    ) -> None:
        self.violations.append(Violation(kind, message, seat, reason=reason))


@dataclass(frozen=True)
class AmountChoice:
    """The whole numbers an action's last argument may take now."""

    low: int
    high: int
    excluded: tuple[int, ...] = ()

    def values(self) -> tuple[int, ...]:
        return tuple(v for v in range(self.low, self.high + 1) if v not in self.excluded)

    def __contains__(self, value: object) -> bool:
        return (
            isinstance(value, int)
            and self.low <= value <= self.high
            and (value not in self.excluded)
        )


@dataclass(frozen=True)
class ActionOffer:
    """An action the buttons may offer now, e.g. ``bid`` for seat 2 with 0..3 but not 1.

    ``args`` are the fixed leading arguments; ``amount``, when set, is the choice of the
    final argument. ``action(value)`` builds the event to apply.
    """

    name: str
    label: str
    args: tuple[str, ...] = ()
    amount: AmountChoice | None = None

    def action(self, value: int | None = None) -> Action:
        if (value is None) != (self.amount is None):
            need = "needs" if value is None else "takes no"
            raise ValueError(f"{self.name} {need} amount")
        extra = () if value is None else (str(value),)
        return Action(self.name, (*self.args, *extra))

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"action": self.name, "label": self.label}
        if self.args:
            data["args"] = list(self.args)
        if self.amount is not None:
            amount: dict[str, object] = {"low": self.amount.low, "high": self.amount.high}
            if self.amount.excluded:
                amount["excluded"] = list(self.amount.excluded)
            data["amount"] = amount
        return data


StateT = TypeVar("StateT", bound=GameState)
OptionsT = TypeVar("OptionsT")


class GameEngine(ABC, Generic[OptionsT, StateT]):
    """Base of the five games. Subclasses set the class attributes and the hooks."""

    game_id: ClassVar[str]
    title: ClassVar[str]
    options_type: ClassVar[type[Any]]
    zones: ClassVar[tuple[str, ...]]
    # The actions whose first argument is a seat: people's texts name it from 1 ("P4 bids
    # 0" for "bid 3 0"); in the others a leading number is an amount ("stake 5").
    seat_led_actions: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, options: OptionsT) -> None:
        self.options = options

    @classmethod
    def from_option_words(cls, values: dict[str, str]) -> Self:
        options = parse_options(cls.options_type, values, cls.game_id)
        return cls(options)

    # -- hooks --------------------------------------------------------------------------

    @property
    @abstractmethod
    def deck(self) -> DeckProfile:
        """The pack this table plays with (may depend on the options)."""

    @abstractmethod
    def initial_state(self) -> StateT: ...

    @abstractmethod
    def apply_to(self, state: StateT, event: Event) -> None:
        """Apply ``event`` to ``state`` in place, or raise a ``RefusedEvent``."""

    @abstractmethod
    def offers(self, state: StateT) -> tuple[ActionOffer, ...]:
        """The button actions that are legal now."""

    @abstractmethod
    def state_json(self, state: StateT) -> dict[str, Any]:
        """The state for ``--json``: ``phase``, ``seats`` and the game's own keys."""

    # -- hooks with a default: what the screens, the export and the table ask of a game ----

    def view(self, state: StateT) -> GameView:
        """The typed view the screens draw; a game without screens keeps this refusal."""
        raise NoView(f"no screen view for the game {self.game_id!r}")

    def score_sheet(self, events: Sequence[Event]) -> ScoreSheet:
        """The score sheet of a game played with ``events`` (refused events raise)."""
        raise NoScoreSheet(f"the game {self.game_id!r} keeps no score sheet")

    def sheet_cut(self) -> SheetCut:
        """The score sheet cut event by event (the rows ``score_sheet`` makes of the same
        events). The default replays the events whole each time: always right, slow."""
        return ReplayCut(self.score_sheet)

    def standing(self, state: StateT) -> Standing:
        """Where the seats stand now, as an evening adds games up (points scored, or the
        money each would take home); cheap enough to be asked after every event."""
        raise NoStanding(f"the game {self.game_id!r} says nothing of where its seats stand")

    def hand_scores(self, state: StateT) -> tuple[HandScore, ...]:
        """Each hand's bids, tricks and points, in a game scored by hands; else none."""
        return ()

    def table_zones(self) -> tuple[str, ...]:
        """The zones a card can be put on at this table (the card-entry menu and the
        camera's mat); games with a zone per seat leave out the seats nobody sits at."""
        return self.zones

    # -- the pure interface -------------------------------------------------------------

    def next_state(self, state: StateT, event: Event) -> StateT:
        candidate = copy.deepcopy(state)
        self.check_zone(event)
        self.apply_to(candidate, event)
        return candidate

    def fold(self, events: Iterable[Event]) -> StateT:
        state = self.initial_state()
        for event in events:
            state = self.next_state(state, event)
        return state

    def options_json(self) -> dict[str, object]:
        return options_json(self.options)

    # -- helpers for the subclasses -----------------------------------------------------

    def check_zone(self, event: Event) -> None:
        if isinstance(event, CardSeen | CardGone | ZoneCleared) and event.zone not in self.zones:
            known = ", ".join(self.zones)
            raise UnknownAction(
                f'{self.game_id} has no zone "{event.zone}" (its zones: {known})',
                Reason.of("no-zone", zone=event.zone),
            )

    def check_card(self, card: Card) -> None:
        try:
            self.deck.check(card)
        except CardError as error:
            raise MisreadCard(str(error), Reason.of("not-in-deck", card=card)) from None

    def unknown_action(self, action: Action) -> UnknownAction:
        return UnknownAction(
            f'{self.game_id} has no action "{action.name}"',
            Reason.of("no-action", action=action.name),
        )

    @staticmethod
    def wrong_phase(what: str, phase: object) -> OutOfTurn:
        return OutOfTurn(f"{what} is not possible now (phase: {phase})", Reason.of("not-now"))
