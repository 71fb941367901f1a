"""Every game's typed view: built by its engine, and its JSON is ``simulate --json``'s."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.cards import Card
from companion.games.engine import ActionOffer
from companion.games.gwiazda.view import GwiazdaView
from companion.games.ochko21.view import Ochko21View
from companion.games.ochko_bank.view import OchkoBankView
from companion.games.oczko.view import OczkoView
from companion.games.oh_hell.view import OhHellView
from companion.games.registry import make_engine
from companion.games.script import parse_script
from companion.games.session import Game, replay_script
from companion.ui.views import GameView, NoView, game_view
from tests.examples import example_scripts
from tests.games.toy_engine import ToyGame

EXAMPLES = dict(example_scripts())

# The keys ``simulate --json`` printed before the views were typed, in their order.
KEYS = {
    "oh-hell": "phase hand hands hand_size dealer trump trump_suit no_trump bidder leader "
    "to_play turn bids_entered bids_total trick_number trick trick_winner seats score_sheet "
    "outcome",
    "oczko": "phase banker bank initial_stake round rounds may_take_bank take_bank_reason "
    "punter stake punter_cards punter_total punter_special banker_cards banker_total "
    "banker_special banker_obligation open_card_required bottom_card stock_exhausted "
    "seen_since_reshuffle seats results movements",
    "ochko-21": "phase seats bank banker initial_stake stuk_at stuk stuk_bank stuk_turns_left "
    "round turn stake dark banker_cards banker_total player_cards player_total stock_card "
    "put_away last_game banks movements",
    "ochko-bank": "phase round banker bank seats turn dealer_cards dealer_total obligation "
    "dealer offered shoe reshuffle_soon total movements",
    "gwiazda": "phase deal banker bank pool pool_total bank_before_deal bank_change "
    "opening_stakes_total stakes_total deck_b_stakes_total next bank_cards cover guard "
    "won_lost society_seen match seats payouts movements",
}
TYPES: dict[str, type[GameView]] = {
    "oh-hell": OhHellView,
    "oczko": OczkoView,
    "ochko-21": Ochko21View,
    "ochko-bank": OchkoBankView,
    "gwiazda": GwiazdaView,
}


def _games_after_each_event(name: str) -> Iterator[Game]:
    """The example's game after each of its events (the same object, moved on)."""
    script = parse_script(EXAMPLES[name], name)
    game = Game(make_engine(script.game, script.options))
    yield game
    for line in script.lines:
        game.apply(line.event, line.number)
        yield game


@pytest.mark.parametrize("game_id", sorted(KEYS))
def test_the_view_is_the_engines_json_with_every_key_in_order(game_id: str) -> None:
    for game in _games_after_each_event(f"{game_id}.txt"):
        view = game_view(game)
        assert isinstance(view, TYPES[game_id])
        body = view.to_json()
        assert list(body) == KEYS[game_id].split()
        whole = game.to_json()
        assert {key: whole[key] for key in body} == body


def test_oh_hell_view_holds_cards_and_the_hooks_forbidden_bid() -> None:
    script = parse_script(
        "game oh-hell players=4 hand=3 dealer=0 hook=on\ncard trump 9H\n"
        "bid 1 1\nbid 2 0\nbid 3 1\n",
        "hook",
    )
    game = replay_script(script).game
    view = game_view(game)
    assert isinstance(view, OhHellView)
    assert view.trump == Card.parse("9H")
    assert view.bidder == 0
    assert view.forbidden_bid == 1
    (offer,) = game.offers()
    assert isinstance(offer, ActionOffer) and offer.amount is not None
    assert offer.amount.excluded == (view.forbidden_bid,)
    assert "forbidden_bid" not in view.to_json()


def test_a_game_without_a_view_is_named() -> None:
    with pytest.raises(NoView, match="no screen view"):
        game_view(Game(ToyGame.from_option_words({})))
