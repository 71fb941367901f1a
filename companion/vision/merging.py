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


def _pair_relations(candidates: Candidates, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For the candidates at ``rows``: whether the one in column j shows the index read by
    the one in row i, and the centres' distance in row i's crop heights, both R x R."""
    centres = candidates.centres[rows]
    down = candidates.down[rows]
    across = np.stack([down[:, 1], -down[:, 0]], axis=1)
    sizes = candidates.heights[rows].astype(np.float64)[:, None]
    gaps = centres[None, :, :] - centres[:, None, :]  # [i, j] = centre j - centre i
    along_gap = np.abs(np.einsum("ijk,ik->ij", gaps, down))
    across_gap = np.abs(np.einsum("ijk,ik->ij", gaps, across))
    same = (across_gap < SAME_INDEX_ACROSS * sizes) & (along_gap < SAME_INDEX_ALONG * sizes)
    reach = np.linalg.norm(gaps, axis=2) / sizes
    return same, reach


def merge_reads(candidates: Candidates, reads: list[Read], *, copies: int) -> list[Detection]:
    """Greedy merge, best read first: a read of an index already taken is dropped, and a
    further index of a card already found is counted as that card's other corner (with a
    deck of ``copies`` > 1, only when it is within a card's reach)."""
    ordered = sorted(reads, key=lambda read: -read.confidence)
    same, reach = _pair_relations(candidates, np.array([read.row for read in ordered], int))
    kept: list[tuple[int, int]] = []  # (position in ordered, indices read)
    for position, item in enumerate(ordered):
        duplicate = False
        for number, (other, count) in enumerate(kept):
            if same[other, position]:
                duplicate = True
                break
            if ordered[other].card == item.card and (
                copies == 1 or reach[position, other] < SAME_CARD_DISTANCE
            ):
                kept[number] = (other, count + 1)
                duplicate = True
                break
        if not duplicate:
            kept.append((position, 1))
    return [
        Detection(
            ordered[other].card,
            ordered[other].confidence,
            candidates.quad(ordered[other].row),
            count,
        )
        for other, count in kept
    ]
