"""The tracker's tunable values, one frozen value passed in from outside."""

from __future__ import annotations

from dataclasses import dataclass

from companion.table.stability import STILL_FRAMES, STILL_SECONDS
from companion.vision.reader_settings import ReaderSettings
from companion.vision.sources import CandidateSource


@dataclass(frozen=True)
class TrackerSettings:
    """How long a zone must stay still, what counts as motion, and how cards are read.

    Lengths are mat millimetres (pixels with ``--mat none``, where 1 mm is 1 px)."""

    # A zone's reading stands once it is still for at least this many frames and seconds.
    min_frames: int = STILL_FRAMES
    min_seconds: float = STILL_SECONDS
    # Reads of one still spell that may disagree before the zone's change is reported unsure.
    max_reads: int = 4
    # A new card's two agreeing reads must lie within this many index box heights of each
    # other: a card still sliding into place is read at another spot each time.
    still_slack: float = 0.15
    # The live reader's own threshold (companion.vision.reader.LIVE_MIN_CONFIDENCE); reads
    # from ``unsure_from`` up to it are unsure candidates, never cards.
    min_confidence: float = 0.9
    unsure_from: float = 0.5
    # Motion and change are judged on a grey mat image of cells this big, each the mean of
    # its area so sensor noise averages out: a cell moves when it changes by ``motion_level``
    # grey levels from the last frame, and has changed when it differs by ``change_level``
    # from the picture last read or last settled.
    cell_mm: float = 4.0
    motion_level: float = 14.0
    change_level: float = 14.0
    # A card no longer read is gone only where its index spot shows the table it showed
    # before the card came (within ``change_level``); anything else covers it.
    # A change of the whole table's light is the median ratio of the cells at least
    # ``light_floor`` grey (darker ones say little), taken when at least ``light_cells``
    # are, and kept within ``light_range`` (a frame darker or brighter than that is no
    # change of light but of the picture).
    light_floor: float = 24.0
    light_cells: int = 16
    # The median is taken over an even spread of at most this many cells (a frame
    # without a mat has 130,000 at 1920x1080; a mat a few thousand).
    light_sample: int = 8192
    light_range: tuple[float, float] = (0.25, 4.0)
    # Cards are read on a top-down image at this scale: a 14-18 mm index is then 28-36 px,
    # inside the 20-40 px the reader reads best. Measured on the first 40 events of two
    # development sessions (gwiazda 1280x720, oh-hell 1920x1080), events right / wrong and
    # the median ms of a frame read: 1.5 px/mm 39/1 and 28/0, 23 and 16 ms; 2.0: 39/0 and
    # 28/1, 29 and 19 ms; 2.5: 37/1 and 28/1, 42 and 19 ms; 3.0: 37/0 and 28/0, 42 and
    # 22 ms (the machine shared, so the ms are loose).
    read_px_per_mm: float = 2.0
    # Only the part of a zone that changed is read, with this margin round it so an index
    # on its edge is cut whole; with no mat, frame pixels (an index 30-60 px tall).
    read_margin_mm: float = 12.0
    frame_margin_px: float = 48.0

    def reader_settings(self) -> ReaderSettings:
        """The live reader's settings for the tracker: reads down to ``unsure_from`` come
        back, so that the tracker itself tells cards from unsure reads."""
        return ReaderSettings(source=CandidateSource.DETECTOR, min_confidence=self.unsure_from)
