"""What the table's deck makes of the model's readings: only its ranks count, the
threshold applies, and a taught deck's prototypes may name or veto a read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from companion.cards import Card, DeckProfile
from companion.vision.enrolment import CROPS_PER_PHOTO, DeckPrototypes
from companion.vision.finder import find_candidates
from companion.vision.finder_settings import FinderSettings
from companion.vision.labels import NOT_AN_INDEX, RANKS, card_from_classes, rank_class
from companion.vision.looks import CropReader
from companion.vision.merging import Read
from companion.vision.model import Readings

# With a deck file, crops the reader finds less likely than this to be "not an index" are
# compared with the prototypes even when it reads no card in them (an unfamiliar letter).
MAYBE_INDEX = 0.5


def allowed_ranks(deck: DeckProfile) -> np.ndarray:
    """Which rank classes (and "not an index") the deck's cards may be read as."""
    allowed = np.zeros(len(RANKS) + 1, dtype=bool)
    allowed[NOT_AN_INDEX] = True
    for rank in deck.ranks:
        allowed[rank_class(rank)] = True
    return allowed


@dataclass(frozen=True)
class DeckReading:
    """Turns readings into reads of ``deck``'s cards at ``threshold``."""

    deck: DeckProfile
    threshold: float
    prototypes: DeckPrototypes | None = None
    ranks: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranks", allowed_ranks(self.deck))

    def reads(
        self, readings: Readings, features_of: Callable[[np.ndarray], np.ndarray]
    ) -> list[Read]:
        """The cards read; ``features_of(rows)``: those candidates' features, asked for
        only when there are prototypes to compare them with."""
        if readings.rank_probs.shape[0] == 0:
            return []
        # A crop that reads best as a rank the deck lacks (a 5 with a 36-card deck) is a
        # card not in play: it is left out, never shared out over the deck's ranks, which
        # would make a sure 5 a sure 6.
        lacking = ~self.ranks[readings.rank_probs.argmax(axis=1)]
        rank_probs = readings.rank_probs * self.ranks[None, :]
        rank_probs = rank_probs / np.maximum(rank_probs.sum(axis=1, keepdims=True), 1e-9)
        ranks = rank_probs.argmax(axis=1)
        suits = readings.suit_probs.argmax(axis=1)
        confidence = rank_probs.max(axis=1) * readings.suit_probs.max(axis=1)
        read_as_card = (ranks != NOT_AN_INDEX) & ~lacking
        if self.prototypes is not None:  # an unfamiliar letter may still match a prototype
            read_as_card |= rank_probs[:, NOT_AN_INDEX] < MAYBE_INDEX
        rows = np.nonzero(read_as_card)[0]
        features = features_of(rows) if self.prototypes is not None and rows.size else None
        reads: list[Read] = []
        for position, row in enumerate(rows):
            card = None if lacking[row] else card_from_classes(int(ranks[row]), int(suits[row]))
            score = float(confidence[row]) if card is not None else 0.0
            accepted = score >= self.threshold
            if self.prototypes is not None and features is not None:
                relabelled = self.prototypes.relabel(card, score, features[position])
                card, score = relabelled.card, relabelled.score
                accepted = relabelled.by_prototype or score >= self.threshold
            if card is not None and accepted:
                reads.append(Read(card, score, int(row)))
        return reads


def enrolment_crops(
    model: CropReader, image: np.ndarray, card: Card, finder: FinderSettings
) -> np.ndarray:
    """The crops in an enrolment photo most likely to show ``card``'s index: those the
    model reads as the card, else those least likely "not an index"."""
    candidates = find_candidates(image, finder)
    if len(candidates) == 0:
        return candidates.crops
    readings = model.read(candidates.crops)
    ranks = readings.rank_probs.argmax(axis=1)
    suits = readings.suit_probs.argmax(axis=1)
    matches = np.array(
        [card_from_classes(int(r), int(s)) == card for r, s in zip(ranks, suits, strict=True)]
    )
    likelihood = 1.0 - readings.rank_probs[:, NOT_AN_INDEX]
    if matches.any():
        likelihood = np.where(matches, likelihood + 1.0, 0.0)
    best = np.argsort(-likelihood)[:CROPS_PER_PHOTO]
    chosen: np.ndarray = candidates.crops[best]
    return chosen
