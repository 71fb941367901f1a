"""The card reader reads the synthetic cards where they lie (the sessions are only worth
their figures if it does)."""

from __future__ import annotations

import numpy as np
import pytest

from companion.cards import Card
from companion.demo.film.session import make_session
from companion.tools.synthetic.read_check import count_reads
from companion.vision.reader import CardReader
from companion.vision.reader_settings import ReaderSettings
from companion.vision.sources import CandidateSource


@pytest.fixture(scope="module")
def reader() -> CardReader:
    return CardReader(settings=ReaderSettings(source=CandidateSource.DETECTOR))


@pytest.mark.parametrize(
    ("game", "frame_size"),
    [("ochko-21", (1280, 720)), ("oczko", (1920, 1080)), ("oh-hell", (1280, 720))],
)
def test_the_reader_reads_the_cards_dealt(
    reader: CardReader, game: str, frame_size: tuple[int, int]
) -> None:
    session = make_session(game, seed=11, frame_size=frame_size, max_events=16)

    def read(image: np.ndarray) -> list[Card]:
        return [detection.card for detection in reader.read(image)]

    in_frame = count_reads(session, read, warped=False)
    from_above = count_reads(session, read, warped=True)
    assert in_frame.placed >= 6
    assert in_frame.rate >= 0.9 and in_frame.false == 0
    assert from_above.rate >= 0.9 and from_above.false == 0
