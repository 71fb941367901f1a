"""Named menu screens in known states: the golden pictures of the menus and the check
that every menu text fits. Each sample is a controller state over a context built from
a real game (a bundled example replayed for a number of events)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from companion.cards import Card, Rank, Suit
from companion.games.evening import Evening, group_evenings
from companion.games.people import People
from companion.games.registry import game_ids, plugin
from companion.games.roster import Roster
from companion.games.script import parse_script
from companion.games.session import Game, replay_script
from companion.games.spec import GameSpec
from companion.games.summary import Ending, summarize
from companion.tools.name_presses import presses_for
from companion.ui import letters, roster_editor, seating
from companion.ui.canvas import Sheet
from companion.ui.controller import compose, context_for
from companion.ui.menus.game_options import default_options, option_fields
from companion.ui.menus.state import (
    CardPick,
    Confirm,
    EveningPage,
    GamePicker,
    GameSetup,
    Home,
    KeptGames,
    MainMenu,
    OfferKey,
    PeopleList,
    Picked,
    Question,
    Scores,
    SeatingChoice,
    SettingsMenu,
    SheetAddress,
    TableActions,
    UiContext,
    UiState,
    Unfinished,
    UnsureReading,
)
from companion.ui.settings import UiSettings
from companion.ui.summary import GameSummary, summarise
from companion.values.language import Language
from companion.values.sheet_address import SheetLink, SheetLinkState

SAMPLE_SHEET_URL = "http://192.168.1.23:8080/"
SAMPLE_GAME_NUMBER = 12
LONG_SHEET_URL = "http://192.168.100.200:65000/"  # the longest IPv4 address and port


def example_game(name: str, events: int | None = None, *, script: str | None = None) -> Game:
    """The bundled example ``name`` after its first ``events`` events (all: None), or the
    game of a short ``script`` of its own."""
    if script is not None:
        return replay_script(parse_script(script, "sample")).game
    text = plugin(name).example_text()
    parsed = parse_script(text, f"examples/{name}")
    if events is not None:
        parsed = dataclasses.replace(parsed, lines=parsed.lines[:events])
    return replay_script(parsed, keep_going=True).game


@dataclass(frozen=True)
class MenuSample:
    """A menu screen to draw: a name, the controller's state, the game (or none), the
    unsure card the table asks about, if any, and what the app found of the phone sheet."""

    name: str
    state: UiState
    game: Callable[[], Game | None] = lambda: None
    unsure: UnsureReading | None = None
    sheet_link: SheetLink | None = None
    people: Callable[[UiContext], UiContext] = lambda context: context  # roster, evening
    kept: tuple[GameSummary, ...] = ()

    def compose(self, language: Language) -> Sheet:
        context = context_for(
            self.game(),
            UiSettings(language=language),
            unsure=self.unsure,
            sheet_link=self.sheet_link,
            journal_id=None if self.game() is None else SAMPLE_GAME_NUMBER,
            kept=self.kept,
        )
        context = self.people(context)
        state = self.state
        mode = state.mode
        if isinstance(mode, SettingsMenu) and mode.draft is not None:
            # a draft starts from the settings in use, language included
            draft = dataclasses.replace(mode.draft, language=language)
            state = dataclasses.replace(state, mode=dataclasses.replace(mode, draft=draft))
        return compose(state, context)


def _oh_hell_bidding() -> Game:
    return example_game("oh-hell", 2)


def _oh_hell_over() -> Game:
    return example_game("oh-hell")


def _bank_bets() -> Game:
    return example_game("ochko-bank", 0)


def _gwiazda() -> Game:
    return example_game("gwiazda")


def _oczko_stakes() -> Game:
    return example_game("oczko", 9)


def _kept() -> tuple[GameSummary, ...]:
    return (
        summarise(example_game("oczko", 30), 9),
        summarise(example_game("ochko-bank", 20), 7),
        summarise(example_game("gwiazda", 12), 4),
    )


def _bids_at_once() -> Game:
    script = "game oh-hell players=5 hand=4 simultaneous_bids=on\ncard trump 9H\n"
    return example_game("", script=script)


QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)
ROSTER = Roster(("Ania", "Bartek", "Celina", "Dima", "Przemysław"))
LAST_PEOPLE = People.parse("Ania,Bartek,Celina,Dima")
# An evening of three games and four people: the bundled examples, played by name.
EVENING_GAMES = (
    ("oh-hell", "Ania,Bartek,Celina,Dima"),
    ("oczko", "Dima,Ania,Celina"),
    ("ochko-bank", "Bartek,Celina,Dima,Ania"),
)
EVENING_START = datetime(2026, 11, 27, 19, 0, tzinfo=UTC)


def sample_evening() -> Evening:
    summaries = []
    for number, (name, people) in enumerate(EVENING_GAMES, start=1):
        script = parse_script(plugin(name).example_text(), f"examples/{name}")
        started = EVENING_START + timedelta(minutes=50 * number)
        summaries.append(
            summarize(
                number,
                script.spec().with_people(People.parse(people)),
                [line.event for line in script.lines],
                started=started,
                last_move=started + timedelta(minutes=45),
                ending=Ending.FINISHED,
                careful=True,
            )
        )
    return group_evenings(summaries)[0]


def _oh_hell_named() -> Game:
    game = example_game("oh-hell")
    named = Game.of(game.spec.with_people(People.parse("Ania,Bartłomiej,Celina,Aleksandra")))
    for event in game.events:
        named.apply(event)
    return named


def _with_people(context: UiContext) -> UiContext:
    return dataclasses.replace(context, roster=ROSTER, last_people=LAST_PEOPLE)


def _with_evening(context: UiContext) -> UiContext:
    return dataclasses.replace(context, evening=sample_evening())


def _typing(name: str, presses: int) -> roster_editor.RosterEditor:
    """The roster editor's letter picker after the first ``presses`` of typing ``name``."""
    picker = letters.start(list(reversed(ROSTER.names)))
    for pressed in presses_for(name, ROSTER.names)[:presses]:
        picker, _ = letters.press(picker, pressed)
    return roster_editor.RosterEditor(roster_editor.Step.TYPING, picker=picker)


