"""Gwiazda as the program knows it: the registry's line for "gwiazda"."""

from importlib import resources

from companion.cards import IndexScript
from companion.games.gwiazda.mat import MAT
from companion.games.gwiazda.words import WORDS
from companion.games.plugin import FilmFacts, GamePlugin, money_sheet

PLUGIN = GamePlugin(
    game_id="gwiazda",
    engine="companion.games.gwiazda.engine:Gwiazda",
    screen="companion.games.gwiazda.screen",
    mat=MAT,
    words=WORDS,
    example=resources.files(__package__).joinpath("example.txt"),
    sheet=money_sheet("deal"),
    film=FilmFacts(IndexScript.POLISH),
)
