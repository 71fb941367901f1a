"""Named menu screens in known states: the golden pictures of the menus and the check
that every menu text fits. Each sample is a controller state over a context built from
a real game (a bundled example replayed for a number of events)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from companion.cards import Card, Rank, Suit
from companion.games.registry import game_ids, plugin
from companion.games.script import parse_script
from companion.games.session import Game, replay_script
from companion.games.spec import GameSpec
from companion.ui.canvas import Sheet
from companion.ui.controller import compose, context_for
from companion.ui.menus.game_options import default_options, option_fields
from companion.ui.menus.state import (
    CardPick,
    Confirm,
    GamePicker,
    GameSetup,
    Home,
    KeptGames,
    MainMenu,
    OfferKey,
    Picked,
    Question,
    Scores,
    SettingsMenu,
    SheetAddress,
    TableActions,
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
    MenuSample("menu-main-oh-hell", UiState(MainMenu(2)), _oh_hell_bidding),
    MenuSample("menu-main-bank-bets", UiState(MainMenu(4)), _bank_bets, kept=_kept()),
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
)
