from __future__ import annotations

import itertools
import random

import pytest

from companion.cards import Card
from companion.demo.film.choreography import Choreographer
from companion.demo.film.timeline import (
    DIMMER_LIGHT,
    QUIET_FRAMES,
    HandAt,
    TimelineBuilder,
    blur_length,
    hand_covers,
)
from companion.games.events import Action, CardSeen, ZoneCleared
from companion.table.layouts import Paper, mat_layout

LAYOUT = mat_layout("oh-hell", Paper.A3)


def _played(*events: object) -> TimelineBuilder:
    rng = random.Random(3)
    choreographer = Choreographer(LAYOUT, copies=1, rng=rng)
    builder = TimelineBuilder(LAYOUT, fps=10.0, rng=rng)
    for event in events:
        for move in choreographer.moves(event):  # type: ignore[arg-type]
            builder.perform(move)
    return builder


def test_hand_covers_its_zone_and_not_a_far_one() -> None:
    trick, trump = LAYOUT.zone("trick"), LAYOUT.zone("trump")
    over_trick = HandAt(trick.centre, (trick.centre[0], LAYOUT.size[1] + 160))
    assert hand_covers(over_trick, trick)
    assert not hand_covers(over_trick, trump)
    off_the_mat = HandAt((-200.0, 150.0), (-300.0, 150.0))
    assert not hand_covers(off_the_mat, trump)


def test_a_placed_card_settles_after_the_hand_has_left() -> None:
    builder = _played(CardSeen("trick", Card.parse("KS")))
    (step,) = builder.steps
    assert step.line == "card trick KS" and step.source == "camera"
    number = round(step.time * 10)
    hand = builder.scenes[number].hand
    assert hand is None or not hand_covers(hand, LAYOUT.zone("trick"))
    carried = [s for s in builder.scenes if s.hand is not None and s.hand.carried is not None]
    assert carried and all(s.number < number for s in carried)
    assert all(s.hand.motion != (0.0, 0.0) for s in carried if s.hand is not None)
    assert len(builder.scenes) >= number + QUIET_FRAMES
    assert all(s.hand is None for s in builder.scenes[-QUIET_FRAMES:])


def test_buttons_take_the_time_they_come_at() -> None:
    builder = _played(
        Action("bid", ("1", "2")), CardSeen("trump", Card.parse("9H")), ZoneCleared("trump")
    )
    assert [s.line for s in builder.steps] == ["bid 1 2", "card trump 9H", "clear trump"]
    assert builder.steps[0].time == 0.0 and builder.steps[0].source == "button"
    assert builder.scenes[-1].resting == ()


def test_the_light_dims_over_a_few_frames_and_stays() -> None:
    builder = _played()
    builder.still(1)
    builder.dim_the_light()
    builder.still(10)
    lights = [s.light for s in builder.scenes]
    assert lights[0] == 1.0 and lights[-1] == pytest.approx(DIMMER_LIGHT)
    assert all(a >= b for a, b in itertools.pairwise(lights))
    assert lights[2] > DIMMER_LIGHT


def test_a_passing_hand_changes_nothing_on_the_mat() -> None:
    builder = _played(CardSeen("trick", Card.parse("KS")))
    before = builder.scenes[-1].resting
    builder.hand_passes()
    assert all(s.resting == before for s in builder.scenes[-8:])
    assert any(s.hand is not None for s in builder.scenes[-10:])
    assert builder.scenes[-1].hand is None


def test_blur_grows_with_speed() -> None:
    slow = HandAt((0.0, 0.0), (0.0, 0.0), motion=(5.0, 0.0))
    fast = HandAt((0.0, 0.0), (0.0, 0.0), motion=(0.0, 40.0))
    assert blur_length(slow, 2.0) == pytest.approx(5.0)
    assert blur_length(fast, 2.0) > blur_length(slow, 2.0)
