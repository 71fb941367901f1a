"""Oh Hell as the program knows it: the registry's line for "oh-hell"."""

from importlib import resources

from companion.cards import IndexScript
from companion.games.oh_hell.mat import MAT
from companion.games.oh_hell.words import WORDS
from companion.games.plugin import Cell, Column, FilmFacts, GamePlugin, Notes, SheetShape

PLUGIN = GamePlugin(
    game_id="oh-hell",
    engine="companion.games.oh_hell.engine:OhHell",
    screen="companion.games.oh_hell.screen",
    mat=MAT,
    words=WORDS,
    example=resources.files(__package__).joinpath("example.txt"),
    sheet=SheetShape(
        leading=(
            Column("sheet.hand"),
            Column("sheet.cards"),
            Column("sheet.trump", Cell.CARD),
        ),
        notes=Notes.BIDS,
        chart_title="sheet.chart.points",
        bids_made=True,
    ),
    film=FilmFacts(IndexScript.ENGLISH),
)
