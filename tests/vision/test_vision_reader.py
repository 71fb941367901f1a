"""The reader's second look at uncertain reads."""

from __future__ import annotations

import numpy as np
import pytest

from companion.cards import DOUBLE104, FRENCH52, SHORT36, Card, Rank, parse_cards
from companion.vision.drawn import row_frame, table_frame
from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH, Candidates
from companion.vision.labels import RANK_CLASSES, SUIT_CLASSES, rank_class
from companion.vision.merging import CornerIndices
from companion.vision.model import DEFAULT_MODEL_PATH, IndexReader, Readings
from companion.vision.reader import (
    RECUT_JITTERS,
    RECUT_MIN_CONFIDENCE,
    SECOND_LOOK_JITTERS,
    SECOND_LOOK_UNTIL,
    TURN_LOOK_HEAT,
    TURN_LOOK_JITTERS,
    CardReader,
    spot_leaders,
)
from companion.vision.sources import CandidateSource

# the image of candidates whose crops the test never looks at
BLANK = np.zeros((8, 8, 3), np.uint8)


def _readings(rank_rows: list[list[float]], suit_rows: list[list[float]]) -> Readings:
    return Readings(np.array(rank_rows, dtype=np.float32), np.array(suit_rows, dtype=np.float32))


def _no_features(rows: np.ndarray) -> np.ndarray:
    raise AssertionError("features asked for without a deck file")


def _one_hot(size: int, hot: int, value: float) -> list[float]:
    row = [(1.0 - value) / (size - 1)] * size
    row[hot] = value
    return row


class _SecondLookModel:
    """Answers every extra cut with the same reading and records the crops it was shown."""

    def __init__(self, rank_row: list[float], suit_row: list[float]) -> None:
        self.rank_row = rank_row
        self.suit_row = suit_row
        self.shown: list[int] = []

    def read(self, crops: np.ndarray) -> Readings:
        self.shown.append(int(crops.shape[0]))
        count = crops.shape[0]
        return _readings([self.rank_row] * count, [self.suit_row] * count)


def _three_candidates() -> tuple[np.ndarray, Candidates]:
    """A plain grey image and three candidates on it, 40 px tall, the last sideways."""
    image = np.full((200, 300, 3), 200, dtype=np.uint8)
    return image, Candidates(
        centres=np.array([[60, 60], [150, 100], [240, 120]], dtype=np.float32),
        down=np.array([[0, 1], [0, 1], [1, 0]], dtype=np.float32),
        heights=np.full(3, 40, dtype=np.float32),
        image=image,
    )


def test_only_uncertain_reads_are_looked_at_again_and_averaged() -> None:
    image, candidates = _three_candidates()
    certain = _one_hot(RANK_CLASSES, 5, 0.99999)
    certain_suit = _one_hot(SUIT_CLASSES, 1, 0.99999)
    assert SECOND_LOOK_UNTIL <= 0.99999 * 0.99999  # so the first row is past the second look
    unsure = _one_hot(RANK_CLASSES, 10, 0.55)
    nothing = _one_hot(RANK_CLASSES, 0, 0.999)
    first = _readings(
        [certain, unsure, nothing],
        [certain_suit, _one_hot(SUIT_CLASSES, 1, 0.999), _one_hot(SUIT_CLASSES, 1, 0.999)],
    )
    second_rank = _one_hot(RANK_CLASSES, 11, 0.9)
    second_suit = _one_hot(SUIT_CLASSES, 2, 0.9)
    reader = CardReader()
    model = _SecondLookModel(second_rank, second_suit)
    reader.model = model  # type: ignore[assignment]
    result = reader._second_look(image, candidates, first)
    looks = len(SECOND_LOOK_JITTERS) + 1
    assert model.shown == [len(SECOND_LOOK_JITTERS)]  # one cut per jitter, one row only
    np.testing.assert_allclose(result.rank_probs[0], certain)
    np.testing.assert_allclose(result.rank_probs[2], nothing)
    expected = (np.array(unsure) + (looks - 1) * np.array(second_rank)) / looks
    np.testing.assert_allclose(result.rank_probs[1], expected, rtol=1e-5)
    expected_suit = (
        np.array(_one_hot(SUIT_CLASSES, 1, 0.999)) + (looks - 1) * np.array(second_suit)
    ) / looks
    np.testing.assert_allclose(result.suit_probs[1], expected_suit, rtol=1e-5)


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

    reads = reader._reads(readings, features_of)
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
    from companion.vision.reader import LIVE_MIN_CONFIDENCE, MIN_CONFIDENCE

    assert CardReader(source=CandidateSource.DETECTOR).min_confidence == LIVE_MIN_CONFIDENCE
    assert CardReader(source=CandidateSource.GATED).min_confidence == MIN_CONFIDENCE
    chosen = CardReader(source=CandidateSource.DETECTOR, min_confidence=0.5)
    assert chosen.min_confidence == 0.5


