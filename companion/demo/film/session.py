"""``make_session``: a real game's script played on a filmed mat, with the exact event
lines a tracker should print and when each card settled.

Seeded and deterministic; frames are drawn only when asked for (``frames[i]``), so a
session of a thousand frames holds no pictures.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Literal, overload

import numpy as np

from companion.demo.film.camera_view import CameraPose, mat_to_image
from companion.demo.film.choreography import Choreographer, Move, MoveKind
from companion.demo.film.rendering import NOISE_LEVEL, SceneRenderer
from companion.demo.film.timeline import PASS_CHANCE, QUIET_FRAMES, Scene, TimelineBuilder
from companion.games.events import Action, CardGone, CardSeen, Event, ZoneCleared
from companion.games.plugin import FilmFacts
from companion.games.registry import plugin
from companion.games.script import Script, parse_script, strip_comment
from companion.games.spec import GameSpec
from companion.table.layouts import MatLayout, Paper, mat_layout
from companion.values.frame import Frame

# Camera heights (mm). 1280 px across sees 1.23 px/mm from 0.8 m: a rank letter of
# 8 mm is then 10 px, under what the reader reads surely; at that width the camera is
# kept at 0.65 m or lower. 1920 px across reads from the whole range (1.85 px/mm at 0.8 m).
HEIGHTS_BY_WIDTH = ((1600, (500.0, 800.0)), (0, (500.0, 650.0)))
MAX_TILT = 30.0
MAX_YAW = 8.0
FRAME_MARGIN_PX = 12
POSE_TRIES = 200


class SessionKind(Enum):
    """What happens on the table besides the game's cards being dealt one by one."""

    GAME = "game"  # hands passing now and then, the light dimmed slowly, a camera bump
    GLIMPSED = "glimpsed"  # cards seen briefly either side of a passing hand, then taken
    DIMMED = "dimmed"  # the light drops to DROPPED_LIGHT from one frame to the next
    FOURS = "fours"  # cards onto one zone land up to four at once
    NOISY = "noisy"  # a camera's own noise, NOISY_LEVEL, on every frame

    def __str__(self) -> str:
        return self.value


# A glimpsed card: still this many frames from when it settled, a hand over it
# (GLANCE_FRAMES), still again this many frames, then taken away and put down again for
# good. The tracker sees the zone still from a frame before it settled (the withdrawing
# hand is off the card a frame before it is off the zone's margin): 3 frames, then 2 (the
# hand that takes it is over it in one frame).
# Each still part is shorter than the tracker's window; together they are longer.
GLIMPSE_BEFORE_FRAMES = 2
GLIMPSE_AFTER_FRAMES = 2
GLIMPSE_CHANCE = 0.5
DROPPED_LIGHT = 0.6
TOGETHER_MAX = 4
NOISY_LEVEL = 6.0  # grey levels (standard deviation), a small sensor in a dim room


@dataclass(frozen=True)
class ScriptStep:
    time: float
    line: str
    source: Literal["camera", "button"]


class LazyFrames(Sequence[Frame]):
    """The session's frames, each drawn when indexed."""

    def __init__(self, scenes: tuple[Scene, ...], renderer: SceneRenderer) -> None:
        self._scenes = scenes
        self._renderer = renderer

    def __len__(self) -> int:
        return len(self._scenes)

    @overload
    def __getitem__(self, index: int) -> Frame: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Frame]: ...

    def __getitem__(self, index: int | slice) -> Frame | Sequence[Frame]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        scene = self._scenes[index]
        return Frame(self._renderer.render(scene), scene.time, scene.number)

    def __iter__(self) -> Iterator[Frame]:
        for i in range(len(self)):
            yield self[i]


@dataclass(frozen=True)
class SyntheticSession:
    game: str
    seed: int
    header: str  # the script's first line: "game ID options"
    spec: GameSpec  # the game that line names
    frames: Sequence[Frame]
    script: tuple[ScriptStep, ...]
    layout: MatLayout
    pose: CameraPose
    fps: float
    frame_size: tuple[int, int]
    scenes: tuple[Scene, ...] = field(repr=False)
    left_out: tuple[str, ...] = ()  # lines of the source script no camera could see

    def script_text(self) -> str:
        """The whole event script: header, then camera and button lines in order."""
        return "\n".join([self.header, *(step.line for step in self.script)]) + "\n"

    @property
    def camera_steps(self) -> tuple[ScriptStep, ...]:
        return tuple(step for step in self.script if step.source == "camera")


