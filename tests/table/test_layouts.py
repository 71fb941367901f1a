from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.events import CardGone, CardSeen, ZoneCleared
from companion.games.registry import engine_class, game_ids
from companion.games.script import parse_script
from companion.table.layouts import (
    CARD_HEIGHT_MM,
    CARD_WIDTH_MM,
    MatLayout,
    Paper,
    all_layouts,
    layout_of_marker,
    mat_layout,
    whole_frame_layout,
)
from companion.values.mat import Zone
from tests.examples import example_path

FAN_STEP_MM = 16.0  # the least sideways step that leaves a corner index in sight
HAND_ZONES = {"banker", "punter", "player", "dealer"}


def _name(layout: MatLayout) -> str:
    return f"{layout.game}-{layout.paper.name}"


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def _box(zone: Zone) -> tuple[float, float, float, float]:
    return (zone.x, zone.y, zone.width, zone.height)


def test_every_game_has_a_mat() -> None:
    assert [layout.game for layout in all_layouts()[::3]] == list(game_ids())


@pytest.mark.parametrize("layout", all_layouts(), ids=_name)
def test_zone_names_are_the_engines(layout: MatLayout) -> None:
    engine_zones = set(engine_class(layout.game).zones)
    assert {zone.name for zone in layout.zones} <= engine_zones


@pytest.mark.parametrize("game", game_ids())
def test_the_a3_mat_has_every_zone_the_example_game_uses(game: str) -> None:
    script = parse_script(example_path(game).read_text("utf-8"))
    used = {
        line.event.zone
        for line in script.lines
        if isinstance(line.event, CardSeen | CardGone | ZoneCleared)
    }
    assert used <= {zone.name for zone in mat_layout(game, Paper.A3).zones}


@pytest.mark.parametrize("layout", all_layouts(), ids=_name)
def test_zones_fit_the_paper_apart_from_each_other_and_the_markers(layout: MatLayout) -> None:
    width, height = layout.size
    markers = [layout.marker_corners_mm(i) for i in range(4)]
    quiet = layout.marker_side / 6  # one marker cell of white around each marker
    for zone in layout.zones:
        assert zone.x >= 5.0 and zone.x + zone.width <= width - 5.0, zone
        assert zone.y >= 5.0 and zone.y + zone.height <= height - 5.0, zone
        for corners in markers:
            (left, top), (right, bottom) = corners.min(axis=0), corners.max(axis=0)
            marker_box = (
                left - quiet,
                top - quiet,
                right - left + 2 * quiet,
                bottom - top + 2 * quiet,
            )
            assert not _overlap(_box(zone), marker_box), (zone.name, marker_box)
    for a, b in itertools.combinations(layout.zones, 2):
        assert not _overlap(_box(a), _box(b)), (a.name, b.name)


@pytest.mark.parametrize("layout", all_layouts(), ids=_name)
def test_zones_hold_what_lands_there(layout: MatLayout) -> None:
    for zone in layout.zones:
        assert zone.width >= CARD_WIDTH_MM + 2 and zone.height >= CARD_HEIGHT_MM + 2, zone
        if zone.name == "trick":  # a fanned trick of seven
            assert zone.width >= CARD_WIDTH_MM + 6 * FAN_STEP_MM, zone
        if zone.name in HAND_ZONES:  # a banker's hand of five
            assert zone.width >= CARD_WIDTH_MM + 4 * FAN_STEP_MM, zone


def test_marker_ids_are_unique_and_name_their_mat() -> None:
    layouts = all_layouts()
    ids = [marker_id for layout in layouts for marker_id in layout.marker_ids]
    assert len(ids) == len(set(ids)) == 5 * 3 * 4
    for layout in layouts:
        for marker_id in layout.marker_ids:
            assert layout_of_marker(marker_id) == layout
    assert layout_of_marker(max(ids) + 1) is None
    assert layout_of_marker(-1) is None


def test_a2_is_a3_scaled_with_the_same_zones() -> None:
    a3, a2 = mat_layout("oczko", Paper.A3), mat_layout("oczko", Paper.A2)
    assert [z.name for z in a2.zones] == [z.name for z in a3.zones]
    assert a2.zone("banker").width == pytest.approx(a3.zone("banker").width * 2**0.5)


def test_unknown_game_and_zone_are_named() -> None:
    with pytest.raises(KeyError, match="chess"):
        mat_layout("chess", Paper.A3)
    with pytest.raises(KeyError, match=r'"nowhere".*trump, trick'):
        mat_layout("oh-hell", Paper.A3).zone("nowhere")
    with pytest.raises(ValueError, match="marker index 4"):
        mat_layout("oh-hell", Paper.A3).marker_corners_mm(4)


def test_markers_sit_in_the_corners_upright() -> None:
    layout = mat_layout("gwiazda", Paper.A4)
    tl, br = layout.marker_corners_mm(0), layout.marker_corners_mm(2)
    assert tl[0].tolist() == [layout.marker_margin, layout.marker_margin]
    assert br[2].tolist() == pytest.approx(
        [Paper.A4.width - layout.marker_margin, Paper.A4.height - layout.marker_margin]
    )
    side = tl[1] - tl[0]
    assert side.tolist() == [layout.marker_side, 0.0]


@given(
    game=st.sampled_from(game_ids()),
    paper=st.sampled_from(list(Paper)),
    x=st.floats(0, 600),
    y=st.floats(0, 420),
)
def test_zone_at_finds_the_zone_that_contains_the_point(
    game: str, paper: Paper, x: float, y: float
) -> None:
    layout = mat_layout(game, paper)
    found = layout.zone_at(x, y)
    containing = [zone for zone in layout.zones if zone.contains(x, y)]
    assert (found is None) == (not containing)
    if found is not None:
        assert found in containing


def test_whole_frame_is_one_table_zone() -> None:
    layout = whole_frame_layout(1280.0, 720.0)
    assert [z.name for z in layout.zones] == ["table"]
    assert layout.size == (1280.0, 720.0)
    assert not layout.has_markers
    assert layout.zone_at(1279.0, 719.0) is not None
