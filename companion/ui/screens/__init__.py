"""Screens: a game's view in, a 128x64 one-bit picture out (pure: same view, same pixels).

``draw_game(view, language, page=...)`` draws one page of the game's screen;
``page_count(view)`` says how many pages it has now. ``chosen`` is the amount the buttons
have reached (a bid, a stake) on a page that asks for one.
"""

from __future__ import annotations

from PIL import Image

from companion.games.gwiazda.view import GwiazdaView
from companion.games.ochko21.view import Ochko21View
from companion.games.ochko_bank.view import OchkoBankView
from companion.games.oczko.view import OczkoView
from companion.games.oh_hell.view import OhHellView
from companion.ui.canvas import Sheet
from companion.ui.screens import gwiazda, ochko21, ochko_bank, oczko, oh_hell
from companion.ui.texts import Language
from companion.ui.views import GameView


def page_count(view: GameView) -> int:
    if isinstance(view, OhHellView):
        return oh_hell.page_count(view)
    if isinstance(view, OczkoView):
        return oczko.page_count(view)
    if isinstance(view, Ochko21View):
        return ochko21.page_count(view)
    if isinstance(view, OchkoBankView):
        return ochko_bank.page_count(view)
    return gwiazda.page_count(view)


def compose_game(
    view: GameView, language: Language, *, page: int = 0, chosen: int | None = None
) -> Sheet:
    """The sheet of a game's page, with the marks of its texts (for the fit tests)."""
    count = page_count(view)
    if not 0 <= page < count:
        raise ValueError(f"page {page} of a screen with {count} pages")
    sheet = Sheet()
    if isinstance(view, OhHellView):
        oh_hell.compose(sheet, view, language, page, chosen)
    elif isinstance(view, OczkoView):
        oczko.compose(sheet, view, language, page, chosen)
    elif isinstance(view, Ochko21View):
        ochko21.compose(sheet, view, language, page, chosen)
    elif isinstance(view, OchkoBankView):
        ochko_bank.compose(sheet, view, language, page, chosen)
    elif isinstance(view, GwiazdaView):
        gwiazda.compose(sheet, view, language, page, chosen)
    return sheet


def draw_game(
    view: GameView, language: Language, *, page: int = 0, chosen: int | None = None
) -> Image.Image:
    """One page of the game's screen."""
    return compose_game(view, language, page=page, chosen=chosen).image
