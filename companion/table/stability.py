"""How long a zone must stay still before its reading stands: plain values, which the
configuration uses as its defaults without loading the reader."""

from __future__ import annotations

# A zone's reading stands once it is still for at least this many frames and seconds.
STILL_FRAMES = 3
STILL_SECONDS = 0.25
