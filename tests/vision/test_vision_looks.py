"""The looks at a frame's candidates: first reads by spot, the second look at uncertain
reads, and the live frames' third look at other sizes and turns."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from companion.cards import FRENCH52, Card, Rank
from companion.vision.deck_reading import DeckReading
from companion.vision.finder import Candidates
from companion.vision.labels import RANK_CLASSES, SUIT_CLASSES, rank_class
from companion.vision.looks import (
    RECUT_JITTERS,
    RECUT_MIN_CONFIDENCE,
    SECOND_LOOK_JITTERS,
    SECOND_LOOK_UNTIL,
    TURN_LOOK_HEAT,
    TURN_LOOK_JITTERS,
    CropReader,
    Looks,
    cosines,
    spot_leaders,
)
from companion.vision.model import Readings
from companion.vision.reader_settings import LIVE_MIN_CONFIDENCE, MIN_CONFIDENCE
from companion.vision.sources import CandidateSource
from tests.vision.readings import BLANK
from tests.vision.readings import no_features as _no_features
from tests.vision.readings import one_hot as _one_hot
from tests.vision.readings import readings as _readings


def _live(model: CropReader, *, threshold: float = LIVE_MIN_CONFIDENCE) -> Looks:
    return Looks(model, CandidateSource.DETECTOR, threshold)


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
    model = _SecondLookModel(second_rank, second_suit)
    result = Looks(model, CandidateSource.GATED, MIN_CONFIDENCE).second(image, candidates, first)
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
    model = _CountingModel()
    readings = Looks(model, CandidateSource.GATED, MIN_CONFIDENCE).first(candidates)
    assert model.shown == [3, 1]  # the three leaders, then the unsure one's follower
    assert readings.rank_probs[1].argmax() == 0  # skipped: no index
    assert readings.rank_probs[3].argmax() == rank_class(Rank.SEVEN)
    everything = model.read(candidates.crops)
    for row in (0, 2, 3, 4):
        assert np.allclose(readings.rank_probs[row], everything.rank_probs[row])
        assert np.allclose(readings.suit_probs[row], everything.suit_probs[row])


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
    recut, result = _live(model).third(image, candidates, first)
    assert model.shown == [2 * len(RECUT_JITTERS)]
    np.testing.assert_allclose(result.rank_probs[1], cut_ranks[2])
    np.testing.assert_allclose(result.rank_probs[[0, 2]], first.rank_probs[[0, 2]])
    np.testing.assert_allclose(recut.heights, [40, 40 * RECUT_JITTERS[1].scale, 40], rtol=1e-6)
    np.testing.assert_array_equal(recut.centres, candidates.centres)
    # read at a lower threshold (as the sweep reads), the third look still takes the reads
    # under the source's own
    low = _live(_ScriptedModel(_readings(cut_ranks, [hearts] * len(cut_ranks))), threshold=0.3)
    np.testing.assert_allclose(low.third(image, candidates, first)[1].rank_probs[1], cut_ranks[2])
    # the photos' source keeps its reads as they are
    photos = Looks(_ScriptedModel(), CandidateSource.GATED, MIN_CONFIDENCE)
    kept_candidates, kept_readings = photos.third(image, candidates, first)
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
    recut, result = _live(model).third(image, candidates, first)
    assert model.shown == [len(TURN_LOOK_JITTERS)]  # row 0 alone, once per turn
    np.testing.assert_allclose(result.rank_probs[0], turned_ranks[2])
    np.testing.assert_allclose(result.rank_probs[1:], first.rank_probs[1:])
    turn = np.radians(TURN_LOOK_JITTERS[2].degrees)
    np.testing.assert_allclose(recut.down[0], [-np.sin(turn), np.cos(turn)], atol=1e-6)
    np.testing.assert_array_equal(recut.down[1:], candidates.down[1:])
    np.testing.assert_array_equal(recut.heat, candidates.heat)
    reads = DeckReading(FRENCH52, LIVE_MIN_CONFIDENCE).reads(result, _no_features)
    assert [read.card for read in reads] == [Card.parse("QH"), Card.parse("7H")]
    # turned cuts that are no surer leave the read as it was
    unsure = _one_hot(RANK_CLASSES, rank_class(Rank.QUEEN), 0.99)
    no_surer = _ScriptedModel(
        _readings([unsure] * len(TURN_LOOK_JITTERS), [hearts] * len(TURN_LOOK_JITTERS))
    )
    kept, kept_readings = _live(no_surer).third(image, candidates, first)
    np.testing.assert_array_equal(kept.down, candidates.down)
    np.testing.assert_allclose(kept_readings.rank_probs, first.rank_probs)


def test_candidates_no_detector_marked_are_not_turned() -> None:
    image, candidates = _three_candidates()  # the blob finder's: no heat
    no_index = _one_hot(RANK_CLASSES, 0, 0.99999)
    first = _readings([no_index] * 3, [_one_hot(SUIT_CLASSES, 1, 0.99999)] * 3)
    recut, result = _live(_ScriptedModel()).third(image, candidates, first)
    assert recut is candidates and result is first


@given(
    st.lists(st.floats(0.0, 2 * np.pi), min_size=1, max_size=40),
    st.lists(st.floats(0.0, 2 * np.pi), min_size=1, max_size=40),
)
def test_the_cosines_of_unit_vectors_are_those_of_a_float64_sum(
    some_angles: list[float], every_angles: list[float]
) -> None:
    def unit(angles: list[float]) -> np.ndarray:
        return np.stack([np.cos(angles), np.sin(angles)], axis=1).astype(np.float32)

    some, every = unit(some_angles), unit(every_angles)
    # the flags numpy warns of by default (underflow it ignores) raised by the sum itself
    with np.errstate(over="raise", divide="raise", invalid="raise"):
        found = cosines(some, every)
    exact = np.einsum("ik,jk->ij", some.astype(np.float64), every.astype(np.float64))
    assert found.shape == (len(some), len(every))
    assert np.abs(found - exact).max() < 1e-6
