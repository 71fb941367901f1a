"""Table films (no mat, 1920x1080): what each kind shows, and the tracker through
``watch --mat none`` placing every card once, in order, none wrong, on a short film of
each kind (drawn cards; real photographed cards where ../shared/photos is present)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.tools.film_run import film, run_film
from companion.tools.synthetic.table_film import SHORT_FRAME_SIZE, FilmKind

PHOTOS = Path(__file__).parents[3] / "../shared/photos"
SEED = 7


def test_a_film_is_the_same_every_time_and_its_lines_are_cards_and_clears() -> None:
    first = film(FilmKind.RETRICK, SEED, "drawn", photos=None, short=True)
    again = film(FilmKind.RETRICK, SEED, "drawn", photos=None, short=True)
    assert [step.line for step in first.script] == [step.line for step in again.script]
    lines = [step.line for step in first.script]
    assert lines[-1] == "clear table" and lines.count("clear table") == 2
    frame = first.frames[len(first.frames) - 1]
    assert frame.image.shape == (SHORT_FRAME_SIZE[1], SHORT_FRAME_SIZE[0], 3)
    assert np.array_equal(frame.image, again.frames[len(again.frames) - 1].image)


def test_glare_saturates_the_frame_where_a_card_lies() -> None:
    shown = film(FilmKind.GLARE, SEED, "drawn", photos=None, short=True)
    assert shown.look.glare
    (x, y), _ = shown.look.glare[0]
    last = shown.frames[len(shown.frames) - 1].image
    assert int(last[round(y), round(x)].min()) >= 250


def test_defocus_blurs_the_whole_frame() -> None:
    shown = film(FilmKind.DEFOCUS, SEED, "drawn", photos=None, short=True)
    assert shown.look.defocus >= 1.0


@pytest.mark.parametrize("kind", list(FilmKind), ids=str)
def test_every_card_of_a_short_film_is_placed_once_in_order_none_wrong(kind: FilmKind) -> None:
    figures = run_film(film(kind, SEED, "drawn", photos=None, short=True))
    assert figures.tally.wrong == 0, figures.differences
    assert figures.tally.doubled == 0, figures.differences
    if kind is not FilmKind.DEFOCUS:  # blur may leave a card unsure, never wrong
        assert figures.tally.missed == 0, figures.differences


@pytest.mark.skipif(not (PHOTOS / "MANIFEST.tsv").is_file(), reason="no ../shared/photos")
@pytest.mark.parametrize("kind", [FilmKind.PIPS], ids=str)
def test_real_photographed_cards_on_real_wood_are_placed_none_wrong(kind: FilmKind) -> None:
    figures = run_film(film(kind, SEED, "photos", photos=PHOTOS, short=True))
    assert (figures.tally.wrong, figures.tally.doubled, figures.tally.missed) == (0, 0, 0), (
        figures.differences
    )
