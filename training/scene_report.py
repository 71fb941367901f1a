"""Look at the synthetic scenes: write examples with their ground truth drawn, and measure
what the scenes hold and how fast they are made.

    python -m training.scene_report --out /tmp/samples --count 8
    python -m training.scene_report --count 300      # figures only
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.arguments import positive_count
from training.faces import DEFAULT_CACHE, load_faces
from training.scenes import SceneMaker
from training.types import Scene

READABLE = 0.7  # an index at least this visible counts as readable in the figures
FULL = 0.999
WARM_UP = 30  # scenes made before timing, so that the background bank is filled
PERCENTILES = (5, 50, 95)
OUTLINE_COLOUR = (255, 128, 0)
QUAD_COLOUR = (0, 255, 0)
CORNER_COLOUR = (0, 0, 255)
CORNER_RADIUS = 3


def draw_truth(scene: Scene, *, min_visible: float = 0.5) -> np.ndarray:
    """A copy of the scene with card outlines (blue), index quads (green) and each quad's
    reading top-left corner (red) drawn on it."""
    image = scene.image.copy()
    for card in scene.cards:
        cv2.polylines(image, [card.outline.astype(np.int32)], True, OUTLINE_COLOUR, 1)
        for index in card.indices:
            if index.visible >= min_visible:
                quad = index.quad.astype(np.int32)
                cv2.polylines(image, [quad], True, QUAD_COLOUR, 1)
                corner = (int(quad[0][0]), int(quad[0][1]))
                cv2.circle(image, corner, CORNER_RADIUS, CORNER_COLOUR, -1)
    return image


@dataclass(frozen=True)
class SceneFigures:
    scenes: int
    cards_per_scene: float
    empty_share: float
    readable_per_scene: float
    hidden_index_share: float
    full_index_share: float
    mostly_hidden_card_share: float
    index_height_percentiles: tuple[float, ...]


def figures(scenes: Sequence[Scene]) -> SceneFigures:
    counts = [len(scene.cards) for scene in scenes]
    cards = [card for scene in scenes for card in scene.cards]
    indices = [index for card in cards for index in card.indices]
    visible = np.array([index.visible for index in indices])
    heights = [index.height() for index in indices]
    return SceneFigures(
        scenes=len(scenes),
        cards_per_scene=float(np.mean(counts)),
        empty_share=float(np.mean(np.array(counts) == 0)),
        readable_per_scene=float((visible >= READABLE).sum() / max(1, len(scenes))),
        hidden_index_share=float(np.mean(visible == 0)) if len(visible) else 0.0,
        full_index_share=float(np.mean(visible >= FULL)) if len(visible) else 0.0,
        mostly_hidden_card_share=float(np.mean([card.visible < 0.5 for card in cards]))
        if cards
        else 0.0,
        index_height_percentiles=tuple(float(v) for v in np.percentile(heights, PERCENTILES))
        if heights
        else (),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m training.scene_report",
        description="Write example synthetic scenes and print figures about them.",
    )
    parser.add_argument("--out", type=Path, help="write scene_N.png and scene_N_truth.png here")
    parser.add_argument("--count", type=positive_count, default=8, help="scenes to make")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="the faces cache")
    args = parser.parse_args(argv)
    faces = load_faces(args.cache)
    maker = SceneMaker(faces, seed=args.seed)
    for _ in range(WARM_UP):
        maker.make()
    started = time.process_time()
    scenes = [maker.make() for _ in range(args.count)]
    spent = (time.process_time() - started) / args.count * 1000
    designs = len({face.design for face in faces})
    print(f"{len(faces)} faces of {designs} designs from {args.cache}")
    print(f"{args.count} scenes of 1280x720: {spent:.0f} ms CPU each (after {WARM_UP} warm-up)")
    print(figures(scenes))
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        for number, scene in enumerate(scenes):
            cv2.imwrite(str(args.out / f"scene_{number}.png"), scene.image)
            cv2.imwrite(str(args.out / f"scene_{number}_truth.png"), draw_truth(scene))
        print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
