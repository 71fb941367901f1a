"""The golden pictures: every named screen matches its reference PNG pixel for pixel.

Regenerate them with ``python -m companion.tools.gallery --write tests/ui/golden`` and look at
them before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops

from companion.tools.gallery import NamedScreen, main, screens
from companion.ui.canvas import HEIGHT, WIDTH

GOLDEN = Path(__file__).resolve().parents[1] / "ui" / "golden"
SCREENS = screens()


def test_every_screen_has_a_unique_name() -> None:
    names = [screen.name for screen in SCREENS]
    assert len(names) == len(set(names))


def test_every_golden_picture_belongs_to_a_screen() -> None:
    names = {screen.name for screen in SCREENS}
    orphans = sorted(path.stem for path in GOLDEN.glob("*.png") if path.stem not in names)
    assert orphans == []


@pytest.mark.parametrize("screen", SCREENS, ids=[screen.name for screen in SCREENS])
def test_screen_matches_its_golden_picture(screen: NamedScreen) -> None:
    path = GOLDEN / f"{screen.name}.png"
    assert path.exists(), f"no golden picture {path.name}: regenerate with the gallery"
    drawn = screen.compose().image
    with Image.open(path) as golden:
        expected = golden.convert("1")
    assert drawn.size == expected.size == (WIDTH, HEIGHT)
    difference = ImageChops.difference(drawn, expected).getbbox()
    assert difference is None, f"{screen.name} differs from its golden picture in {difference}"


def test_the_regenerate_command_writes_every_screen(tmp_path: Path) -> None:
    assert main(["--write", str(tmp_path)]) == 0
    written = sorted(path.stem for path in tmp_path.glob("*.png"))
    assert written == sorted(screen.name for screen in SCREENS)


def test_a_bad_scale_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--write", "x", "--scale", "0"])
    assert "--scale 0" in capsys.readouterr().err
