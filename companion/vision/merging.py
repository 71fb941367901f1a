"""From reads of single index crops to cards: reads of one index seen several times are
one, and the corners of one card are one card."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from companion.cards import Card
from companion.vision.finder import Candidates

# Two reads are the same index seen twice when the second's centre lies within these
# fractions of the first's crop height across and along the first's reading direction.
# Across is the tighter one: the indices of a fan sit side by side, a third of a crop apart.
SAME_INDEX_ACROSS = 0.25
SAME_INDEX_ALONG = 0.5
# Two indices of one card are at most this many crop heights apart (the card's diagonal).
SAME_CARD_DISTANCE = 6.0


@dataclass(frozen=True)
class Read:
    """The reading of one candidate crop (its row in the frame's candidates)."""

    card: Card
    confidence: float
    row: int


@dataclass(frozen=True)
class Detection:
    """One card found in a frame."""

    card: Card
    confidence: float
    quad: np.ndarray  # 4 x 2 float32: the best index crop (TL, TR, BR, BL as it reads)
    indices: int  # how many corner indices of the card were read

    def scaled(self, factor: float) -> Detection:
        """The same detection with its box in pixels ``factor`` times larger."""
        return replace(self, quad=(self.quad * factor).astype(np.float32))

    def to_json(self) -> dict[str, object]:
        return {
            "card": str(self.card),
            "confidence": round(self.confidence, 4),
            "index_box": [[round(float(x), 1), round(float(y), 1)] for x, y in self.quad],
            "indices": self.indices,
        }


def same_index(candidates: Candidates, kept_row: int, row: int) -> bool:
    """Whether candidate ``row`` shows the index already read at ``kept_row``."""
    down = candidates.down[kept_row]
    across = np.array([down[1], -down[0]], dtype=np.float32)
    gap = candidates.centres[row] - candidates.centres[kept_row]
    size = float(candidates.heights[kept_row])
    return bool(
        abs(float(gap @ across)) < SAME_INDEX_ACROSS * size
        and abs(float(gap @ down)) < SAME_INDEX_ALONG * size
    )


def merge_reads(candidates: Candidates, reads: list[Read], *, copies: int) -> list[Detection]:
    """Greedy merge, best read first: a read of an index already taken is dropped, and a
    further index of a card already found is counted as that card's other corner (with a
    deck of ``copies`` > 1, only when it is within a card's reach)."""
    kept: list[tuple[Read, int]] = []
    for item in sorted(reads, key=lambda read: -read.confidence):
        centre = candidates.centres[item.row]
        size = float(candidates.heights[item.row])
        duplicate = False
        for number, (other, count) in enumerate(kept):
            if same_index(candidates, other.row, item.row):
                duplicate = True
                break
            gap = float(np.linalg.norm(candidates.centres[other.row] - centre))
            if other.card == item.card and (copies == 1 or gap < SAME_CARD_DISTANCE * size):
                kept[number] = (other, count + 1)
                duplicate = True
                break
        if not duplicate:
            kept.append((item, 1))
    return [
        Detection(item.card, item.confidence, candidates.quad(item.row), count)
        for item, count in kept
    ]
