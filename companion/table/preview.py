"""Annotated pictures of what the tracker sees: the mat's outline, its zones, the latest
reads and the cards placed on each zone, drawn over the frame."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from companion.table.calibration import MatView
from companion.table.card_reads import CardRead
from companion.table.zone_watch import PlacedCard

MAT_COLOUR = (255, 200, 0)  # BGR
ZONE_COLOUR = (0, 200, 255)
READ_COLOUR = (255, 0, 255)
PLACED_COLOUR = (0, 230, 0)
MOVING_COLOUR = (0, 0, 255)
NO_MAT_COLOUR = (0, 0, 255)


def annotated(
    image: np.ndarray,
    view: MatView | None,
    *,
    reads: Mapping[str, Sequence[CardRead]],
    placed: Mapping[str, Sequence[PlacedCard]],
    moving: Sequence[str] = (),
) -> np.ndarray:
    """A copy of the BGR frame with the tracker's view of it drawn on."""
    import cv2

    picture = image.copy()
    thickness = max(1, round(max(image.shape[:2]) / 640))
    if view is None:
        cv2.putText(
            picture,
            "mat not found",
            (20, 40),
            cv2.FONT_HERSHEY_SIMPLEX,
            thickness,
            NO_MAT_COLOUR,
            2 * thickness,
        )
        return picture
    width, height = view.layout.size

    def outline(corners_mm: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
        points = view.to_image(corners_mm).round().astype(np.int32)
        cv2.polylines(picture, [points.reshape(-1, 1, 2)], True, colour, thickness)
        return points

    outline(np.array([[0, 0], [width, 0], [width, height], [0, height]], float), MAT_COLOUR)
    for zone in view.layout.zones:
        corners = np.array(
            [
                [zone.x, zone.y],
                [zone.x + zone.width, zone.y],
                [zone.x + zone.width, zone.y + zone.height],
                [zone.x, zone.y + zone.height],
            ]
        )
        colour = MOVING_COLOUR if zone.name in moving else ZONE_COLOUR
        points = outline(corners, colour)
        cards = " ".join(str(card.card) for card in placed.get(zone.name, ()))
        label = f"{zone.name}: {cards}" if cards else zone.name
        cv2.putText(
            picture,
            label,
            (int(points[0][0]) + 4, int(points[0][1]) + 18 * thickness),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.6 * thickness,
            colour,
            thickness,
        )
    for zone_reads in reads.values():
        for read in zone_reads:
            points = outline(read.quad, READ_COLOUR)
            cv2.putText(
                picture,
                f"{read.card} {read.confidence:.2f}",
                tuple(int(v) for v in points[0]),
                cv2.FONT_HERSHEY_SIMPLEX,
                0.5 * thickness,
                READ_COLOUR,
                thickness,
            )
    for zone_cards in placed.values():
        for card in zone_cards:
            outline(card.quad, PLACED_COLOUR)
    return picture
