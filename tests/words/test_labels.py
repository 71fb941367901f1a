from __future__ import annotations

import contextlib
from pathlib import Path

from companion.cards import Suit
from companion.games.engine import ActionOffer, AmountChoice
from companion.games.errors import OptionError, RefusedEvent
from companion.games.oh_hell.schedule import Schedule
from companion.games.registry import make_engine, plugin
from companion.games.script import ScriptError, parse_script
from companion.games.session import Game
from companion.values.language import Language
from companion.words import catalogue, seat_label
from companion.words.labels import game_name, offer_label, option_name, option_value

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def test_offers_are_named_in_the_players_language_with_seats_from_one() -> None:
    bid = ActionOffer("bid", "seat 1 bids", ("1",), AmountChoice(0, 3))
    assert offer_label(bid, Language.EN) == f"{seat_label(1, Language.EN)} bids"
    assert offer_label(ActionOffer("stand", "seat 2: stand"), Language.PL) == "Pas"
    keep = ActionOffer("keep", "seat 3 keeps QS 9H", ("3", "QS", "9H"))
    assert offer_label(keep, Language.EN).endswith("keeps QS 9H")


def test_an_offer_the_catalogue_does_not_know_keeps_the_engines_label() -> None:
    assert offer_label(ActionOffer("juggle", "seat 1 juggles", ("1",)), Language.RU) == (
        "seat 1 juggles"
    )


def test_options_and_values() -> None:
    assert option_name("hook", Language.PL) == "Hak"
    assert option_name("brand_new_option", Language.EN) == "brand_new_option"
    assert option_value("hook", True, Language.RU) == "да"
    assert option_value("schedule", Schedule.UP_DOWN, Language.EN) == "1→max→1"
    assert option_value("special_suit", Suit.HEARTS, Language.EN) == "♥"
    assert option_value("scores", None, Language.EN) == "none"
    assert option_value("dealer", 0, Language.EN) == seat_label(0, Language.EN)
    assert game_name("ochko-21", Language.RU) == "Очко (стук)"


def test_every_offer_of_the_examples_and_scenarios_has_its_own_words() -> None:
    scripts = [
        plugin(game).example_text()
        for game in ("oh-hell", "oczko", "ochko-21", "ochko-bank", "gwiazda")
    ]
    scripts += [path.read_text("utf-8") for path in SCENARIOS.glob("*/*.txt")]
    missing = set()
    for text in scripts:
        try:
            script = parse_script(text, "labels")
            game = Game(make_engine(script.game, script.options))
        except (ScriptError, OptionError):
            continue  # the scenarios of bad scripts and bad options
        for line in script.lines:
            for offer in game.offers():
                seat = bool(offer.args) and offer.args[0].isdigit()
                key = f"action.{offer.name}.seat" if seat else f"action.{offer.name}"
                if key not in catalogue(Language.EN):
                    missing.add(key)
            with contextlib.suppress(RefusedEvent):
                game.apply(line.event)
    assert missing == set()
