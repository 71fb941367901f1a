"""Очко with a permanent bank as the program knows it: the registry's line for "ochko-bank"."""

from importlib import resources

from companion.cards import IndexScript
from companion.games.ochko_bank.mat import MAT
from companion.games.ochko_bank.words import WORDS
from companion.games.plugin import FilmFacts, GamePlugin, money_sheet

PLUGIN = GamePlugin(
    game_id="ochko-bank",
    engine="companion.games.ochko_bank.engine:OchkoBank",
    screen="companion.games.ochko_bank.screen",
    mat=MAT,
    words=WORDS,
    example=resources.files(__package__).joinpath("example.txt"),
    sheet=money_sheet("round"),
    film=FilmFacts(
        IndexScript.RUSSIAN,
        # dealt from two packs; the pack stands on its marker card in the "marker" zone,
        # face down, and the "marker" action is "clear marker" (its EVENTS.md)
        packs=2,
        unseen_clears=(("marker", "marker"),),
    ),
)
