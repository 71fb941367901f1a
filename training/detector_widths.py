"""How wide the index detector's network is (``train_detector --widths``)."""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Widths:
    """Channels of the network's three stages."""

    stem: int = 16  # at 1/2 scale
    fine: int = 48  # at 1/4 scale
    coarse: int = 96  # at 1/8 scale

    @classmethod
    def parse(cls, text: str) -> Widths:
        """``STEM,FINE,COARSE``, as ``--widths`` takes them."""
        parts = text.split(",")
        if len(parts) != len(fields(cls)) or not all(part.strip().isdigit() for part in parts):
            raise ValueError(f"widths are three channel counts such as 16,48,96, not {text!r}")
        stem, fine, coarse = (int(part) for part in parts)
        if min(stem, fine, coarse) < 1:
            raise ValueError(f"every width is at least 1, not {text!r}")
        return cls(stem, fine, coarse)

    def __str__(self) -> str:
        return f"{self.stem},{self.fine},{self.coarse}"
