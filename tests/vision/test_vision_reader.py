"""The reader as a whole, and its looks and deck reading as it uses them."""

from __future__ import annotations

import numpy as np
import pytest

from companion.cards import DOUBLE104, FRENCH52, SHORT36, Card, Rank, parse_cards
from companion.tools.drawn import row_frame, table_frame
from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH
from companion.vision.labels import RANK_CLASSES, SUIT_CLASSES, rank_class
from companion.vision.looks import (
    spot_leaders,
)
from companion.vision.merging import CornerIndices
from companion.vision.model import DEFAULT_MODEL_PATH, IndexReader, Readings
from companion.vision.reader import CardReader
from companion.vision.reader_settings import ReaderSettings
from companion.vision.sources import CandidateSource
from tests.vision.readings import no_features as _no_features
from tests.vision.readings import one_hot as _one_hot
from tests.vision.readings import readings as _readings

LIVE = ReaderSettings(source=CandidateSource.DETECTOR)
PHOTOS = ReaderSettings(source=CandidateSource.GATED)


def test_a_prototype_match_is_kept_below_the_readers_threshold() -> None:
    from companion.cards import Card, Rank
    from companion.vision.enrolment import MIN_SIMILARITY, DeckPrototypes

    queen = np.array([1.0, 0.0, 0.0, 0.0], dtype=np.float32)
    close = np.array([MIN_SIMILARITY + 0.02, np.sqrt(1 - (MIN_SIMILARITY + 0.02) ** 2), 0, 0])
    far = np.array([0.0, 0.0, 1.0, 0.0])
    model = IndexReader(DEFAULT_MODEL_PATH).fingerprint
    prototypes = DeckPrototypes((Card.parse("QH"), Card.parse("7S")), np.stack([queen, far]), model)
    reader = CardReader(prototypes=prototypes)
    unsure_queen = _one_hot(RANK_CLASSES, rank_class(Rank.QUEEN), 0.8)  # below the threshold
    hearts = _one_hot(SUIT_CLASSES, 1, 0.999)
    readings = Readings(
        np.array([unsure_queen, unsure_queen], dtype=np.float32),
        np.array([hearts, hearts], dtype=np.float32),
    )
    features = np.stack([close, np.array([0.0, 0.0, 0.0, 1.0])]).astype(np.float32)
    asked: list[list[int]] = []

    def features_of(rows: np.ndarray) -> np.ndarray:
        asked.append(rows.tolist())
        chosen: np.ndarray = features[rows]
        return chosen

    reads = reader.deck_reading.reads(readings, features_of)
    assert [(str(read.card), read.row) for read in reads] == [("QH", 0)]
    assert asked == [[0, 1]]  # once, for the rows a prototype may name
    assert reader.min_confidence > 0.8  # row 1: no prototype near, and too unsure


def test_prototypes_of_another_model_are_made_again_with_the_readers_features() -> None:
    from companion.vision.enrolment import DeckPrototypes, EnrolmentCrops, prototypes_from_crops

    rng = np.random.default_rng(2)
    crops = EnrolmentCrops.gather(
        [
            (Card.parse("QH"), rng.integers(0, 256, (3, CROP_HEIGHT, CROP_WIDTH, 3), np.uint8)),
            (Card.parse("7S"), rng.integers(0, 256, (2, CROP_HEIGHT, CROP_WIDTH, 3), np.uint8)),
        ]
    )
    stale = DeckPrototypes(
        (Card.parse("7S"), Card.parse("QH")), np.eye(2, 8, dtype=np.float32), "other", crops
    )
    reader = CardReader(prototypes=stale)
    assert reader.prototypes is not None
    assert reader.prototypes.model == reader.model.fingerprint
    expected = prototypes_from_crops(crops, reader.embed, model=reader.model.fingerprint)
    np.testing.assert_allclose(reader.prototypes.vectors, expected.vectors, rtol=1e-6)
    assert reader.prototypes.vectors.shape[1] > 8  # the model's features, not the stale ones


def test_each_candidate_source_reads_at_its_own_swept_threshold() -> None:
    from companion.vision.reader_settings import LIVE_MIN_CONFIDENCE, MIN_CONFIDENCE

    assert CardReader(settings=LIVE).min_confidence == LIVE_MIN_CONFIDENCE
    assert CardReader(settings=PHOTOS).min_confidence == MIN_CONFIDENCE
    chosen = CardReader(
        settings=ReaderSettings(source=CandidateSource.DETECTOR, min_confidence=0.5)
    )
    assert chosen.min_confidence == 0.5


def test_a_new_deck_changes_the_ranks_read_and_the_copies_kept() -> None:
    two = _one_hot(RANK_CLASSES, rank_class(Rank.TWO), 0.99)
    seven = _one_hot(RANK_CLASSES, rank_class(Rank.SEVEN), 0.98)
    spade = _one_hot(SUIT_CLASSES, 0, 0.999)
    readings = _readings([two, seven], [spade, spade])
    reader = CardReader()
    assert [read.card for read in reader.deck_reading.reads(readings, _no_features)] == [
        Card.parse("2S"),
        Card.parse("7S"),
    ]
    reader.use_deck(SHORT36)
    assert reader.deck is SHORT36
    assert [read.card for read in reader.deck_reading.reads(readings, _no_features)] == [
        Card.parse("7S")
    ]
    reader.use_deck(DOUBLE104)
    assert reader.deck.copies == 2
    assert [read.card for read in reader.deck_reading.reads(readings, _no_features)] == [
        Card.parse("2S"),
        Card.parse("7S"),
    ]


