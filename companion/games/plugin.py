"""A game as a plug-in: everything the rest of the program asks of a game, as one value.

A game is one folder, ``companion/games/<game>/`` (or any package, for a game from
elsewhere): its rules and view, its screen, and the values below, gathered in a
``GamePlugin`` that its ``plugin.py`` names ``PLUGIN``. The registry
(``companion.games.registry``) holds the plug-ins; the table (the mat), the ui (the
screen, the words), the phone sheet (its shape) and the demo (its film) read a game only
from there, never by its name.

The rules and the screen are named by where they are (``module:Class``, ``module``) and
imported when first needed, so that listing the games (the menu, the words) loads no
rules and no drawing; everything else here is a plain value.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from importlib.resources.abc import Traversable

from companion.cards import IndexScript
from companion.values.language import Words
from companion.values.mat import MatDesign


class Cell(Enum):
    """How the phone sheet shows a cell of one of export's leading columns."""

    TEXT = "text"  # as export wrote it
    CARD = "card"  # a card ("QD"), with the players' own index and suit (Д♦ in Russian)
    MOVE = "move"  # the event that settled the row, in the table's words
    SEAT = "seat"  # a seat as export writes it ("P2"), as the page's language names it


@dataclass(frozen=True)
class Column:
    """One of export's columns before the seats: the words of its title (a key) and how
    its cells are shown."""

    title: str
    cell: Cell = Cell.TEXT


class Notes(Enum):
    """What the phone sheet writes under each seat's number in a row."""

    NONE = "none"
    BIDS = "bids"  # bid/took and the hand's points, from the view's ``score_sheet`` records
    MONEY = "money"  # the stake then and what was won or lost: a money game


@dataclass(frozen=True)
class SheetShape:
    """The phone sheet's shape of a game: the columns before the seats, the notes under
    the seats' numbers, and the chart (its title's key; ``bids_made``: each player's
    share of bids made beside it). A money game's sheet also says what the columns add
    up to and charts the bank."""

    leading: tuple[Column, ...]
    notes: Notes
    chart_title: str
    bids_made: bool = False

    @property
    def money(self) -> bool:
        return self.notes is Notes.MONEY


def money_sheet(row: str) -> SheetShape:
    """A money game's sheet (``settlement_sheet``'s columns): a row per ``row`` (duel,
    round, deal) with the move that settled it, the balances with the stakes and what was
    won or lost under them, and the balances' chart."""
    return SheetShape(
        leading=(Column(f"sheet.row.{row}"), Column("sheet.settled-by", Cell.MOVE)),
        notes=Notes.MONEY,
        chart_title="sheet.chart.balances",
    )


@dataclass(frozen=True)
class FilmFacts:
    """What the demo's film needs to know of a game besides its mat: the index letters
    its cards carry at its tables, how many packs it deals from, and the zones whose cards
    lie face down (no camera reads them) with the button action that clears them."""

    index_script: IndexScript
    packs: int = 1
    unseen_clears: tuple[tuple[str, str], ...] = ()  # (zone, action)

    def unseen_clear(self, zone: str) -> str | None:
        """The action that says ``clear ZONE`` for a zone no camera sees, else None."""
        return dict(self.unseen_clears).get(zone)


@dataclass(frozen=True, eq=False)
class GamePlugin:
    """A game: its id, where its rules (``module:EngineClass``) and its screen (a module
    with ``page_count(view)`` and ``compose(canvas, view, language, page, chosen, names)``,
    ``names`` the seats as the screens call them) are,
    its mat, its words (keys it alone uses: its name ``menu.game.ID``, its actions, its
    options' values, its reasons, its screens' and its sheet's words), its example
    script, its phone sheet's shape and its film's facts."""

    game_id: str
    engine: str
    screen: str
    mat: MatDesign
    words: Words
    example: Traversable
    sheet: SheetShape
    film: FilmFacts

    def example_text(self) -> str:
        return self.example.read_text("utf-8")
