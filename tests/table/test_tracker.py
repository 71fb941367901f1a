"""TableTracker on rendered frames read by the real reader: cards landing, a hand passing,
a cleared zone, a still table costing no read, the mat lost and found again."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import pytest

from companion.cards import FRENCH52, Card
from companion.table.calibration import MatView
from companion.table.layouts import Paper, mat_layout
from companion.table.tracker import TableTracker
from companion.table.tracker_settings import TrackerSettings
from companion.values.frame import Frame
from companion.vision.merging import Doubt
from companion.vision.reader import CardReader
from tests.table.rendered import Placed, table_image

PX_PER_MM = 2.0
LAYOUT = mat_layout("oh-hell", Paper.A3)  # trump at x 20..130, trick at x 150..400
VIEW = MatView(
    LAYOUT,
    np.diag([1 / PX_PER_MM, 1 / PX_PER_MM, 1.0]),
    (round(LAYOUT.size[0] * PX_PER_MM), round(LAYOUT.size[1] * PX_PER_MM)),
)
FPS = 10.0


@pytest.fixture(scope="module")
def reader() -> CardReader:
    return CardReader(settings=TrackerSettings().reader_settings(), deck=FRENCH52)


def picture(cards: list[Placed], hand: tuple[float, float] | None = None) -> np.ndarray:
    image = table_image(LAYOUT.size, cards, PX_PER_MM)
    if hand is not None:  # a skin-coloured blob the size of a hand
        centre = (round(hand[0] * PX_PER_MM), round(hand[1] * PX_PER_MM))
        axes = (round(45 * PX_PER_MM), round(70 * PX_PER_MM))
        cv2.ellipse(image, centre, axes, 20, 0, 360, (120, 160, 220), -1)
    return image


class Film:
    """Frames at 10 per second from a list of pictures."""

    def __init__(self) -> None:
        self.pictures: list[np.ndarray] = []

    def hold(self, image: np.ndarray, frames: int) -> None:
        self.pictures.extend([image] * frames)

    def frames(self) -> Iterator[Frame]:
        for number, image in enumerate(self.pictures):
            yield Frame(image, number / FPS, number)


def card(text: str, x: float, y: float, degrees: float = 0.0) -> Placed:
    return Placed(Card.parse(text), x, y, degrees)


def run(tracker: TableTracker, film: Film) -> list[tuple[float, float, str]]:
    """(frame time, settle time, line) of every event."""
    found: list[tuple[float, float, str]] = []
    for frame in film.frames():
        output = tracker.step(frame, VIEW)
        found.extend((output.time, event.time, event.line) for event in output.events)
    return found


def test_cards_dealt_one_by_one_are_placed_in_order(reader: CardReader) -> None:
    film = Film()
    film.hold(picture([]), 3)
    on_table: list[Placed] = []
    for text, x, y, zone_x in (("9H", 40, 100, 0), ("QD", 170, 80, 0), ("4C", 200, 90, 0)):
        for step in range(3):  # in flight from the bottom edge, with the hand
            flying = card(text, x + zone_x, 200 - 40 * step + y / 3, 10.0 * step)
            film.hold(picture([*on_table, flying], hand=(x + 40, 260 - 40 * step)), 1)
        on_table.append(card(text, x, y))
        film.hold(picture(on_table), 6)
    events = run(TableTracker(reader, deck=FRENCH52), film)
    assert [line for _, _, line in events] == ["card trump 9H", "card trick QD", "card trick 4C"]
    for emitted, settled, _ in events:
        assert emitted - settled <= 0.4 + 1e-9


def test_a_still_table_is_not_read_again(reader: CardReader) -> None:
    film = Film()
    film.hold(picture([card("9H", 40, 100)]), 20)
    tracker = TableTracker(reader, deck=FRENCH52)
    reads = [tracker.step(frame, VIEW).read for frame in film.frames()]
    assert all(not read for read in reads[5:])
    assert tracker.cards()["trump"] == (Card.parse("9H"),)


def test_a_hand_passing_over_the_cards_changes_nothing(reader: CardReader) -> None:
    film = Film()
    trick = [card("QD", 170, 80), card("4C", 200, 90)]
    film.hold(picture(trick), 6)
    for x in range(120, 420, 30):
        film.hold(picture(trick, hand=(x, 130)), 1)
    film.hold(picture(trick), 8)
    assert [line for _, _, line in run(TableTracker(reader, deck=FRENCH52), film)] == [
        "card trick QD",
        "card trick 4C",
    ]


def test_a_gathered_trick_is_cleared(reader: CardReader) -> None:
    film = Film()
    trick = [card("QD", 170, 80), card("4C", 200, 90), card("AS", 230, 85)]
    film.hold(picture(trick), 6)
    film.hold(picture(trick, hand=(230, 150)), 2)
    film.hold(picture([], hand=(300, 250)), 2)
    film.hold(picture([]), 6)
    lines = [line for _, _, line in run(TableTracker(reader, deck=FRENCH52), film)]
    assert lines[-1] == "clear trick" and len(lines) == 4


def test_no_mat_no_events_and_the_tracker_recovers(reader: CardReader) -> None:
    tracker = TableTracker(reader, deck=FRENCH52)
    image = picture([card("9H", 40, 100)])
    outputs = [tracker.step(Frame(image, n / FPS, n), None) for n in range(10)]
    assert all(not output.mat_found and not output.events for output in outputs)
    lines: list[str] = []
    for n in range(10, 20):
        lines.extend(event.line for event in tracker.step(Frame(image, n / FPS, n), VIEW).events)
    assert lines == ["card trump 9H"]


@dataclass(frozen=True)
class Detection:
    card: Card
    confidence: float
    quad: np.ndarray
    indices: int = 1
    doubt: Doubt | None = None


class EdgeReader:
    """Reads, in every cut it is given, one index whole in its middle and one halved by
    its left edge (cut pixels)."""

    def read(self, image: np.ndarray) -> Sequence[Detection]:
        height, width = image.shape[:2]
        box = np.array([[0.0, 0.0], [20.0, 0.0], [20.0, 32.0], [0.0, 32.0]])
        return [
            Detection(Card.parse("5H"), 1.0, box + np.array([width / 2 - 10, height / 2 - 16])),
            Detection(Card.parse("JS"), 1.0, box + np.array([-10.0, height / 2 - 16])),
        ]


def test_a_read_halved_by_the_cut_s_edge_is_marked_clipped() -> None:
    film = Film()
    film.hold(picture([]), 6)  # the empty zone settles: then only the card's part is cut
    film.hold(picture([card("9H", 250, 120)]), 6)  # on the trick zone, away from its edges
    tracker = TableTracker(EdgeReader(), deck=FRENCH52)
    run(tracker, film)
    reads = {str(read.card): read.clipped for read in tracker.last_reads["trick"]}
    assert reads == {"5H": False, "JS": True}


# Cards drawn as plain white faces whose two index corners are patches of a colour of
# their own, read by PatchReader: enough to follow which indices a cut shows.
PATCH_MM = (12.0, 20.0)  # an index box's size on a 63 x 88 mm card
PATCH_COLOURS = {Card.parse("9D"): (200, 40, 40), Card.parse("2S"): (40, 40, 200)}


def patch_picture(cards: list[tuple[Card, float, float]]) -> np.ndarray:
    """Cards (top-left corner, mm) on the mat, later ones on top."""
    width, height = (round(side * PX_PER_MM) for side in LAYOUT.size)
    image = np.full((height, width, 3), (60, 110, 40), np.uint8)
    for laid, x, y in cards:
        corners = [(x, y, x + 63.0, y + 88.0)]
        corners.append((x + 1, y + 1, x + 1 + PATCH_MM[0], y + 1 + PATCH_MM[1]))
        corners.append((x + 62 - PATCH_MM[0], y + 87 - PATCH_MM[1], x + 62, y + 87))
        for number, (left, top, right, bottom) in enumerate(corners):
            colour = (250, 250, 250) if number == 0 else PATCH_COLOURS[laid]
            cv2.rectangle(
                image,
                (round(left * PX_PER_MM), round(top * PX_PER_MM)),
                (round(right * PX_PER_MM), round(bottom * PX_PER_MM)),
                colour,
                -1,
            )
    return image


class PatchReader:
    """Reads the patches whole in a cut: a card seen at both its corners is one detection
    framed on its lower one (as the reader merges a card's indices into one), turned as
    that index reads (upside down)."""

    def read(self, image: np.ndarray) -> Sequence[Detection]:
        found = []
        for card, colour in PATCH_COLOURS.items():
            mask = cv2.inRange(image, np.array(colour) - 20, np.array(colour) + 20)
            count, _, stats, _ = cv2.connectedComponentsWithStats(mask)
            boxes = [
                (left, top, width, height)
                for left, top, width, height, area in stats[1:count]
                if area >= 0.8 * PATCH_MM[0] * PATCH_MM[1] * PX_PER_MM**2
            ]
            if boxes:
                left, top, width, height = max(boxes, key=lambda box: box[0] + box[1])
                right, bottom = left + width, top + height
                quad = np.array(
                    [[right, bottom], [left, bottom], [left, top], [right, top]], np.float64
                )
                found.append(Detection(card, 1.0, quad, len(boxes)))
        return found


def test_a_card_whose_index_was_covered_is_followed_at_its_other_index() -> None:
    nine, two = Card.parse("9D"), Card.parse("2S")
    film = Film()
    film.hold(patch_picture([]), 6)
    film.hold(patch_picture([(nine, 25.0, 65.0)]), 6)  # read at its lower index
    film.hold(patch_picture([(nine, 25.0, 65.0), (two, 60.0, 110.0)]), 6)  # covering it
    film.hold(patch_picture([(two, 60.0, 110.0)]), 6)  # 9D drawn from under 2S
    lines = [line for _, _, line in run(TableTracker(PatchReader(), deck=FRENCH52), film)]
    assert lines == ["card trump 9D", "card trump 2S", "gone trump 9D"]


def dimmed(image: np.ndarray, light: float = 0.6) -> np.ndarray:
    return cv2.convertScaleAbs(image, alpha=light)


def test_the_light_dropping_is_no_motion_and_no_change(reader: CardReader) -> None:
    film = Film()
    table = picture([card("9H", 40, 100)])
    film.hold(table, 8)
    film.hold(dimmed(table), 8)
    tracker = TableTracker(reader, deck=FRENCH52)
    outputs = [tracker.step(frame, VIEW) for frame in film.frames()]
    assert all(not output.moving and not output.read for output in outputs[8:])
    assert tracker.cards()["trump"] == (Card.parse("9H"),)


def test_a_card_laid_under_dimmed_light_is_placed(reader: CardReader) -> None:
    film = Film()
    before = [card("9H", 40, 100)]
    film.hold(picture(before), 8)
    film.hold(dimmed(picture(before)), 3)
    film.hold(dimmed(picture(before, hand=(200, 150))), 2)
    film.hold(dimmed(picture([*before, card("QD", 170, 80)])), 8)
    lines = [line for _, _, line in run(TableTracker(reader, deck=FRENCH52), film)]
    assert lines == ["card trump 9H", "card trick QD"]
