"""The reader's thresholds and settings, as one value."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.vision.finder_settings import FinderSettings
from companion.vision.merging import CornerIndices
from companion.vision.second_look import SecondLookSettings
from companion.vision.sources import DEFAULT_SOURCE, CandidateSource

# The confidence a read index needs: for each source, the lowest threshold at which
# precision on synthetic Polish/Russian scenes reached 0.99 (training/threshold_sweep.py).
MIN_CONFIDENCE = 0.95  # photos (the gated source; the blob and both sources take it too)
LIVE_MIN_CONFIDENCE = 0.9  # live frames (the detector source)
MIN_FRAME_SIDE = 12  # working-image pixels; the smallest index read is about this tall


def min_confidence_for(source: CandidateSource) -> float:
    """The swept threshold of reads of that candidate source."""
    return LIVE_MIN_CONFIDENCE if source is CandidateSource.DETECTOR else MIN_CONFIDENCE


@dataclass(frozen=True)
class ReaderSettings:
    """Where the crops come from, how sure a read must be, and the finder's geometry.

    ``min_confidence``: None for the source's swept threshold. ``corner_indices``: which
    corners of the deck's cards carry the index (with two packs, TWO lets two copies
    side by side count twice where no far corner shows); None for what ``companion
    teach`` learned of the deck, if it did, else FOUR (which also means "not known").
    ``second_look``: how a read card is looked at again before it counts (None: not).
    """

    source: CandidateSource = DEFAULT_SOURCE
    min_confidence: float | None = None
    finder: FinderSettings = field(default_factory=FinderSettings)
    corner_indices: CornerIndices | None = None
    second_look: SecondLookSettings | None = field(default_factory=SecondLookSettings)

    @property
    def threshold(self) -> float:
        """The confidence a read needs."""
        if self.min_confidence is None:
            return min_confidence_for(self.source)
        return self.min_confidence
