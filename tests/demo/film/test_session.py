from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from companion.demo.film.session import (
    DROPPED_LIGHT,
    GLIMPSE_AFTER_FRAMES,
    GLIMPSE_BEFORE_FRAMES,
    TOGETHER_MAX,
    SessionKind,
    SyntheticSession,
    example_script,
    make_session,
)
from companion.demo.film.timeline import QUIET_FRAMES, hand_covers
from companion.games.events import CardGone, CardSeen, ZoneCleared
from companion.games.registry import game_ids
from companion.games.script import parse_script
from companion.games.session import replay_script
from companion.table.calibration import Calibrator
from companion.table.layouts import Paper, mat_layout


def _state(text: str) -> dict[str, Any]:
    """The replayed state, without what only counts lines (the session adds sweeps)."""
    state = replay_script(parse_script(text)).to_json()
    state.pop("events", None)
    state["violations"] = [
        {k: v for k, v in violation.items() if k != "line"} for violation in state["violations"]
    ]
    return state


@pytest.fixture(scope="module", params=game_ids())
def session(request: pytest.FixtureRequest) -> SyntheticSession:
    return make_session(request.param, seed=0)


def test_the_session_plays_the_example_game_to_the_same_state(session: SyntheticSession) -> None:
    assert session.header.startswith(f"game {session.game} ")
    assert session.script_text().startswith(session.header + "\n")
    assert session.left_out == ()
    assert _state(session.script_text()) == _state(example_script(session.game))


def test_camera_lines_are_event_lines_in_time_order(session: SyntheticSession) -> None:
    times = [step.time for step in session.script]
    assert times == sorted(times)
    for step in session.camera_steps:
        verb = step.line.split()[0]
        assert verb in ("card", "gone", "clear")
        assert step.line.split()[1] in {zone.name for zone in session.layout.zones}
    buttons = [step for step in session.script if step.source == "button"]
    assert buttons and all(
        step.line.split()[0] not in ("card", "gone", "clear") for step in buttons
    )


def test_a_card_settles_when_the_hand_leaves_its_zone(session: SyntheticSession) -> None:
    for step in session.camera_steps:
        number = round(step.time * session.fps)
        zone = session.layout.zone(step.line.split()[1])
        settled, before = session.scenes[number], session.scenes[number - 1]
        assert settled.hand is None or not hand_covers(settled.hand, zone)
        assert before.hand is not None and hand_covers(before.hand, zone)
        if step.line.startswith("card "):
            assert step.line.split()[2] in {
                str(c.card) for c in settled.resting if c.zone == zone.name
            }
        # nothing moves over the zone for the quiet frames after it settled
        for later in session.scenes[number : number + QUIET_FRAMES]:
            assert later.hand is None or not hand_covers(later.hand, zone)
            assert later.resting == settled.resting


def test_buttons_wait_for_the_event_before_them(session: SyntheticSession) -> None:
    last_camera = None
    for step in session.script:
        if step.source == "camera":
            last_camera = step.time
        elif last_camera is not None:
            assert step.time - last_camera >= 0.6


def test_the_session_has_its_disturbances(session: SyntheticSession) -> None:
    scenes = session.scenes
    assert scenes[0].light == 1.0 and scenes[-1].light < 0.85
    assert not scenes[0].bumped and scenes[-1].bumped
    zones = session.layout.zones
    passing = [
        s
        for s in scenes
        if s.hand is not None
        and s.hand.carried is None
        and any(hand_covers(s.hand, z) for z in zones)
    ]
    assert passing
    cleared = [step for step in session.camera_steps if step.line.startswith("clear ")]
    assert cleared or session.game == "gwiazda"  # its script never clears a zone


def test_same_seed_same_session_other_seed_other_camera() -> None:
    first = make_session("oh-hell", seed=5, max_events=6)
    again = make_session("oh-hell", seed=5, max_events=6)
    other = make_session("oh-hell", seed=6, max_events=6)
    assert first.script == again.script
    assert np.array_equal(first.frames[20].image, again.frames[20].image)
    assert first.pose != other.pose


@pytest.mark.parametrize("frame_size", [(1280, 720), (1920, 1080)])
def test_frames_are_drawn_lazily_at_the_size_asked(frame_size: tuple[int, int]) -> None:
    session = make_session("oczko", seed=3, frame_size=frame_size, max_events=5)
    assert len(session.frames) == len(session.scenes)
    frame = session.frames[len(session.frames) - 1]
    assert frame.image.shape == (frame_size[1], frame_size[0], 3)
    assert frame.image.dtype == np.uint8
    assert frame.number == len(session.frames) - 1
    assert frame.time == pytest.approx(frame.number / session.fps)
    assert 500 <= session.pose.height_mm <= 800 and 0 <= session.pose.tilt_degrees <= 30


def test_the_mat_is_found_before_and_after_the_bump() -> None:
    session = make_session("gwiazda", seed=2)
    first_bumped = next(s.number for s in session.scenes if s.bumped)
    calibrator = Calibrator()
    before = calibrator.update(session.frames[first_bumped - 1])
    after = calibrator.update(session.frames[first_bumped])
    assert before is not None and after is not None
    assert not np.allclose(before.image_to_mat, after.image_to_mat)
    centre = np.array([[210.0, 148.5]])
    assert np.abs(after.to_mat(after.to_image(centre)) - centre).max() < 1e-6


