"""Every menu text fits 128x64 in every language: each sample screen is drawn and none
of its texts is cut or drawn past the edge."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games.registry import game_ids
from companion.tools.menu_samples import SAMPLES, MenuSample
from companion.ui.canvas import WIDTH, text_width
from companion.ui.menus import draw
from companion.ui.menus.game_options import default_options, option_fields
from companion.ui.menus.state import GameSetup, UiState
from companion.values.language import Language
from companion.words import catalogue, seat_label


def every_row_of_every_form() -> list[MenuSample]:
    samples = []
    for game in game_ids():
        options = default_options(game)
        for cursor in range(len(option_fields(type(options))) + 1):
            state = UiState(GameSetup(game, options, cursor))
            samples.append(MenuSample(f"setup-{game}-{cursor}", state))
    return samples


@pytest.mark.parametrize("language", list(Language))
@pytest.mark.parametrize("sample", [*SAMPLES, *every_row_of_every_form()], ids=lambda s: s.name)
def test_nothing_is_cut(sample: MenuSample, language: Language) -> None:
    sheet = sample.compose(language)
    assert sheet.cut_marks() == []
    assert sheet.image.getbbox() is not None


@pytest.mark.parametrize("language", list(Language))
def test_every_offer_label_fits_a_menu_line_without_shortening(language: Language) -> None:
    room = WIDTH - 2 * draw.MARGIN - 1 - draw.SCROLL_BAR - 1
    widest_seat = max((seat_label(seat, language) for seat in range(12)), key=len)
    for key, template in catalogue(language).items():
        if key.startswith("action."):
            text = template.format(seat=widest_seat)
            assert text_width(text, draw.BODY) <= room, (key, text)


def test_samples_have_distinct_names() -> None:
    names = [sample.name for sample in SAMPLES]
    assert len(names) == len(set(names))
    assert all(dataclasses.is_dataclass(sample.state) for sample in SAMPLES)
