"""High Card as the program knows it: everything of it in this folder, registered by
``companion.games.registry.register(PLUGIN)``."""

from pathlib import Path

from companion.cards import IndexScript
from companion.games.plugin import Cell, Column, FilmFacts, GamePlugin, Notes, SheetShape
from tests.sixth_game.mat import MAT
from tests.sixth_game.words import WORDS

PLUGIN = GamePlugin(
    game_id="high-card",
    engine="tests.sixth_game.engine:HighCard",
    screen="tests.sixth_game.screen",
    mat=MAT,
    words=WORDS,
    example=Path(__file__).with_name("example.txt"),
    sheet=SheetShape(
        leading=(Column("sheet.row.round"), Column("sheet.high-card.won-by", Cell.SEAT)),
        notes=Notes.NONE,
        chart_title="sheet.high-card.chart",
    ),
    film=FilmFacts(IndexScript.ENGLISH),
)
