"""The menu screens, pixel for pixel against their golden pictures.

Regenerate with ``python -m companion.ui.gallery --write tests/ui/golden`` and look at
the changed pictures before committing them."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops

from companion.ui.menus.samples import SAMPLES, MenuSample
from companion.ui.texts import Language

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def lit(image: Image.Image) -> Image.Image:
    """Lit pixels as 255, dark as 0: a one-bit picture drawn with ink 1 holds 1s that a
    PNG file gives back as 255."""
    return image.convert("L").point(lambda value: 255 if value else 0)


@pytest.mark.parametrize("language", list(Language))
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda sample: sample.name)
def test_the_menu_screen_matches_its_golden_picture(sample: MenuSample, language: Language) -> None:
    path = GOLDEN / f"{sample.name}-{language.value}.png"
    assert path.exists(), f"no golden picture {path.name}: regenerate the gallery"
    with Image.open(path) as golden:
        expected = lit(golden)
    drawn = lit(sample.compose(language).image)
    assert drawn.size == expected.size
    difference = ImageChops.difference(drawn, expected).getbbox()
    assert difference is None, f"{path.name} differs inside {difference}"