def example_script(game: str) -> str:
    """The example game in the game's folder."""
    return plugin(game).example_text()


def _heights(width: int) -> tuple[float, float]:
    for least_width, heights in HEIGHTS_BY_WIDTH:
        if width >= least_width:
            return heights
    return HEIGHTS_BY_WIDTH[-1][1]


def _sees_the_whole_mat(pose: CameraPose, layout: MatLayout, size: tuple[int, int]) -> bool:
    width, height = layout.size
    corners = np.array([[0, 0, 1], [width, 0, 1], [width, height, 1], [0, height, 1]], float)
    projected = corners @ mat_to_image(pose, size).T
    pixels = projected[:, :2] / projected[:, 2:]
    inside_x = (pixels[:, 0] >= FRAME_MARGIN_PX) & (pixels[:, 0] <= size[0] - FRAME_MARGIN_PX)
    inside_y = (pixels[:, 1] >= FRAME_MARGIN_PX) & (pixels[:, 1] <= size[1] - FRAME_MARGIN_PX)
    return bool(np.all(inside_x & inside_y))


def camera_pose(layout: MatLayout, frame_size: tuple[int, int], rng: random.Random) -> CameraPose:
    """A camera 0.5-0.8 m up, tilted up to 30 degrees, that sees the whole mat."""
    low, high = _heights(frame_size[0])
    width, height = layout.size
    for _ in range(POSE_TRIES):
        tilt = rng.uniform(0.0, MAX_TILT)
        # Tilted cameras stand back from the mat's edge: the aim moves off the centre.
        lean = rng.uniform(-1.0, 1.0) * math.sin(math.radians(tilt)) * 20.0
        pose = CameraPose(
            height_mm=rng.uniform(low, high),
            tilt_degrees=tilt,
            yaw_degrees=rng.uniform(-MAX_YAW, MAX_YAW),
            aim_mm=(width / 2 + lean, height / 2 + lean),
        )
        if _sees_the_whole_mat(pose, layout, frame_size):
            return pose
    raise ValueError(f"no camera pose sees the whole {layout.paper.name} mat in {frame_size}")


def _bumped(pose: CameraPose, rng: random.Random) -> CameraPose:
    return CameraPose(
        pose.height_mm + rng.uniform(-8.0, 8.0),
        pose.tilt_degrees,
        pose.yaw_degrees + rng.choice((-1.0, 1.0)) * rng.uniform(0.6, 1.2),
        (pose.aim_mm[0] + rng.uniform(-4.0, 4.0), pose.aim_mm[1] + rng.uniform(-4.0, 4.0)),
        pose.lens_degrees,
    )


def check_zones(parsed: Script, layout: MatLayout) -> None:
    """Every zone the script's camera lines name is on the mat (or is a face-down one)."""
    on_mat = {zone.name for zone in layout.zones}
    for line in parsed.lines:
        event = line.event
        if not isinstance(event, CardSeen | CardGone | ZoneCleared) or event.zone in on_mat:
            continue
        if plugin(layout.game).film.unseen_clear(event.zone) is None:
            raise ValueError(
                f'{parsed.source}, line {line.number}: zone "{event.zone}" is not on the '
                f"{layout.paper.name} {layout.game} mat (zones: {', '.join(sorted(on_mat))})"
            )


def _seen_as(film: FilmFacts, event: Event) -> Event:
    """A clear of a zone no camera sees, as the button that says it; else the event."""
    action = film.unseen_clear(event.zone) if isinstance(event, ZoneCleared) else None
    return event if action is None else Action(action, ())


def _joins(together: list[Move], moves: list[Move]) -> bool:
    """Whether ``moves`` is one card put down on the zone the cards gathered land on, and
    there is room for it among them."""
    return (
        0 < len(together) < TOGETHER_MAX
        and len(moves) == 1
        and moves[0].kind is MoveKind.PLACE
        and moves[0].zone == together[0].zone
    )


def _land(builder: TimelineBuilder, together: list[Move]) -> None:
    """Put down the cards gathered to land together (emptying the list)."""
    if together:
        builder.perform_together(list(together))
        together.clear()