def test_a_new_deck_changes_the_ranks_read_and_the_copies_kept() -> None:
    two = _one_hot(RANK_CLASSES, rank_class(Rank.TWO), 0.99)
    seven = _one_hot(RANK_CLASSES, rank_class(Rank.SEVEN), 0.98)
    spade = _one_hot(SUIT_CLASSES, 0, 0.999)
    readings = _readings([two, seven], [spade, spade])
    reader = CardReader()
    assert [read.card for read in reader._reads(readings, _no_features)] == [
        Card.parse("2S"),
        Card.parse("7S"),
    ]
    reader.use_deck(SHORT36)
    assert reader.deck is SHORT36
    assert [read.card for read in reader._reads(readings, _no_features)] == [Card.parse("7S")]
    reader.use_deck(DOUBLE104)
    assert reader.deck.copies == 2
    assert [read.card for read in reader._reads(readings, _no_features)] == [
        Card.parse("2S"),
        Card.parse("7S"),
    ]


def _spot_candidates(rows: list[tuple[float, float, float, float, float]]) -> Candidates:
    """Candidates from (x, y, down x, down y, height) rows."""
    table = np.array(rows, dtype=np.float32)
    return Candidates(
        centres=table[:, :2].copy(),
        down=table[:, 2:4].copy(),
        heights=table[:, 4].copy(),
        image=BLANK,
    )


def test_a_candidate_cut_again_at_an_earlier_ones_spot_follows_it() -> None:
    candidates = _spot_candidates(
        [
            (100, 100, 0, 1, 40),  # leads
            (103, 102, 0.1, 0.995, 52),  # another look at the same index
            (100, 100, 0, -1, 40),  # the same spot read the other way round
            (100, 100, 0, 1, 100),  # a much larger crop at that spot
            (100, 130, 0, 1, 40),  # the next index of a stack
            (104, 101, 0, 1, 38),  # one more look at the first
        ]
    )
    assert spot_leaders(candidates).tolist() == [0, 0, 2, 3, 4, 0]


class _CountingModel:
    """Reads a candidate by its crop's first pixel: 1 is a sure 7S, 2 an unsure 7S, 0 no
    index; records how many crops it was shown."""

    def __init__(self) -> None:
        self.shown: list[int] = []

    def read(self, crops: np.ndarray) -> Readings:
        self.shown.append(int(crops.shape[0]))
        kinds = crops[:, 0, 0, 0].tolist()
        sure = _one_hot(RANK_CLASSES, rank_class(Rank.SEVEN), 0.99999)
        unsure = _one_hot(RANK_CLASSES, rank_class(Rank.SEVEN), 0.7)
        nothing = _one_hot(RANK_CLASSES, 0, 0.999)
        ranks = [[nothing, sure, unsure][kind] for kind in kinds]
        return _readings(ranks, [_one_hot(SUIT_CLASSES, 0, 0.99999)] * len(kinds))


def test_only_candidates_at_the_spot_of_a_sure_read_are_skipped() -> None:
    candidates = _spot_candidates(
        [
            (100, 100, 0, 1, 40),  # sure: the next one at its spot is not read
            (102, 101, 0, 1, 50),
            (300, 100, 0, 1, 40),  # unsure: the next one at its spot is read
            (302, 101, 0, 1, 50),
            (500, 100, 0, 1, 40),  # alone
        ]
    )
    for row, kind in enumerate([1, 1, 2, 1, 0]):
        candidates.crops[row, 0, 0, 0] = kind
    reader = CardReader()
    model = _CountingModel()
    reader.model = model  # type: ignore[assignment]
    readings = reader._read_in_turn(candidates)
    assert model.shown == [3, 1]  # the three leaders, then the unsure one's follower
    assert readings.rank_probs[1].argmax() == 0  # skipped: no index
    assert readings.rank_probs[3].argmax() == rank_class(Rank.SEVEN)
    everything = model.read(candidates.crops)
    for row in (0, 2, 3, 4):
        assert np.allclose(readings.rank_probs[row], everything.rank_probs[row])
        assert np.allclose(readings.suit_probs[row], everything.suit_probs[row])


