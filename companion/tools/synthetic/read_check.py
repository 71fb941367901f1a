"""How well the card reader reads a synthetic session's cards where they lie: for every
card put down, the frame a few frames after it settled (or that frame's top-down mat) is
read and the card looked for among the reads."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from companion.cards import Card
from companion.demo.film.session import SyntheticSession
from companion.table.calibration import Calibrator

FRAMES_AFTER_SETTLING = 3
WARP_PX_PER_MM = 2.0


@dataclass(frozen=True)
class ReadCount:
    placed: int  # cards put down in the session
    read: int  # of those, read in the frame after they settled
    false: int  # reads of cards not lying on the mat, over all the frames read

    @property
    def rate(self) -> float:
        return self.read / self.placed if self.placed else 1.0


def count_reads(
    session: SyntheticSession,
    read: Callable[[np.ndarray], list[Card]],
    *,
    warped: bool,
    limit: int | None = None,
) -> ReadCount:
    """``read`` gives the cards read in a BGR image (e.g. from ``CardReader.read``)."""
    placed = found = false = 0
    calibrator = Calibrator()
    steps = [s for s in session.camera_steps if s.line.startswith("card ")][:limit]
    for step in steps:
        number = min(
            len(session.frames) - 1, round(step.time * session.fps) + FRAMES_AFTER_SETTLING
        )
        frame = session.frames[number]
        image = frame.image
        if warped:
            view = calibrator.update(frame)
            if view is None:
                placed += 1
                continue
            image = view.warp(image, WARP_PX_PER_MM)
        cards = read(image)
        lying = {laid.card for laid in session.scenes[number].resting}
        placed += 1
        found += Card.parse(step.line.split()[2]) in cards
        false += sum(card not in lying for card in set(cards))
    return ReadCount(placed, found, false)
