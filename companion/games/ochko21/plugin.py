"""Очко with стук as the program knows it: the registry's line for "ochko-21"."""

from importlib import resources

from companion.cards import IndexScript
from companion.games.ochko21.mat import MAT
from companion.games.ochko21.words import WORDS
from companion.games.plugin import FilmFacts, GamePlugin, money_sheet

PLUGIN = GamePlugin(
    game_id="ochko-21",
    engine="companion.games.ochko21.engine:Ochko21",
    screen="companion.games.ochko21.screen",
    mat=MAT,
    words=WORDS,
    example=resources.files(__package__).joinpath("example.txt"),
    sheet=money_sheet("duel"),
    film=FilmFacts(IndexScript.RUSSIAN),
)