def test_a_live_frame_cuts_only_the_crops_it_reads() -> None:
    frame, _ = table_frame([Card.parse(text) for text in ("2S", "9D", "KH")], seed=4)
    reader = CardReader(source=CandidateSource.DETECTOR)
    candidates = reader.find(frame)
    readings = reader._read_in_turn(candidates)
    assert "crops" not in candidates.__dict__  # cached_property's slot: never all cut
    leads = np.nonzero(spot_leaders(candidates) == np.arange(len(candidates)))[0]
    assert 0 < leads.size < len(candidates)
    everything = reader.model.read(candidates.crops)
    assert np.allclose(readings.rank_probs[leads], everything.rank_probs[leads], atol=1e-6)


@pytest.mark.parametrize("source", list(CandidateSource))
def test_slivers_and_single_pixels_give_no_cards_from_any_source(
    source: CandidateSource,
) -> None:
    reader = CardReader(source=source)
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
    reader = CardReader(source=source)
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
    reader = CardReader(source=CandidateSource.BLOBS)  # as companion teach reads
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
    said = CardReader(prototypes=two, corner_indices=CornerIndices.FOUR)
    assert said.corners_of_deck is CornerIndices.FOUR


class _ScriptedModel:
    """Answers each read with the next of the given readings, recording the crops shown."""

    def __init__(self, *answers: Readings) -> None:
        self.answers = list(answers)
        self.shown: list[int] = []

    def read(self, crops: np.ndarray) -> Readings:
        self.shown.append(int(crops.shape[0]))
        return self.answers.pop(0)


def test_a_read_under_the_threshold_takes_a_much_surer_cut_at_another_size_or_turn() -> None:
    image, candidates = _three_candidates()
    hearts = _one_hot(SUIT_CLASSES, 1, 0.99999)
    first = _readings(
        [
            _one_hot(RANK_CLASSES, 5, 0.99999),  # read for sure: no third look
            _one_hot(RANK_CLASSES, 10, 0.5),
            _one_hot(RANK_CLASSES, 7, 0.6),
        ],
        [hearts] * 3,
    )
    # the cuts come jitter by jitter, each with both unsure rows: the larger cut (the
    # second jitter) reads row 1 as a queen for sure; row 2's best cut is not sure enough
    assert RECUT_JITTERS[1].scale > 1 and RECUT_MIN_CONFIDENCE > 0.99
    faint = _one_hot(RANK_CLASSES, 3, 0.3)
    cut_ranks = [faint] * (2 * len(RECUT_JITTERS))
    cut_ranks[2] = _one_hot(RANK_CLASSES, rank_class(Rank.QUEEN), 0.99999)
    cut_ranks[3] = _one_hot(RANK_CLASSES, 9, 0.99)
    model = _ScriptedModel(_readings(cut_ranks, [hearts] * len(cut_ranks)))
    reader = CardReader(source=CandidateSource.DETECTOR)
    reader.model = model  # type: ignore[assignment]
    recut, result = reader._recut(image, candidates, first)
    assert model.shown == [2 * len(RECUT_JITTERS)]
    np.testing.assert_allclose(result.rank_probs[1], cut_ranks[2])
    np.testing.assert_allclose(result.rank_probs[[0, 2]], first.rank_probs[[0, 2]])
    np.testing.assert_allclose(recut.heights, [40, 40 * RECUT_JITTERS[1].scale, 40], rtol=1e-6)
    np.testing.assert_array_equal(recut.centres, candidates.centres)
    # read at a lower threshold (as the sweep reads), the third look still takes the reads
    # under the source's own
    low = CardReader(source=CandidateSource.DETECTOR, min_confidence=0.3)
    low.model = _ScriptedModel(_readings(cut_ranks, [hearts] * len(cut_ranks)))  # type: ignore[assignment]
    np.testing.assert_allclose(low._recut(image, candidates, first)[1].rank_probs[1], cut_ranks[2])
    # the photos' source keeps its reads as they are
    photos = CardReader(source=CandidateSource.GATED)
    photos.model = _ScriptedModel()  # type: ignore[assignment]
    kept_candidates, kept_readings = photos._recut(image, candidates, first)
    assert kept_candidates is candidates and kept_readings is first


