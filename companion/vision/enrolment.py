"""Deck enrolment: prototypes of a user's own cards in the reader's embedding space.

``companion teach`` reads a few photos per card (the card named by the file name, e.g.
``QH.jpg`` or ``QH_2.jpg``), keeps the embeddings of the crops most likely to be the
card's corner index, and saves one mean vector per card in a small ``.npz`` file. The
reader then labels an index by its nearest prototype when that one is close enough.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.cards import Card, CardError

# The nearest prototype names an index when its cosine similarity (of the reader's
# centred convolution features) is at least this and beats the second nearest card's by
# PROTOTYPE_MARGIN. Chosen on drawn frames of a deck with letters the reader was never
# trained on (Dutch B V H), seeds apart from the test's (for reader v11, 48 frames: recall
# / precision 0.797 / 0.987 at 0.6, 0.745 / 0.986 at 0.7; kept for v13: 0.943 / 0.968 at
# 0.6, 0.875 / 0.982 at 0.7; for v15, the highest of the best: 0.99 / 0.99 at 0.4 to 0.5,
# 0.984 / 0.99 at 0.55, 0.958 / 0.989 at 0.6).
MIN_SIMILARITY = 0.5
PROTOTYPE_MARGIN = 0.1
# Otherwise the reader's own read stands only if the index looks at least this much like
# the enrolled prototype of the card it read: a confident read of an unfamiliar letter as
# a familiar one (a Dutch H read as a J) does not.
AGREEMENT = 0.6
# Embeddings kept per enrolment photo (the crops that look most like an index).
CROPS_PER_PHOTO = 4
# Photos per card that ``teach`` asks for. One shot per card does not show how the card
# looks at another angle or under another light: on the real vosloo deck one shot per
# card (under one light) left 6 of the 144 photos under the two other lights unread, three
# shots (moved a little, the same light) none; on drawn Dutch letters one gave recall /
# precision 0.953 / 0.984, three 1.0 / 0.985 (48 frames).
PHOTOS_PER_CARD = 3
# 1: prototypes of the 64-value embedding; 2: of the features, without the model's name
FILE_FORMAT = 3


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
    model: str  # fingerprint of the reader model whose features these are

    def require_model(self, fingerprint: str) -> None:
        """Prototypes compare only with the features of the model that made them."""
        if fingerprint != self.model:
            raise EnrolmentError(
                "the deck file was made with another reader model: run companion teach again"
            )

    def relabel(self, card: Card | None, score: float, embedding: np.ndarray) -> Relabelled:
        """The prototype's card when the index is clearly closest to one, else the
        model's if it is one of the enrolled cards (the enrolled cards are the deck in
        play) and the index looks like that card's prototype."""
        similarity = self.vectors @ embedding
        order = np.argsort(-similarity)
        best = float(similarity[order[0]])
        second = float(similarity[order[1]]) if len(order) > 1 else -1.0
        if best >= MIN_SIMILARITY and best - second >= PROTOTYPE_MARGIN:
            return Relabelled(self.cards[int(order[0])], best, by_prototype=True)
        if card is None or card not in self.cards:
            return Relabelled(None, 0.0, by_prototype=False)
        if similarity[self.cards.index(card)] < AGREEMENT:
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
                model=np.array(self.model),
            )

    @classmethod
    def load(cls, path: Path) -> DeckPrototypes:
        try:
            with np.load(path, allow_pickle=False) as data:
                lacking = [key for key in ("cards", "vectors") if key not in data]
                if lacking:
                    raise EnrolmentError(
                        f"{path} is not a deck file made by companion teach "
                        f"(it lacks {' and '.join(lacking)})"
                    )
                made_as = int(data["format"]) if "format" in data else 0
                names = [str(name) for name in data["cards"]]
                vectors = np.asarray(data["vectors"], dtype=np.float32)
                model = str(data["model"]) if made_as == FILE_FORMAT else ""
        except EnrolmentError:
            raise  # a ValueError too, but already says what is wrong
        except FileNotFoundError:
            raise EnrolmentError(f"{path}: no such deck file") from None
        except IsADirectoryError:
            raise EnrolmentError(f"{path}: is a folder, not a deck file") from None
        except (OSError, ValueError):
            raise EnrolmentError(
                f"{path} is not a deck file made by companion teach (not an .npz archive)"
            ) from None
        if made_as != FILE_FORMAT:
            raise EnrolmentError(
                f"{path} was made by an older companion teach: run companion teach again"
            )
        if vectors.ndim != 2 or vectors.shape[0] != len(names) or not names:
            raise EnrolmentError(f"{path}: the deck file holds no usable prototypes")
        try:
            cards = tuple(Card.parse(name) for name in names)
        except CardError as error:
            raise EnrolmentError(f"{path}: {error}") from None
        return cls(cards, vectors, model)


def card_from_file_name(path: Path) -> Card:
    """The card a photo shows, from its name: ``QH.jpg``, ``10S_01.png``, ``QH-front.jpg``."""
    stem = path.stem.replace("-", "_").split("_")[0]
    try:
        return Card.parse(stem)
    except CardError:
        raise EnrolmentError(
            f"{path}: the file name must start with the card it shows, like QH.jpg or 10S_1.jpg"
        ) from None


def cards_short_of_photos(cards: Iterable[Card]) -> list[Card]:
    """The cards, one per enrolment photo, that have fewer than PHOTOS_PER_CARD photos."""
    short = [card for card, count in Counter(cards).items() if count < PHOTOS_PER_CARD]
    return sorted(short, key=lambda card: card.sort_key)


def build_prototypes(samples: Iterable[tuple[Card, np.ndarray]], *, model: str) -> DeckPrototypes:
    """Mean L2-normalised embedding per card from (card, embeddings) samples of the
    reader model with fingerprint ``model``."""
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
    return DeckPrototypes(cards, np.array(vectors, dtype=np.float32), model)