def _seating(chosen: tuple[str, ...] | None = None) -> SeatingChoice:
    spec = GameSpec("oh-hell", default_options("oh-hell"))
    start = seating.start(4, LAST_PEOPLE, ROSTER)
    return SeatingChoice(dataclasses.replace(start, chosen=chosen, pick=1), spec)


def _setups() -> list[MenuSample]:
    samples = []
    for game in game_ids():
        options = default_options(game)
        last = len(option_fields(type(options)))
        samples.append(MenuSample(f"menu-setup-{game}", UiState(GameSetup(game, options))))
        samples.append(
            MenuSample(f"menu-setup-{game}-end", UiState(GameSetup(game, options, last)))
        )
    return samples


SAMPLES: tuple[MenuSample, ...] = (
    MenuSample("menu-home-no-game", UiState()),
    MenuSample("menu-main-no-game", UiState(MainMenu())),
    MenuSample("menu-main-oh-hell", UiState(MainMenu(3)), _oh_hell_bidding),
    MenuSample("menu-main-bank-bets", UiState(MainMenu(9)), _bank_bets, kept=_kept()),
    MenuSample("menu-actions-oczko", UiState(TableActions(0)), _oczko_stakes),
    MenuSample(
        "menu-amount-bet",
        UiState(
            Home(), chosen=(Picked(OfferKey("bet", ("2",)), 4),), focus=OfferKey("bet", ("2",))
        ),
        _bank_bets,
    ),
    MenuSample(
        "menu-amount-bet-zero",
        UiState(
            Home(), chosen=(Picked(OfferKey("bet", ("2",)), 0),), focus=OfferKey("bet", ("2",))
        ),
        _bank_bets,
    ),
    MenuSample(
        "menu-amount-stake-wide",
        UiState(Home(), chosen=(Picked(OfferKey("pool"), 20),)),
        lambda: example_game("gwiazda", 0),
    ),
    MenuSample("menu-home-bids-at-once", UiState(), _bids_at_once),
    MenuSample(
        "menu-refused",
        UiState(
            Home(),
            notice="P1 cannot bid 2: the bids may not add up to 3",
        ),
        _bids_at_once,
    ),
    MenuSample("menu-confirm-undo", UiState(Confirm(Question.UNDO)), _oh_hell_bidding),
    MenuSample(
        "menu-confirm-undo-yes", UiState(Confirm(Question.UNDO, yes=True)), _oh_hell_bidding
    ),
    MenuSample("menu-confirm-shutdown", UiState(Confirm(Question.SHUTDOWN))),
    MenuSample(
        "menu-unfinished",
        UiState(Unfinished(GameSpec.parse("game oczko players=4"))),
        lambda: example_game("oh-hell", 30),
    ),
    MenuSample(
        "menu-unfinished-abandon",
        UiState(Unfinished(resume=9, abandon=True)),
        lambda: example_game("ochko-bank", 40),
    ),
    MenuSample("menu-kept-games", UiState(KeptGames(1)), _oh_hell_bidding, kept=_kept()),
    MenuSample("menu-scores-oh-hell", UiState(Scores()), _oh_hell_over),
    MenuSample("menu-scores-gwiazda", UiState(Scores(2)), _gwiazda),
    MenuSample("menu-settings", UiState(SettingsMenu(0))),
    MenuSample("menu-settings-editing", UiState(SettingsMenu(3, UiSettings(dark_after=1800)))),
    MenuSample("menu-new-game", UiState(GamePicker(2))),
    *_setups(),
    MenuSample(
        "menu-setup-editing",
        UiState(GameSetup("oh-hell", default_options("oh-hell"), 0, editing=True)),
    ),
    MenuSample(
        "menu-setup-scores",
        UiState(
            GameSetup(
                "oh-hell",
                dataclasses.replace(default_options("oh-hell"), scores=(12, 0, 31, 10)),
                3,
                editing=True,
                seat=2,
            )
        ),
    ),
    MenuSample(
        "menu-unsure", UiState(), _oh_hell_bidding, UnsureReading("trick", QUEEN_OF_SPADES, 0.55)
    ),
    MenuSample(
        "menu-unsure-rank",
        UiState(CardPick("trick", Rank.KING, Suit.HEARTS)),
        _oh_hell_bidding,
        UnsureReading("trick", QUEEN_OF_SPADES, 0.55),
    ),
    MenuSample(
        "menu-unsure-suit",
        UiState(CardPick("trick", Rank.KING, Suit.HEARTS, picking_suit=True)),
        _oh_hell_bidding,
        UnsureReading("trick", QUEEN_OF_SPADES, 0.55),
    ),
    MenuSample(
        "menu-sheet-address",
        UiState(SheetAddress()),
        sheet_link=SheetLink(SheetLinkState.READY, SAMPLE_SHEET_URL),
    ),
    MenuSample(
        "menu-sheet-long-address",
        UiState(SheetAddress()),
        sheet_link=SheetLink(SheetLinkState.READY, LONG_SHEET_URL),
    ),
    MenuSample(
        "menu-sheet-not-running",
        UiState(SheetAddress()),
        sheet_link=SheetLink(SheetLinkState.NOT_RUNNING),
    ),
    MenuSample("menu-sheet-off", UiState(SheetAddress()), sheet_link=SheetLink(SheetLinkState.OFF)),
    MenuSample("menu-scores-named", UiState(Scores()), _oh_hell_named),
    MenuSample("menu-evening", UiState(EveningPage()), people=_with_evening),
    MenuSample("menu-evening-pays", UiState(EveningPage(1)), people=_with_evening),
    MenuSample("menu-evening-none", UiState(EveningPage())),
    MenuSample(
        "menu-people",
        UiState(PeopleList(roster_editor.RosterEditor(cursor=5))),
        people=_with_people,
    ),
    MenuSample("menu-people-typing", UiState(PeopleList(_typing("Łucja", 9))), people=_with_people),
    MenuSample("menu-seating", UiState(_seating()), people=_with_people),
    MenuSample("menu-seating-seat", UiState(_seating(("Ania",))), people=_with_people),
)