def test_a_spot_marked_surely_but_read_as_no_index_takes_a_sure_turned_cut() -> None:
    image = np.full((200, 300, 3), 200, dtype=np.uint8)
    marked, cold = TURN_LOOK_HEAT + 0.5, TURN_LOOK_HEAT - 0.1
    candidates = Candidates(
        centres=np.array([[60, 60], [150, 100], [240, 120], [61, 61]], dtype=np.float32),
        down=np.array([[0, 1], [0, 1], [1, 0], [0, 1]], dtype=np.float32),
        heights=np.full(4, 40, dtype=np.float32),
        image=image,
        heat=np.array([marked, cold, marked, marked], dtype=np.float32),
    )
    no_index = _one_hot(RANK_CLASSES, 0, 0.99999)
    hearts = _one_hot(SUIT_CLASSES, 1, 0.99999)
    # row 0: marked, read as no index; row 1: the same but hardly marked; row 2: read as
    # a card for sure; row 3: another look at row 0's spot, which row 0 leads
    first = _readings(
        [no_index, no_index, _one_hot(RANK_CLASSES, rank_class(Rank.SEVEN), 0.99999), no_index],
        [hearts] * 4,
    )
    assert spot_leaders(candidates).tolist() == [0, 1, 2, 0]
    # the cuts come turn by turn; the third turn reads a queen for sure
    turned_ranks = [no_index] * len(TURN_LOOK_JITTERS)
    turned_ranks[2] = _one_hot(RANK_CLASSES, rank_class(Rank.QUEEN), 0.99999)
    model = _ScriptedModel(_readings(turned_ranks, [hearts] * len(turned_ranks)))
    reader = CardReader(source=CandidateSource.DETECTOR)
    reader.model = model  # type: ignore[assignment]
    recut, result = reader._recut(image, candidates, first)
    assert model.shown == [len(TURN_LOOK_JITTERS)]  # row 0 alone, once per turn
    np.testing.assert_allclose(result.rank_probs[0], turned_ranks[2])
    np.testing.assert_allclose(result.rank_probs[1:], first.rank_probs[1:])
    turn = np.radians(TURN_LOOK_JITTERS[2].degrees)
    np.testing.assert_allclose(recut.down[0], [-np.sin(turn), np.cos(turn)], atol=1e-6)
    np.testing.assert_array_equal(recut.down[1:], candidates.down[1:])
    np.testing.assert_array_equal(recut.heat, candidates.heat)
    reads = reader._reads(result, _no_features)
    assert [read.card for read in reads] == [Card.parse("QH"), Card.parse("7H")]
    # turned cuts that are no surer leave the read as it was
    unsure = _one_hot(RANK_CLASSES, rank_class(Rank.QUEEN), 0.99)
    reader.model = _ScriptedModel(  # type: ignore[assignment]
        _readings([unsure] * len(TURN_LOOK_JITTERS), [hearts] * len(TURN_LOOK_JITTERS))
    )
    kept, kept_readings = reader._recut(image, candidates, first)
    np.testing.assert_array_equal(kept.down, candidates.down)
    np.testing.assert_allclose(kept_readings.rank_probs, first.rank_probs)


def test_candidates_no_detector_marked_are_not_turned() -> None:
    image, candidates = _three_candidates()  # the blob finder's: no heat
    no_index = _one_hot(RANK_CLASSES, 0, 0.99999)
    first = _readings([no_index] * 3, [_one_hot(SUIT_CLASSES, 1, 0.99999)] * 3)
    reader = CardReader(source=CandidateSource.DETECTOR)
    reader.model = _ScriptedModel()  # type: ignore[assignment]
    recut, result = reader._recut(image, candidates, first)
    assert recut is candidates and result is first


def test_looked_at_gives_every_candidates_reading_before_the_merge() -> None:
    frame, placed = table_frame(list(parse_cards("2S 9D")), card_height=160.0, seed=3)
    reader = CardReader(source=CandidateSource.DETECTOR)
    looked = reader.looked_at(frame)
    assert looked.scale == 1.0
    assert looked.readings.rank_probs.shape == (len(looked.candidates), RANK_CLASSES)
    confidence = looked.readings.rank_probs[:, 1:].max(axis=1)
    sure = looked.readings.rank_probs.argmax(axis=1)[confidence >= 0.9]
    assert {rank_class(card.rank) for card in (p.card for p in placed)} <= set(sure.tolist())
    sliver = reader.looked_at(np.zeros((6, 400, 3), np.uint8))
    assert len(sliver.candidates) == 0 and sliver.readings.rank_probs.shape[0] == 0
