"""How long a zone must stay still before its reading stands: plain values, which the
configuration uses as its defaults without loading the reader."""

from __future__ import annotations

# A zone's reading stands once it is still for at least this many frames and seconds:
# at 10 frames a second, the three frames of 0.2 s (the first the one where the motion
# ended), so a card seen still twice after it landed is reported before a passing hand
# covers it (with 0.25 s, the fourth frame, such a card waited for the hand: 600 ms).
STILL_FRAMES = 3
STILL_SECONDS = 0.2