def _glimpse(builder: TimelineBuilder, choreographer: Choreographer, move: Move) -> None:
    """The card is put down, seen still GLIMPSE_BEFORE_FRAMES frames since it settled, a
    hand passes over its zone, it is seen still GLIMPSE_AFTER_FRAMES more frames, then it
    is taken away and put down again."""
    assert move.laid is not None
    settled = builder.perform(move, quiet=0)
    seen = round((builder.now - settled) * builder.fps)
    builder.still(max(0, GLIMPSE_BEFORE_FRAMES - seen))
    builder.hand_over(move.zone)
    builder.still(GLIMPSE_AFTER_FRAMES)
    take, *again = choreographer.taken_back(move.laid)
    builder.perform(take, approach=1)  # a hand already near: the zone moves at once
    for place in again:
        builder.perform(place)


def make_session(
    game: str,
    *,
    seed: int,
    frame_size: tuple[int, int] = (1280, 720),
    fps: float = 10.0,
    script: str | None = None,
    paper: Paper = Paper.A3,
    max_events: int | None = None,
    kind: SessionKind = SessionKind.GAME,
) -> SyntheticSession:
    """A session of ``game`` following ``script`` (default: its example game), the first
    ``max_events`` event lines of it when given, with what ``kind`` adds."""
    text = example_script(game) if script is None else script
    parsed = parse_script(text, f"{game} script")
    if parsed.game != game:
        raise ValueError(f'the script is a game of "{parsed.game}", not "{game}"')
    header = next(c for line in text.splitlines() if (c := strip_comment(line)))
    layout = mat_layout(game, paper)
    check_zones(parsed, layout)
    rng = random.Random(f"{game}:{seed}")
    pose = camera_pose(layout, frame_size, rng)
    film = plugin(game).film
    choreographer = Choreographer(layout, copies=film.packs, rng=rng)
    builder = TimelineBuilder(layout, fps=fps, rng=rng)
    events = [_seen_as(film, line.event) for line in parsed.lines][:max_events]
    light_at = rng.randrange(len(events) // 4, max(len(events) // 4 + 1, len(events) // 2))
    bump_at = rng.randrange(len(events) // 2, max(len(events) // 2 + 1, 3 * len(events) // 4))
    builder.still(QUIET_FRAMES)
    together: list[Move] = []
    for index, event in enumerate(events):
        if index == light_at:
            if kind is SessionKind.DIMMED:
                builder.dim_the_light(DROPPED_LIGHT, frames=1)
            else:
                builder.dim_the_light()
        if index == bump_at:
            _land(builder, together)
            builder.bump_the_camera()
            builder.still(QUIET_FRAMES)
        moves = choreographer.moves(event)
        if kind is SessionKind.FOURS and _joins(together, moves):
            together.extend(moves)
            continue
        _land(builder, together)
        if kind is SessionKind.FOURS and len(moves) == 1 and moves[0].kind is MoveKind.PLACE:
            together.extend(moves)
            continue
        for move in moves:
            glimpsed = kind is SessionKind.GLIMPSED and move.kind is MoveKind.PLACE
            if glimpsed and rng.random() < GLIMPSE_CHANCE:
                _glimpse(builder, choreographer, move)
                continue
            builder.perform(move)
        if rng.random() < PASS_CHANCE:
            builder.hand_passes()
    _land(builder, together)
    builder.still(QUIET_FRAMES)
    scenes = tuple(builder.scenes)
    renderer = SceneRenderer(
        layout,
        film.index_script,
        poses=(pose, _bumped(pose, rng)),
        frame_size=frame_size,
        seed=seed,
        noise_level=NOISY_LEVEL if kind is SessionKind.NOISY else NOISE_LEVEL,
    )
    steps = tuple(
        ScriptStep(step.time, step.line, "camera" if step.source == "camera" else "button")
        for step in builder.steps
    )
    return SyntheticSession(
        game=game,
        seed=seed,
        header=header,
        spec=parsed.spec(),
        frames=LazyFrames(scenes, renderer),
        script=steps,
        layout=layout,
        pose=pose,
        fps=fps,
        frame_size=frame_size,
        scenes=scenes,
        left_out=tuple(choreographer.left_out),
    )