def test_a_live_frame_cuts_only_the_crops_it_reads() -> None:
    frame, _ = table_frame([Card.parse(text) for text in ("2S", "9D", "KH")], seed=4)
    reader = CardReader(settings=LIVE)
    candidates = reader.find(frame)
    readings = reader.looks.first(candidates)
    assert "crops" not in candidates.__dict__  # cached_property's slot: never all cut
    leads = np.nonzero(spot_leaders(candidates) == np.arange(len(candidates)))[0]
    assert 0 < leads.size < len(candidates)
    everything = reader.model.read(candidates.crops)
    assert np.allclose(readings.rank_probs[leads], everything.rank_probs[leads], atol=1e-6)


@pytest.mark.parametrize("source", list(CandidateSource))
def test_slivers_and_single_pixels_give_no_cards_from_any_source(
    source: CandidateSource,
) -> None:
    reader = CardReader(settings=ReaderSettings(source=source))
    for height, width in [(1, 1), (3, 3750), (11, 20000), (4000, 5), (12, 1280), (40, 9000)]:
        frame = np.full((height, width, 3), 200, np.uint8)
        assert reader.read(frame) == [], (height, width)


@pytest.mark.parametrize("source", [CandidateSource.GATED, CandidateSource.DETECTOR])
@pytest.mark.parametrize(("card", "angle"), [("7H", 0.0), ("KS", 30.0)])
def test_two_copies_dealt_side_by_side_are_two_cards_with_two_packs(
    source: CandidateSource, card: str, angle: float
) -> None:
    # a hand of two copies a little apart: each one's upper index lies where a four-index
    # card's other upper index could, and its far corner shows that it is not
    frame, _ = row_frame([Card.parse(card)] * 2, step=1.15, angle=angle, card_height=170)
    reader = CardReader(settings=ReaderSettings(source=source))
    reader.use_deck(DOUBLE104)
    assert [str(detection.card) for detection in reader.read(frame)] == [card, card]
    reader.use_deck(FRENCH52)
    assert [str(detection.card) for detection in reader.read(frame)] == [card]


@pytest.mark.parametrize("corners", list(CornerIndices))
@pytest.mark.parametrize(("card", "angle"), [("QH", 5.0), ("7C", 190.0), ("10S", 100.0)])
def test_a_photo_of_one_card_shows_which_corners_carry_its_index(
    corners: CornerIndices, card: str, angle: float
) -> None:
    photo = _photo_of(Card.parse(card), angle, corners)
    reader = CardReader(
        settings=ReaderSettings(source=CandidateSource.BLOBS)
    )  # as companion teach reads
    assert reader.corners_shown(photo, Card.parse(card)).evidence() is corners
    assert reader.corners_shown(photo, Card.parse("2D")).evidence() is None  # not in it


def _photo_of(card: Card, angle: float, corners: CornerIndices) -> np.ndarray:
    frame, _ = row_frame(
        [card], step=1.0, angle=angle, width=640, height=480, card_height=300, corners=corners
    )
    return frame


def test_the_corners_a_deck_file_learned_count_unless_the_caller_says_otherwise() -> None:
    from companion.vision.enrolment import DeckPrototypes

    model = IndexReader(DEFAULT_MODEL_PATH).fingerprint
    taught = DeckPrototypes((Card.parse("QH"),), np.eye(1, 8, dtype=np.float32), model)
    assert CardReader().corners_of_deck is CornerIndices.FOUR  # not known
    assert CardReader(prototypes=taught).corners_of_deck is CornerIndices.FOUR
    two = taught.with_corners(CornerIndices.TWO)
    assert CardReader(prototypes=two).corners_of_deck is CornerIndices.TWO
    said = CardReader(prototypes=two, settings=ReaderSettings(corner_indices=CornerIndices.FOUR))
    assert said.corners_of_deck is CornerIndices.FOUR


def test_looked_at_gives_every_candidates_reading_before_the_merge() -> None:
    frame, placed = table_frame(list(parse_cards("2S 9D")), card_height=160.0, seed=3)
    reader = CardReader(settings=LIVE)
    looked = reader.looked_at(frame)
    assert looked.scale == 1.0
    assert looked.readings.rank_probs.shape == (len(looked.candidates), RANK_CLASSES)
    confidence = looked.readings.rank_probs[:, 1:].max(axis=1)
    sure = looked.readings.rank_probs.argmax(axis=1)[confidence >= 0.9]
    assert {rank_class(card.rank) for card in (p.card for p in placed)} <= set(sure.tolist())
    sliver = reader.looked_at(np.zeros((6, 400, 3), np.uint8))
    assert len(sliver.candidates) == 0 and sliver.readings.rank_probs.shape[0] == 0
