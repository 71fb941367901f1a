from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from companion.cards import Card
from companion.demo.film.choreography import (
    FAN_STEP_MM,
    Choreographer,
    MoveKind,
    slots,
)
from companion.games.events import Action, CardGone, CardSeen, ZoneCleared
from companion.games.registry import game_ids
from companion.table.layouts import CARD_HEIGHT_MM, CARD_WIDTH_MM, Paper, mat_layout


def _choreographer(game: str = "oh-hell", *, copies: int = 1) -> Choreographer:
    return Choreographer(mat_layout(game, Paper.A3), copies=copies, rng=random.Random(1))


def _lines(choreographer: Choreographer, *events: object) -> list[str]:
    return [move.line for event in events for move in choreographer.moves(event)]  # type: ignore[arg-type]


def test_a_trick_of_seven_fans_out_in_one_row_with_indices_apart() -> None:
    trick = mat_layout("oh-hell", Paper.A3).zone("trick")
    places = slots(trick)
    first_row = [p for p in places if p[1] == places[0][1]]
    assert len(first_row) >= 7
    steps = [b[0] - a[0] for a, b in itertools.pairwise(first_row)]
    assert min(steps) >= FAN_STEP_MM[0]


@given(game=st.sampled_from(game_ids()), paper=st.sampled_from(list(Paper)))
def test_every_slot_keeps_the_card_inside_its_zone(game: str, paper: Paper) -> None:
    for zone in mat_layout(game, paper).zones:
        for x, y in slots(zone):
            assert zone.x <= x - CARD_WIDTH_MM / 2 and x + CARD_WIDTH_MM / 2 <= zone.x + zone.width
            assert (
                zone.y <= y - CARD_HEIGHT_MM / 2 and y + CARD_HEIGHT_MM / 2 <= zone.y + zone.height
            )


def test_lines_are_the_script_lines_for_plain_play() -> None:
    c = _choreographer()
    events = [CardSeen("trump", Card.parse("8D")), Action("bid", ("1", "1"))]
    events += [CardSeen("trick", Card.parse(card)) for card in ("KS", "4D", "QS")]
    events += [CardGone("trick", Card.parse("QS")), ZoneCleared("trick")]
    assert _lines(c, *events) == [
        "card trump 8D",
        "bid 1 1",
        "card trick KS",
        "card trick 4D",
        "card trick QS",
        "gone trick QS",
        "clear trick",
    ]
    assert c.on_mat["trick"] == [] and [laid.card for laid in c.on_mat["trump"]] == [
        Card.parse("8D")
    ]


def test_a_full_zone_is_swept_before_the_next_card() -> None:
    c = _choreographer("oczko")
    room = len(slots(c.layout.zone("stock")))
    cards = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"][: room + 1]
    lines = _lines(c, *(CardSeen("stock", Card.parse(card)) for card in cards))
    assert lines[-2:] == ["clear stock", f"card stock {cards[-1]}"]
    assert len(c.on_mat["stock"]) == 1


def test_a_card_lying_elsewhere_is_picked_up_first_from_one_pack() -> None:
    c = _choreographer("oczko")
    lines = _lines(
        c,
        CardSeen("punter", Card.parse("AS")),
        CardSeen("punter", Card.parse("KD")),
        CardSeen("banker", Card.parse("AS")),
    )
    assert lines == ["card punter AS", "card punter KD", "gone punter AS", "card banker AS"]


def test_two_packs_let_the_second_copy_lie_beside_the_first() -> None:
    c = _choreographer("ochko-bank", copies=2)
    lines = _lines(c, CardSeen("seat1", Card.parse("8S")), CardSeen("seat2", Card.parse("8S")))
    assert lines == ["card seat1 8S", "card seat2 8S"]


def test_the_last_card_leaving_is_a_clear_and_an_empty_clear_is_left_out() -> None:
    c = _choreographer()
    lines = _lines(c, CardSeen("trump", Card.parse("8D")), CardGone("trump", Card.parse("8D")))
    assert lines == ["card trump 8D", "clear trump"]
    assert _lines(c, ZoneCleared("trick")) == []
    assert c.left_out == ["clear trick"]


def test_moves_say_what_the_hand_does() -> None:
    c = _choreographer()
    place = c.moves(CardSeen("trick", Card.parse("KS")))[0]
    assert place.kind is MoveKind.PLACE and place.laid is not None
    assert c.layout.zone("trick").contains(*place.laid.centre)
    sweep = c.moves(ZoneCleared("trick"))[0]
    assert sweep.kind is MoveKind.SWEEP and sweep.taken == (place.laid,)
