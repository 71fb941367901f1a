"""The camera events: what the tracker says happened on the table and what the engines
take. Each is a frozen value whose ``str`` is its line in the event script (the text is
made only where text is wanted: the journal's rows, ``watch``'s output, a bug report)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.cards import Card


@dataclass(frozen=True)
class CardSeen:
    """``card ZONE CARD``: a card became visible in a zone."""

    zone: str
    card: Card

    def __str__(self) -> str:
        return f"card {self.zone} {self.card}"


@dataclass(frozen=True)
class CardGone:
    """``gone ZONE CARD``: a card left a zone that still holds others."""

    zone: str
    card: Card

    def __str__(self) -> str:
        return f"gone {self.zone} {self.card}"


@dataclass(frozen=True)
class ZoneCleared:
    """``clear ZONE``: the zone was emptied."""

    zone: str

    def __str__(self) -> str:
        return f"clear {self.zone}"


CameraEvent = CardSeen | CardGone | ZoneCleared
