"""The reader's second look: the suit's colour on the index's pixels, and the far corner."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from companion.cards import Card, Suit, parse_cards
from companion.tools.drawn import table_frame
from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH, crop_quad
from companion.vision.merging import Detection, Doubt
from companion.vision.reader import CardReader
from companion.vision.reader_settings import ReaderSettings
from companion.vision.second_look import (
    CARD_HEIGHT,
    CARD_WIDTH,
    SecondLookSettings,
    SuitColour,
    edge_blur,
    far_corners,
    ink_colour,
    second_look,
)
from companion.vision.sources import CandidateSource

PAPER_BGR = (245, 250, 250)
RED_INK_BGR = (40, 30, 200)
BLACK_INK_BGR = (25, 25, 25)
GREEN_BOARD_BGR = (60, 140, 40)
SETTINGS = SecondLookSettings()


def _index_crop(ink: tuple[int, int, int], *, light: float = 1.0) -> np.ndarray:
    """A crop of paper with a glyph bar and a pip square of ``ink``, the top rows the
    board round the card, all at ``light``."""
    crop = np.empty((CROP_HEIGHT, CROP_WIDTH, 3), np.float32)
    crop[:] = PAPER_BGR
    crop[:6] = GREEN_BOARD_BGR
    crop[12:22, 12:20] = ink  # the rank
    crop[28:36, 11:21] = ink  # the pip
    lit: np.ndarray = np.clip(crop * light, 0, 255).astype(np.uint8)
    return lit


def test_the_ink_of_an_index_is_red_or_black_under_any_light() -> None:
    for light in (1.0, 0.6, 0.3):
        assert ink_colour(_index_crop(RED_INK_BGR, light=light), SETTINGS) is SuitColour.RED
        assert ink_colour(_index_crop(BLACK_INK_BGR, light=light), SETTINGS) is SuitColour.BLACK


def test_no_colour_is_told_of_plain_paper_a_dark_crop_or_ink_of_both_colours() -> None:
    paper = np.full((CROP_HEIGHT, CROP_WIDTH, 3), PAPER_BGR, np.uint8)
    assert ink_colour(paper, SETTINGS) is None
    assert ink_colour(_index_crop(BLACK_INK_BGR, light=0.05), SETTINGS) is None
    both = _index_crop(RED_INK_BGR)
    both[28:36, 11:21] = BLACK_INK_BGR
    assert ink_colour(both, SETTINGS) is None


def test_a_lamps_warm_tint_does_not_turn_black_ink_red() -> None:
    warm = _index_crop(BLACK_INK_BGR).astype(np.float32) * np.array([0.6, 0.85, 1.0])
    assert ink_colour(warm.astype(np.uint8), SETTINGS) is SuitColour.BLACK


@given(
    x=st.floats(-500, 500),
    y=st.floats(-500, 500),
    angle=st.floats(0, 2 * np.pi),
    height=st.floats(8, 120),
)
def test_the_far_corner_of_the_far_corner_is_the_index_itself(
    x: float, y: float, angle: float, height: float
) -> None:
    centre = np.array([x, y], np.float32)
    down = np.array([np.cos(angle), np.sin(angle)], np.float32)
    far = far_corners([crop_quad(centre, down, height)])
    back = far_corners([crop_quad(far.centres[0], far.down[0], float(far.heights[0]))])
    np.testing.assert_allclose(back.centres[0], centre, atol=1e-2 * height + 1e-3)
    np.testing.assert_allclose(back.down[0], down, atol=1e-4)
    np.testing.assert_allclose(far.down[0], -down, atol=1e-4)
    assert np.linalg.norm(far.centres[0] - centre) > 3 * height  # across the card


class _FarReader:
    """Reads every far corner as ``card`` (None: nothing), and counts the crops asked."""

    def __init__(self, card: Card | None) -> None:
        self.card = card
        self.asked = 0

    def far_cards(self, crops: np.ndarray, min_confidence: float) -> list[Card | None]:
        self.asked += crops.shape[0]
        return [self.card] * crops.shape[0]


def _frame_with_index(ink: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """A frame of paper with one upright index (BGR), and its box."""
    frame = np.full((400, 300, 3), PAPER_BGR, np.uint8)
    frame[40 : 40 + CROP_HEIGHT, 30 : 30 + CROP_WIDTH] = _index_crop(ink)
    centre = np.array([30 + CROP_WIDTH / 2, 40 + CROP_HEIGHT / 2], np.float32)
    return frame, crop_quad(centre, np.array([0.0, 1.0], np.float32), float(CROP_HEIGHT))


def test_a_read_whose_ink_is_the_other_colour_is_doubted_never_changed() -> None:
    frame, quad = _frame_with_index(BLACK_INK_BGR)
    read = Detection(Card.parse("7H"), 0.999, quad, 1)
    (looked,) = second_look(frame, [read], _FarReader(None))
    assert looked.doubt is Doubt.SUIT_COLOUR
    assert (looked.card, looked.confidence) == (read.card, read.confidence)
    (agreed,) = second_look(frame, [Detection(Card.parse("7S"), 0.999, quad, 1)], _FarReader(None))
    assert agreed.doubt is None


def _with_far_index(frame: np.ndarray, quad: np.ndarray, ink: tuple[int, int, int]) -> None:
    """Print an index (turned half round) at the far corner of the card of ``quad``."""
    far = far_corners([quad])
    x, y = (round(float(v)) for v in far.centres[0])
    turned = _index_crop(ink)[::-1, ::-1]
    top, left = y - CROP_HEIGHT // 2, x - CROP_WIDTH // 2
    frame[top : top + CROP_HEIGHT, left : left + CROP_WIDTH] = turned


def test_a_far_corner_that_reads_another_card_makes_the_read_unsure() -> None:
    frame, quad = _frame_with_index(RED_INK_BGR)
    _with_far_index(frame, quad, RED_INK_BGR)
    read = Detection(Card.parse("7H"), 0.999, quad, 1)
    (other,) = second_look(frame, [read], _FarReader(Card.parse("2H")))
    assert other.doubt is Doubt.OTHER_CORNER
    assert other.card == read.card
    for answer in (Card.parse("7H"), None):
        (looked,) = second_look(frame, [read], _FarReader(answer))
        assert looked.doubt is None


def test_a_far_corner_washed_out_by_glare_is_no_answer() -> None:
    # a lamp's glare leaves the far corner white, no ink: whatever it reads as, it does
    # not doubt the index read in plain light
    frame, quad = _frame_with_index(RED_INK_BGR)
    _with_far_index(frame, quad, RED_INK_BGR)
    far = far_corners([quad])
    x, y = (round(float(v)) for v in far.centres[0])
    frame[y - CROP_HEIGHT : y + CROP_HEIGHT, x - CROP_HEIGHT : x + CROP_HEIGHT] = 255
    read = Detection(Card.parse("7H"), 0.999, quad, 1)
    (looked,) = second_look(frame, [read], _FarReader(Card.parse("2H")))
    assert looked.doubt is None


def test_another_cards_index_found_over_the_far_corner_is_no_disagreement() -> None:
    frame, quad = _frame_with_index(RED_INK_BGR)
    far = far_corners([quad])
    covering = Detection(
        Card.parse("2H"), 0.999, crop_quad(far.centres[0], far.down[0], float(far.heights[0])), 1
    )
    looked = second_look(
        frame, [Detection(Card.parse("7H"), 0.999, quad, 1), covering], _FarReader(Card.parse("2H"))
    )
    assert looked[0].doubt is None


def test_a_card_read_at_two_corners_is_not_read_again_at_its_far_corner() -> None:
    frame, quad = _frame_with_index(RED_INK_BGR)
    reader = _FarReader(Card.parse("2H"))
    (looked,) = second_look(frame, [Detection(Card.parse("7H"), 0.999, quad, 2)], reader)
    assert looked.doubt is None
    assert reader.asked == 0


def test_on_a_drawn_table_true_reads_stand_and_a_read_of_the_wrong_colour_is_doubted() -> None:
    cards = list(parse_cards("7H QD 2S KC 10H AD"))
    frame, _ = table_frame(cards, seed=3)
    reader = CardReader(settings=ReaderSettings(source=CandidateSource.DETECTOR))
    read = reader.read(frame)
    assert sorted(str(d.card) for d in read) == sorted(str(card) for card in cards)
    assert all(d.doubt is None for d in read)
    # each card misread as the same rank of a suit of the other colour
    other = {Suit.HEARTS: Suit.SPADES, Suit.DIAMONDS: Suit.CLUBS}
    other |= {black: red for red, black in other.items()}
    misread = [replace(d, card=Card(d.card.rank, other[d.card.suit])) for d in read]
    assert [d.doubt for d in second_look(frame, misread, reader)] == [Doubt.SUIT_COLOUR] * len(read)


def test_edge_blur_measures_a_gaussian_blur_in_crop_pixels() -> None:
    crop = _index_crop(BLACK_INK_BGR)
    assert edge_blur(crop) < SETTINGS.blurred_from
    measured = [edge_blur(cv2.GaussianBlur(crop, (0, 0), sigma)) for sigma in (1.0, 1.5, 2.0, 3.0)]
    assert measured == sorted(measured)
    assert 1.5 <= measured[2] <= 2.6  # sigma 2, the step edges partly clipped by the bars


def test_a_blurred_index_read_under_the_blur_threshold_is_doubted() -> None:
    frame, quad = _frame_with_index(BLACK_INK_BGR)
    blurred = cv2.GaussianBlur(frame, (0, 0), 2.5)
    for image, confidence, doubt in (
        (blurred, 0.95, Doubt.BLURRED),
        (blurred, 0.999, None),
        (frame, 0.95, None),
    ):
        (looked,) = second_look(
            image, [Detection(Card.parse("7S"), confidence, quad, 1)], _FarReader(None)
        )
        assert looked.doubt is doubt


def test_two_cards_read_on_one_spot_the_other_way_round_doubt_the_lesser_read() -> None:
    frame, quad = _frame_with_index(RED_INK_BGR)
    centre = quad.mean(axis=0)
    up = np.array([0.0, -1.0], np.float32)
    larger = crop_quad(centre + np.array([3.0, 5.0], np.float32), up, 1.4 * CROP_HEIGHT)
    looked = second_look(
        frame,
        [Detection(Card.parse("QD"), 1.0, quad, 3), Detection(Card.parse("4D"), 0.999, larger, 1)],
        _FarReader(None),
    )
    assert [d.doubt for d in looked] == [None, Doubt.SAME_SPOT]
    # the same two reading the same way are two indices of a tight fan: both stand
    beside = centre + np.array([10.0, 0.0], np.float32)
    fanned = crop_quad(beside, np.array([0.0, 1.0], np.float32), CROP_HEIGHT)
    looked = second_look(
        frame,
        [Detection(Card.parse("QD"), 1.0, quad, 1), Detection(Card.parse("4D"), 0.999, fanned, 1)],
        _FarReader(None),
    )
    assert [d.doubt for d in looked] == [None, None]


def test_a_read_on_the_spot_of_any_corner_of_another_card_the_other_way_round_is_doubted() -> None:
    # a four-index queen read at all her corners, the best at the top left: her picture's
    # pip and flower read as a 4D beside her top-right index, turned, is caught there
    frame, quad = _frame_with_index(RED_INK_BGR)
    height = float(CROP_HEIGHT)
    down, up = np.array([0.0, 1.0], np.float32), np.array([0.0, -1.0], np.float32)
    top_right = quad.mean(axis=0) + np.array([2.2 * height, 0.0], np.float32)
    corners = (quad, crop_quad(top_right, down, height))
    queen = Detection(Card.parse("QD"), 1.0, quad, 2, corners=corners)
    picture = crop_quad(top_right + np.array([4.0, 6.0], np.float32), up, 1.2 * height)
    read = Detection(Card.parse("4D"), 0.9999, picture, 1)
    looked = second_look(frame, [queen, read], _FarReader(None))
    assert [d.doubt for d in looked] == [None, Doubt.SAME_SPOT]
    # known only at her best corner, the queen says nothing of the spot
    looked = second_look(frame, [replace(queen, corners=()), read], _FarReader(None))
    assert [d.doubt for d in looked] == [None, None]


def test_a_read_over_another_card_s_corner_the_same_way_round_is_doubted() -> None:
    # a nine of clubs read at two corners; its lower corner cut again a little off and
    # read as a nine of spades (the club taken for a spade): one spot, one index
    frame, quad = _frame_with_index(BLACK_INK_BGR)
    height = float(CROP_HEIGHT)
    down = np.array([0.0, 1.0], np.float32)
    lower = quad.mean(axis=0) + np.array([1.5 * height, 3.3 * height], np.float32)
    clubs = Detection(
        Card.parse("9C"), 1.0, quad, 2, corners=(quad, crop_quad(lower, down, height))
    )
    again = crop_quad(lower + np.array([1.0, 5.0], np.float32), down, 0.8 * height)
    looked = second_look(
        frame, [clubs, Detection(Card.parse("9S"), 1.0, again, 1)], _FarReader(None)
    )
    assert [d.doubt for d in looked] == [None, Doubt.SAME_SPOT]
    # the next index of a tight fan, a third of a crop across, stands
    beside = crop_quad(lower + np.array([0.35 * height, 0.0], np.float32), down, height)
    looked = second_look(
        frame, [clubs, Detection(Card.parse("9S"), 1.0, beside, 1)], _FarReader(None)
    )
    assert [d.doubt for d in looked] == [None, None]


def test_a_card_s_face_is_placed_from_the_corner_its_other_corners_agree_with() -> None:
    # a four-index card read best at its upper-right index: its face lies to the left,
    # as its upper-left and lower-right corners say, so a larger read just right of it
    # (a neighbour's index framed large) is on no face of it
    frame, quad = _frame_with_index(BLACK_INK_BGR)
    height = float(CROP_HEIGHT)
    down = np.array([0.0, 1.0], np.float32)
    up = np.array([0.0, -1.0], np.float32)
    top_right = quad.mean(axis=0)
    top_left = top_right - np.array([2.2 * height, 0.0], np.float32)
    bottom_right = top_left + np.array([2.2 * height, 3.3 * height], np.float32)
    card = Detection(
        Card.parse("9S"),
        1.0,
        quad,
        3,
        corners=(quad, crop_quad(top_left, down, height), crop_quad(bottom_right, up, height)),
    )
    neighbour = crop_quad(top_right + np.array([1.6 * height, 1.2 * height]), down, 1.5 * height)
    looked = second_look(
        frame, [card, Detection(Card.parse("AC"), 1.0, neighbour, 2)], _FarReader(None)
    )
    assert [d.doubt for d in looked] == [None, None]
    # placed from the best read alone, the face would take it in
    looked = second_look(
        frame,
        [replace(card, corners=()), Detection(Card.parse("AC"), 1.0, neighbour, 2)],
        _FarReader(None),
    )
    assert [d.doubt for d in looked] == [None, Doubt.INSIDE_CARD]


def test_a_dark_line_along_the_side_of_an_index_crop_is_no_ink() -> None:
    # a crop cut a little off its index takes in the card's dark edge along its side: the
    # faded red index read in it is no black card's
    faded = _index_crop((150, 140, 215))
    faded[:, 5:7] = (66, 67, 64)
    assert ink_colour(faded, SETTINGS) is not SuitColour.BLACK
    # a black glyph as tall stands
    black = _index_crop(BLACK_INK_BGR)
    assert ink_colour(black, SETTINGS) is SuitColour.BLACK


def test_a_larger_read_on_the_face_of_a_card_read_twice_is_doubted() -> None:
    frame, quad = _frame_with_index(RED_INK_BGR)
    height = float(CROP_HEIGHT)
    down = np.array([0.0, 1.0], np.float32)
    # the middle of the face, as the index box places it (its top-left corner at quad[0])
    middle = quad[0] + np.array([CARD_WIDTH / 2, CARD_HEIGHT / 2], np.float32) * height
    queen = Detection(Card.parse("QD"), 1.0, quad, 2)

    def doubts(other: Detection, card: Detection = queen) -> list[Doubt | None]:
        return [d.doubt for d in second_look(frame, [card, other], _FarReader(None))]

    picture = Detection(Card.parse("4D"), 0.999, crop_quad(middle, down, 1.5 * height), 2)
    assert doubts(picture) == [None, Doubt.INSIDE_CARD]
    # an index the size of the card's own is another card lying on it: it stands
    on_top = Detection(Card.parse("4D"), 0.999, crop_quad(middle, down, height), 1)
    assert doubts(on_top) == [None, None]
    # so does a card read at two corners, one cut framed large, the other as its index
    # is (a fanned hand's top card over the one under it)
    large = crop_quad(middle, down, 1.5 * height)
    far = crop_quad(middle + np.array([1.2, 2.5], np.float32) * height, -down, height)
    fanned = Detection(Card.parse("4D"), 0.999, large, 2, corners=(large, far))
    assert doubts(fanned) == [None, None]
    # off the face, over its edge (a fanned neighbour's index), or on a card read at one
    # corner only, a large read stands
    for shift in (CARD_WIDTH, CARD_WIDTH / 2):
        beside = middle + np.array([shift, 0.0], np.float32) * height
        away = Detection(Card.parse("4D"), 0.999, crop_quad(beside, down, 1.5 * height), 1)
        assert doubts(away) == [None, None]
    assert doubts(picture, replace(queen, indices=1)) == [None, None]
