"""TableWatch on a printed mat filmed by a tilted camera: the game from the mat, the mat
lost and found again, the whole frame as one zone, preview pictures."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cards import FRENCH52, SHORT36, Card, DeckProfile
from companion.demo.film.camera_view import CameraPose, filmed
from companion.table.layouts import Paper, mat_layout
from companion.table.mat_drawing import draw_mat
from companion.table.tracker_settings import TrackerSettings
from companion.table.watching import TableWatch, WatchOptions, scene_change, still_frames
from companion.values.camera_events import CardGone, CardSeen
from companion.values.frame import Frame
from companion.values.watched import WatchedGame
from companion.vision.reader import CardReader
from tests.table.rendered import Placed, table_image, with_cards

PX_PER_MM = 4.0
LAYOUT = mat_layout("oczko", Paper.A3)  # stock at x 290..390, y 90..220
POSE = CameraPose(650.0, 15.0, 4.0, aim_mm=(210.0, 148.0))
FPS = 10.0


@pytest.fixture(scope="module")
def reader() -> CardReader:
    return CardReader(settings=TrackerSettings().reader_settings(), deck=SHORT36)


@pytest.fixture(scope="module")
def mat_with_card() -> np.ndarray:
    mat = np.ascontiguousarray(np.asarray(draw_mat(LAYOUT, px_per_mm=PX_PER_MM))[:, :, ::-1])
    laid = with_cards(mat, [Placed(Card.parse("9H"), 305.0, 110.0, 5.0)], PX_PER_MM)
    return filmed(laid, PX_PER_MM, POSE, (1280, 720))


def noisy(image: np.ndarray, number: int) -> np.ndarray:
    """The picture as a camera gives it, no two frames alike (a camera's noise; here one
    pixel of the corner, so the reads stay those of the picture)."""
    frame = image.copy()
    frame[0, 0, 0] = number % 256
    return frame


def decks(game: str) -> DeckProfile:
    return SHORT36 if game == "oczko" else FRENCH52


def test_the_game_comes_from_the_mat(reader: CardReader, mat_with_card: np.ndarray) -> None:
    said: list[str] = []
    watch = TableWatch(reader, WatchOptions(), deck_for=decks, log=said.append)
    lines: list[str] = []
    for n in range(8):
        frame = Frame(noisy(mat_with_card, n), n / FPS, n)
        lines.extend(e.line for e in watch.step(frame).events)
    assert lines == ["card stock 9H"]
    assert said == ["mat found: oczko (A3)"]
    assert watch.tracker is not None and watch.tracker.deck == SHORT36


def test_no_mat_no_events_then_found_again(reader: CardReader, mat_with_card: np.ndarray) -> None:
    said: list[str] = []
    watch = TableWatch(reader, WatchOptions(game="oczko"), deck_for=decks, log=said.append)
    cloth = np.random.default_rng(0).integers(60, 120, mat_with_card.shape, np.uint8)
    frames = [cloth] * 5 + [mat_with_card] * 8
    outputs = [watch.step(Frame(noisy(image, n), n / FPS, n)) for n, image in enumerate(frames)]
    assert not any(output.mat_found for output in outputs[:5])
    assert [e.line for output in outputs for e in output.events] == ["card stock 9H"]
    assert said == ["mat not found: no events until it is seen again", "mat found: oczko (A3)"]


def test_the_whole_frame_is_one_zone_and_previews_are_written(
    reader: CardReader, tmp_path: Path
) -> None:
    image = table_image((300.0, 200.0), [Placed(Card.parse("KS"), 100.0, 50.0)], 3.0)
    watch = TableWatch(
        reader, WatchOptions(use_mat=False, preview=tmp_path), deck_for=decks, log=print
    )
    lines: list[str] = []
    for n in range(6):
        lines.extend(e.line for e in watch.step(Frame(noisy(image, n), n / FPS, n)).events)
    assert lines == ["card table KS"]
    previews = sorted(tmp_path.glob("frame-*.png"))
    assert previews and previews[0].name == "frame-000000.png"


def test_frames_changing_size_start_again_without_false_events(reader: CardReader) -> None:
    cards = [Placed(Card.parse("KS"), 100.0, 50.0), Placed(Card.parse("7D"), 180.0, 60.0)]
    large = table_image((300.0, 200.0), cards, 3.0)
    small = table_image((300.0, 200.0), cards, 2.5)
    watch = TableWatch(reader, WatchOptions(use_mat=False), deck_for=decks, log=print)
    lines: list[str] = []
    for n, image in enumerate([large] * 6 + [small] * 30):
        lines.extend(e.line for e in watch.step(Frame(noisy(image, n), n / FPS, n)).events)
    assert sorted(lines) == ["card table 7D", "card table KS"]
    assert watch.tracker is not None
    assert sorted(map(str, watch.tracker.cards()["table"])) == ["7D", "KS"]


def test_the_game_told_sets_the_deck_and_the_zones_in_play(
    reader: CardReader, mat_with_card: np.ndarray
) -> None:
    said: list[str] = []
    watch = TableWatch(reader, WatchOptions(), deck_for=decks, log=said.append)
    watch.use_game(WatchedGame("oczko", FRENCH52, ("punter", "banker")))  # no stock in play
    lines: list[str] = []
    for n in range(8):
        lines.extend(e.line for e in watch.step(Frame(noisy(mat_with_card, n), n / FPS, n)).events)
    assert lines == []
    assert "stock is not in play in this game: what happens there is not read" in said
    assert watch.tracker is not None and watch.tracker.deck == FRENCH52
    watch.use_game(WatchedGame("oczko", SHORT36, ("punter", "banker", "stock")))
    assert watch.tracker.deck == SHORT36
    assert all(zone.deck == SHORT36 for zone in watch.tracker.watches.values())


def test_bad_frames_are_skipped_said_once_and_make_no_event(
    reader: CardReader, mat_with_card: np.ndarray
) -> None:
    said: list[str] = []
    watch = TableWatch(reader, WatchOptions(game="oczko"), deck_for=decks, log=said.append)
    good = [noisy(mat_with_card, n) for n in range(8)]
    small = cv2.resize(mat_with_card, (640, 360))
    black = np.zeros_like(mat_with_card)
    grey = np.full_like(mat_with_card, 128)
    frames = good[:8] + [small] * 3 + [black] * 3 + [grey] * 3 + [good[7]] * 15 + good[:4]
    outputs = [watch.step(Frame(image, n / FPS, n)) for n, image in enumerate(frames)]
    assert [e.line for output in outputs for e in output.events] == ["card stock 9H"]
    assert all(output.events == () for output in outputs[8:])
    assert said == [
        "mat found: oczko (A3)",
        "0.80s frame 8: another size than the stream's: frames skipped until that ends",
        "1.10s frame 11: frames usable again (3 skipped: another size than the stream's)",
        "1.10s frame 11: black: frames skipped until that ends",
        "1.40s frame 14: frames usable again (3 skipped: black)",
        "1.40s frame 14: all one colour: frames skipped until that ends",
        "1.70s frame 17: frames usable again (3 skipped: all one colour)",
        "1.80s frame 18: the same frame again (the camera repeats one frame): frames skipped "
        "until that ends",
        "3.20s frame 32: frames usable again (14 skipped: the same frame again (the camera "
        "repeats one frame))",
    ]


def cards_of(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(card) for card in text.split())


def test_a_new_scene_s_cards_replace_the_last_one_s() -> None:
    before = {"table": cards_of("KS 2H 2H"), "trump": cards_of("9D")}
    after = {"table": cards_of("2H QC KS"), "trick": cards_of("AS")}
    lines = [event.line for event in scene_change(before, after, 3.0)]
    assert lines == [
        "gone table 2H",
        "card table QC",
        "clear trump",
        "card trick AS",
    ]
    assert [event.line for event in scene_change(after, {}, 4.0)] == ["clear table", "clear trick"]
    assert scene_change(after, after, 5.0) == ()


@given(
    st.lists(st.sampled_from(["KS", "2H", "9D", "AC"]), max_size=5),
    st.lists(st.sampled_from(["KS", "2H", "9D", "AC"]), max_size=5),
)
def test_scene_events_replayed_on_the_last_scene_give_the_new_one(
    old: list[str], new: list[str]
) -> None:
    cards = Counter(Card.parse(card) for card in old)
    for event in scene_change(
        {"table": cards_of(" ".join(old))}, {"table": cards_of(" ".join(new))}, 0.0
    ):
        if isinstance(event.event, CardSeen):
            cards[event.event.card] += 1
        elif isinstance(event.event, CardGone):
            cards[event.event.card] -= 1
        else:
            cards.clear()
    assert +cards == Counter(Card.parse(card) for card in new)


def test_a_still_stands_for_the_window_and_the_reads_it_may_take() -> None:
    assert still_frames(TrackerSettings()) == 7  # 4 for the window, 3 more reads at most
    assert still_frames(TrackerSettings(min_seconds=1.0, max_reads=2)) == 12


def test_each_still_is_a_scene_of_its_own_of_any_size() -> None:
    reader = CardReader(settings=TrackerSettings().reader_settings(), deck=FRENCH52)
    watch = TableWatch(
        reader,
        WatchOptions(use_mat=False, live=False),
        deck_for=lambda game: FRENCH52,
        log=lambda line: None,
    )
    scenes = [
        table_image(
            (200.0, 140.0),
            [Placed(Card.parse("KS"), 20.0, 20.0), Placed(Card.parse("QH"), 110.0, 30.0)],
            3.0,
        ),
        table_image((150.0, 150.0), [Placed(Card.parse("KS"), 60.0, 40.0)], 3.5),
        table_image((150.0, 150.0), [], 3.5),
    ]
    lines = [
        [event.line for event in watch.still(Frame(image, float(number), number)).events]
        for number, image in enumerate(scenes)
    ]
    assert lines == [["card table KS", "card table QH"], ["gone table QH"], ["clear table"]]
