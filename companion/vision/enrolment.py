"""Deck enrolment: prototypes of a user's own cards in the reader's embedding space.

``companion teach`` reads a few photos per card (the card named by the file name, e.g.
``QH.jpg`` or ``QH_2.jpg``), keeps the crops most likely to be the card's corner index,
and saves one mean vector of their features per card in an ``.npz`` file, with the crops
themselves (about 3 KB a crop). The reader then labels an index by its nearest prototype
when that one is close enough. Features belong to one reader model: under another model
(after an update) the prototypes are made again from the kept crops, so a taught deck
stays taught.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from companion.cards import Card, CardError
from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH
from companion.vision.merging import CornerIndices

# The nearest prototype names an index when its cosine similarity (of the reader's
# centred convolution features) is at least this and beats the second nearest card's by
# PROTOTYPE_MARGIN: the best of a sweep on drawn frames of a deck with letters the reader
# was never trained on (Dutch B V H), seeds apart from the test's.
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
# Which corners the deck prints its index in, as ``teach`` learns it from its photos
# (each photo of a whole card shows two indices one each way round, or a second one the
# same way): known when at least this many photos say something and this share of them
# agree; otherwise not known. A photo may say the wrong thing when a look misses a
# corner (a four-index card then shows one each way round) or a false read adds one.
MIN_CORNER_PHOTOS = 3
CORNER_AGREEMENT = 0.8
# 1: prototypes of the 64-value embedding; 2: of the features, without the model's name;
# 3: with it; 4: with the crops as well
FILE_FORMAT = 4
FORMATS_READ = frozenset({3, FILE_FORMAT})
# a reader model's features of N crops (N x H x W x 3 uint8): N x F, centred, L2-normalised
Embedder = Callable[[np.ndarray], np.ndarray]


class EnrolmentError(ValueError):
    """A deck file or an enrolment photo that cannot be used."""


@dataclass(frozen=True)
class Relabelled:
    """An index's card after the prototypes had their say."""

    card: Card | None
    score: float  # the model's confidence, or the similarity to the matching prototype
    by_prototype: bool  # a prototype named it: accepted whatever the reader's threshold


@dataclass(frozen=True)
class EnrolmentCrops:
    """The index crops ``teach`` chose from the photos, each with its card."""

    cards: tuple[Card, ...]
    images: np.ndarray  # len(cards) x CROP_HEIGHT x CROP_WIDTH x 3 uint8 BGR

    @classmethod
    def gather(cls, photos: Iterable[tuple[Card, np.ndarray]]) -> EnrolmentCrops:
        """The crops of each photo (its card, N x H x W x 3 crops) in one set."""
        cards: list[Card] = []
        images = [np.zeros((0, CROP_HEIGHT, CROP_WIDTH, 3), np.uint8)]
        for card, crops in photos:
            cards.extend([card] * len(crops))
            images.append(crops)
        return cls(tuple(cards), np.concatenate(images))

    def fits_the_reader(self) -> bool:
        return self.images.shape[1:] == (CROP_HEIGHT, CROP_WIDTH, 3)


@dataclass(frozen=True)
class DeckPrototypes:
    cards: tuple[Card, ...]
    vectors: np.ndarray  # len(cards) x E, L2-normalised
    model: str  # fingerprint of the reader model whose features these are
    crops: EnrolmentCrops | None = None  # None in a deck file of format 3
    corners: CornerIndices | None = None  # which corners carry the index; None: not known

    def for_model(self, fingerprint: str, embed: Embedder) -> DeckPrototypes:
        """These prototypes as the reader model ``fingerprint`` sees them (features
        compare only within one model): themselves when that model made them, else made
        again from the kept crops with ``embed``, that model's features."""
        if fingerprint == self.model:
            return self
        if self.crops is None or not self.crops.fits_the_reader():
            raise EnrolmentError(
                "the deck file was made with another reader model: run companion teach again"
            )
        made = prototypes_from_crops(self.crops, embed, model=fingerprint)
        return dataclasses.replace(made, corners=self.corners)

    def with_corners(self, corners: CornerIndices | None) -> DeckPrototypes:
        return dataclasses.replace(self, corners=corners)

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
            arrays: dict[str, Any] = {
                "format": np.array(FILE_FORMAT),
                "cards": np.array([str(card) for card in self.cards]),
                "vectors": self.vectors.astype(np.float32),
                "model": np.array(self.model),
            }
            if self.corners is not None:
                arrays["corner_indices"] = np.array(self.corners.value)
            if self.crops is not None:
                arrays["crop_cards"] = np.array([str(card) for card in self.crops.cards])
                arrays["crops"] = self.crops.images.astype(np.uint8)
            np.savez_compressed(handle, **arrays)

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
                model = str(data["model"]) if made_as in FORMATS_READ else ""
                crop_names = [str(name) for name in data.get("crop_cards", [])]
                images = np.asarray(data["crops"]) if "crops" in data else None
                corners_named = str(data["corner_indices"]) if "corner_indices" in data else None
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
        if made_as not in FORMATS_READ:
            raise EnrolmentError(
                f"{path} was made by an older companion teach: run companion teach again"
            )
        if vectors.ndim != 2 or vectors.shape[0] != len(names) or not names:
            raise EnrolmentError(f"{path}: the deck file holds no usable prototypes")
        crops = None
        if images is not None and (
            images.dtype != np.uint8 or images.ndim != 4 or len(images) != len(crop_names)
        ):
            raise EnrolmentError(f"{path}: the deck file's crops are damaged")
        try:
            cards = tuple(Card.parse(name) for name in names)
            if images is not None:
                crops = EnrolmentCrops(tuple(Card.parse(name) for name in crop_names), images)
        except CardError as error:
            raise EnrolmentError(f"{path}: {error}") from None
        try:
            corners = CornerIndices(corners_named) if corners_named is not None else None
        except ValueError:
            raise EnrolmentError(
                f"{path}: the deck file's corner_indices is {corners_named!r}, "
                f"not one of {', '.join(kind.value for kind in CornerIndices)}"
            ) from None
        return cls(cards, vectors, model, crops, corners)


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


def deck_corners(evidence: Iterable[CornerIndices | None]) -> CornerIndices | None:
    """Which corners a deck prints its index in, from what each enrolment photo said
    (``CornersShown.evidence``): the kind that at least CORNER_AGREEMENT of the photos
    that said anything agree on, if MIN_CORNER_PHOTOS did; else None (not known)."""
    said = Counter(kind for kind in evidence if kind is not None)
    total = sum(said.values())
    if total < MIN_CORNER_PHOTOS:
        return None
    kind, count = said.most_common(1)[0]
    return kind if count >= CORNER_AGREEMENT * total else None


def prototypes_from_crops(crops: EnrolmentCrops, embed: Embedder, *, model: str) -> DeckPrototypes:
    """The prototypes of the chosen crops in the features ``embed`` gives (those of the
    reader model with fingerprint ``model``), keeping the crops."""
    embeddings = embed(crops.images) if len(crops.cards) else np.zeros((0, 1), np.float32)
    samples = ((card, embeddings[row : row + 1]) for row, card in enumerate(crops.cards))
    made = build_prototypes(samples, model=model)
    return DeckPrototypes(made.cards, made.vectors, model, crops)


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