def test_a_script_of_another_game_is_refused() -> None:
    with pytest.raises(ValueError, match='"oczko", not "oh-hell"'):
        make_session("oh-hell", seed=0, script=example_script("oczko"))


SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _replayable(path: Path) -> bool:
    """Scenarios that replay whole (no refusal expected, no --keep-going)."""
    text = path.read_text("utf-8")
    return "#= exit" not in text and "#= args" not in text


@pytest.mark.parametrize(
    "path",
    [p for p in sorted(SCENARIOS.glob("*/*.txt")) if _replayable(p)],
    ids=lambda p: f"{p.parent.name}/{p.stem}",
)
def test_a_scenario_played_on_the_mat_ends_in_its_own_state(path: Path) -> None:
    text = path.read_text("utf-8")
    game = path.parent.name
    on_mat = {zone.name for zone in mat_layout(game, Paper.A3).zones}
    off_mat = [
        line
        for line in parse_script(text).lines
        if isinstance(line.event, CardSeen | CardGone | ZoneCleared)
        and line.event.zone not in on_mat
    ]
    if off_mat:
        with pytest.raises(ValueError, match=rf"line {off_mat[0].number}: zone .* is not on"):
            make_session(game, seed=1, script=text)
        return
    session = make_session(game, seed=1, script=text)
    assert _state(session.script_text()) == _state(text)


def test_other_papers_film_their_own_mat() -> None:
    a2 = make_session("oczko", seed=1, paper=Paper.A2, frame_size=(1920, 1080), max_events=4)
    assert a2.layout == mat_layout("oczko", Paper.A2)
    calibrator = Calibrator()
    view = calibrator.update(a2.frames[0])
    assert view is not None and view.layout.paper is Paper.A2
    with pytest.raises(ValueError, match=r'zone "seat3" is not on the A4 ochko-bank mat'):
        make_session("ochko-bank", seed=1, paper=Paper.A4)


def _kind(kind: SessionKind, events: int = 24) -> SyntheticSession:
    return make_session("oh-hell", seed=7, max_events=events, kind=kind)


def test_the_game_kind_is_the_session_as_before() -> None:
    assert (
        make_session("oh-hell", seed=7, max_events=10).script == _kind(SessionKind.GAME, 10).script
    )


def test_a_glimpsed_card_is_seen_either_side_of_a_hand_then_taken_and_laid_again() -> None:
    session = _kind(SessionKind.GLIMPSED)
    lines = [step.line for step in session.camera_steps]
    taken = [n for n, line in enumerate(lines) if line.startswith(("gone trick", "clear trick"))]
    glimpses = [
        n for n in taken if n + 1 < len(lines) and lines[n + 1].endswith(lines[n - 1].split()[-1])
    ]
    assert glimpses
    zone = session.layout.zone("trick")
    for n in glimpses:
        placed, gone = session.camera_steps[n - 1], session.camera_steps[n]
        first, last = round(placed.time * session.fps), round(gone.time * session.fps)
        covered = [
            s.number
            for s in session.scenes[first:last]
            if s.hand is not None and hand_covers(s.hand, zone)
        ]
        # still 2 frames from settling, a hand over it, still 2 frames, then the taking hand
        assert covered[0] == first + GLIMPSE_BEFORE_FRAMES
        gap = [m for m in range(covered[0], covered[-1]) if m not in covered]
        assert len(gap) == GLIMPSE_AFTER_FRAMES


def test_dimmed_light_drops_from_one_frame_to_the_next_and_stays() -> None:
    lights = [scene.light for scene in _kind(SessionKind.DIMMED).scenes]
    drop = next(n for n, light in enumerate(lights) if light < 1.0)
    assert lights[drop] == pytest.approx(DROPPED_LIGHT)
    assert all(light == pytest.approx(DROPPED_LIGHT) for light in lights[drop:])


def test_cards_onto_one_zone_land_up_to_four_at_once() -> None:
    session = _kind(SessionKind.FOURS, 30)
    times = Counter(
        step.time for step in session.camera_steps if step.line.startswith("card trick")
    )
    assert max(times.values()) == TOGETHER_MAX
    zone = session.layout.zone("trick")
    for time, count in times.items():
        if count > 1:  # no still frame of the zone between the cards landing
            number = round(time * session.fps)
            landing = session.scenes[number - count * 5 : number]
            assert all(s.hand is not None and hand_covers(s.hand, zone) for s in landing[-3:])


def test_a_noisy_session_has_more_noise_on_the_same_picture() -> None:
    quiet, noisy = _kind(SessionKind.GAME, 2), _kind(SessionKind.NOISY, 2)
    assert quiet.scenes == noisy.scenes
    spread = [
        float(np.std(s.frames[3].image.astype(np.float32) - s.frames[4].image.astype(np.float32)))
        for s in (quiet, noisy)
    ]
    assert spread[1] > 3 * spread[0]
