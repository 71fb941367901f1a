"""Screens: a game's view in, a 128x64 one-bit picture out (pure: same view, same pixels).

``draw_game(view, language, page=...)`` draws one page of the game's screen;
``page_count(view)`` says how many pages it has now. ``chosen`` is the amount the buttons
have reached (a bid, a stake) on a page that asks for one.

Which module draws a view is its game's screen in the registry (``GamePlugin.screen``,
found by the view's ``game_id``): a game's screen module defines ``page_count(view)`` and
``compose(canvas, view, language, page, chosen, names)`` with the drawing kit here
(``layout``, ``outcome``), and is imported when first drawn. So a new game brings its
screen in its own folder; this file does not change.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

from companion.games.people import People
from companion.games.registry import plugin
from companion.ui.canvas import Sheet
from companion.ui.screens.layout import table_names
from companion.ui.seat_names import SeatNames
from companion.ui.views import GameView
from companion.values.language import Language


class NoScreens(TypeError):
    """A view whose ``screens`` module cannot draw it."""


@dataclass(frozen=True)
class GameScreens:
    """A game's screen module, as the functions this file calls."""

    page_count: Callable[[Any], int]
    compose: Callable[[Sheet, Any, Language, int, int | None, SeatNames], None]


def screens_of(view: GameView) -> GameScreens:
    name = plugin(type(view).game_id).screen
    try:
        module = importlib.import_module(name)
    except ImportError as error:
        raise NoScreens(f"{type(view).__name__}: no screen module {name!r} ({error})") from None
    count, compose = getattr(module, "page_count", None), getattr(module, "compose", None)
    if not callable(count) or not callable(compose):
        raise NoScreens(f"{name} has no page_count(view) and compose(...) for its view")
    return GameScreens(count, compose)


def page_count(view: GameView) -> int:
    return screens_of(view).page_count(view)


def compose_game(
    view: GameView,
    language: Language,
    *,
    page: int = 0,
    chosen: int | None = None,
    people: People | None = None,
) -> Sheet:
    """The sheet of a game's page, with the marks of its texts (for the fit tests); the
    seats called by ``people``'s names where the game names them."""
    screens = screens_of(view)
    count = screens.page_count(view)
    if not 0 <= page < count:
        raise ValueError(f"page {page} of a screen with {count} pages")
    sheet = Sheet()
    screens.compose(sheet, view, language, page, chosen, table_names(people, language))
    return sheet


def draw_game(
    view: GameView,
    language: Language,
    *,
    page: int = 0,
    chosen: int | None = None,
    people: People | None = None,
) -> Image.Image:
    """One page of the game's screen."""
    return compose_game(view, language, page=page, chosen=chosen, people=people).image
