"""Oczko as the program knows it: the registry's line for "oczko"."""

from importlib import resources

from companion.cards import IndexScript
from companion.games.oczko.mat import MAT
from companion.games.oczko.words import WORDS
from companion.games.plugin import FilmFacts, GamePlugin, money_sheet

PLUGIN = GamePlugin(
    game_id="oczko",
    engine="companion.games.oczko.engine:Oczko",
    screen="companion.games.oczko.screen",
    mat=MAT,
    words=WORDS,
    example=resources.files(__package__).joinpath("example.txt"),
    sheet=money_sheet("duel"),
    film=FilmFacts(IndexScript.POLISH),
)
