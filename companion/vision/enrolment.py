"""Deck enrolment: prototypes of a user's own cards in the reader's embedding space.

``companion teach`` reads one photo per card (the card named by the file name, e.g.
``QH.jpg`` or ``QH_2.jpg``), keeps the embeddings of the crops most likely to be the
card's corner index, and saves one mean vector per card in a small ``.npz`` file. The
reader then labels an index by its nearest prototype when that one is close enough.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.cards import Card, CardError

# Cosine similarity above which the nearest prototype names an index.
MIN_SIMILARITY = 0.9
# Embeddings kept per enrolment photo (the crops that look most like an index).
CROPS_PER_PHOTO = 4
FILE_FORMAT = 1


class EnrolmentError(ValueError):
    """A deck file or an enrolment photo that cannot be used."""


@dataclass(frozen=True)
class Relabelled:
    """An index's card after the prototypes had their say."""

    card: Card | None
    score: float  # the model's confidence, or the similarity to the matching prototype
    by_prototype: bool  # a prototype named it: accepted whatever the reader's threshold


@dataclass(frozen=True)
class DeckPrototypes:
    cards: tuple[Card, ...]
    vectors: np.ndarray  # len(cards) x E, L2-normalised

    def nearest(self, embedding: np.ndarray) -> tuple[Card, float]:
        similarity = self.vectors @ embedding
        best = int(np.argmax(similarity))
        return self.cards[best], float(similarity[best])

    def relabel(self, card: Card | None, score: float, embedding: np.ndarray) -> Relabelled:
        """The prototype's card when the embedding is close to one, else the model's if
        it is one of the enrolled cards: the enrolled cards are the deck in play."""
        nearest, similarity = self.nearest(embedding)
        if similarity >= MIN_SIMILARITY:
            return Relabelled(nearest, similarity, by_prototype=True)
        if card is not None and card not in self.cards:
            return Relabelled(None, 0.0, by_prototype=False)
        return Relabelled(card, score, by_prototype=False)

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            np.savez_compressed(
                handle,
                format=np.array(FILE_FORMAT),
                cards=np.array([str(card) for card in self.cards]),
                vectors=self.vectors.astype(np.float32),
            )

    @classmethod
    def load(cls, path: Path) -> DeckPrototypes:
        try:
            with np.load(path, allow_pickle=False) as data:
                names = [str(name) for name in data["cards"]]
                vectors = np.asarray(data["vectors"], dtype=np.float32)
        except (OSError, ValueError, KeyError) as error:
            raise EnrolmentError(
                f"{path} is not a deck file made by companion teach: {error}"
            ) from None
        if vectors.ndim != 2 or vectors.shape[0] != len(names) or not names:
            raise EnrolmentError(f"{path}: the deck file holds no usable prototypes")
        try:
            cards = tuple(Card.parse(name) for name in names)
        except CardError as error:
            raise EnrolmentError(f"{path}: {error}") from None
        return cls(cards, vectors)


def card_from_file_name(path: Path) -> Card:
    """The card a photo shows, from its name: ``QH.jpg``, ``10S_01.png``, ``QH-front.jpg``."""
    stem = path.stem.replace("-", "_").split("_")[0]
    try:
        return Card.parse(stem)
    except CardError:
        raise EnrolmentError(
            f"{path}: the file name must start with the card it shows, like QH.jpg or 10S_1.jpg"
        ) from None


def build_prototypes(samples: Iterable[tuple[Card, np.ndarray]]) -> DeckPrototypes:
    """Mean L2-normalised embedding per card from (card, embeddings) samples."""
    grouped: dict[Card, list[np.ndarray]] = {}
    for card, embeddings in samples:
        grouped.setdefault(card, []).append(embeddings)
    if not grouped:
        raise EnrolmentError("no card was enrolled: no photo showed a readable corner index")
    cards = tuple(sorted(grouped, key=lambda card: card.sort_key))
    vectors = []
    for card in cards:
        mean = np.concatenate(grouped[card]).mean(axis=0)
        vectors.append(mean / max(float(np.linalg.norm(mean)), 1e-6))
    return DeckPrototypes(cards, np.array(vectors, dtype=np.float32))
