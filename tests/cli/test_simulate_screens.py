"""``companion simulate --screen / --screens / --language``: the screens of a script."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from companion.cli import main
from companion.games.script import parse_script
from companion.games.session import replay_script
from companion.ui.screens import compose_game, draw_game
from companion.ui.transcript import lines as transcript_lines
from companion.ui.views import game_view
from companion.values.language import Language
from tests.examples import example_path

ROOT = Path(__file__).resolve().parents[2]
OH_HELL = example_path("oh-hell")
KEEP_GOING = ROOT / "tests" / "scenarios" / "ochko-21" / "keep-going.txt"
REVOKE = ROOT / "tests" / "scenarios" / "oh-hell" / "revoke.txt"
OCHKO_21 = example_path("ochko-21")


def _same(first: Image.Image, second: Image.Image) -> bool:
    return ImageChops.difference(first.convert("1"), second.convert("1")).getbbox() is None


def test_screen_is_the_final_states_screen_in_the_language(tmp_path: Path) -> None:
    target = tmp_path / "final.png"
    assert main(["simulate", str(OH_HELL), "--screen", str(target), "--language", "ru"]) == 0
    game = replay_script(parse_script(OH_HELL.read_text("utf-8"), "x")).game
    with Image.open(target) as written:
        assert written.size == (128, 64)
        assert _same(written, draw_game(game_view(game), Language.RU))
        assert not _same(written, draw_game(game_view(game), Language.EN))


def test_page_picks_a_page_of_the_final_screen_counted_from_1(tmp_path: Path) -> None:
    game = replay_script(parse_script(OH_HELL.read_text("utf-8"), "x")).game
    for page in (1, 3):
        target = tmp_path / f"page{page}.png"
        assert main(["simulate", str(OH_HELL), "--screen", str(target), "--page", str(page)]) == 0
        with Image.open(target) as written:
            assert _same(written, draw_game(game_view(game), Language.EN, page=page - 1))
    default = tmp_path / "default.png"
    assert main(["simulate", str(OH_HELL), "--screen", str(default)]) == 0
    with Image.open(default) as written:
        assert _same(written, draw_game(game_view(game), Language.EN, page=0))


def test_screens_writes_one_picture_per_event_and_the_refusals(tmp_path: Path) -> None:
    folder = tmp_path / "shots"
    args = ["simulate", str(KEEP_GOING), "--keep-going", "--screens", str(folder)]
    assert main(args) == 0
    names = sorted(path.name for path in folder.glob("*.png"))
    events = len(parse_script(KEEP_GOING.read_text("utf-8"), "x").lines)
    assert names[0] == "000-start.png"
    assert len(names) == events + 1
    assert [name for name in names if name.endswith("-refused.png")] == ["003-line5-refused.png"]


def test_screens_adds_the_violation_an_event_flagged(tmp_path: Path) -> None:
    folder = tmp_path / "shots"
    assert main(["simulate", str(REVOKE), "--screens", str(folder)]) == 0
    assert [p.name for p in folder.glob("*-violation*.png")] == ["013-line14-violation1.png"]


def test_a_page_the_screen_lacks_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "x.png"
    assert main(["simulate", str(OH_HELL), "--screen", str(target), "--page", "9"]) == 2
    assert "--page 9: this screen has pages 1 to 4" in capsys.readouterr().err
    assert not target.exists()
    with pytest.raises(SystemExit) as refused:
        main(["simulate", str(OH_HELL), "--screen", str(target), "--page", "0"])
    assert refused.value.code == 2
    assert "--page: 0 is not at least 1" in capsys.readouterr().err
    assert not target.exists()


@pytest.mark.parametrize("name", ["x.jpg", "x.JPEG", "x", "x.png.gif"])
def test_a_picture_not_named_png_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    target = tmp_path / name
    assert main(["simulate", str(OH_HELL), "--screen", str(target)]) == 2
    err = capsys.readouterr().err
    assert f"--screen {target}: the screen is written as a PNG picture" in err
    assert "ending in .png" in err and "Traceback" not in err
    assert not target.exists()


def test_a_png_name_in_capitals_is_taken(tmp_path: Path) -> None:
    target = tmp_path / "FINAL.PNG"
    assert main(["simulate", str(OH_HELL), "--screen", str(target)]) == 0
    with Image.open(target) as written:
        assert written.format == "PNG"


def test_an_unwritable_picture_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing" / "x.png"
    assert main(["simulate", str(OH_HELL), "--screen", str(target)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write {target}" in err and "Traceback" not in err


def test_an_unknown_language_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", str(OH_HELL), "--screen", "x.png", "--language", "de"])
    assert "invalid choice: 'de'" in capsys.readouterr().err


def test_screens_writes_the_lines_drawn_on_each_picture(tmp_path: Path) -> None:
    folder = tmp_path / "shots"
    assert main(["simulate", str(OCHKO_21), "--screens", str(folder)]) == 0
    blocks = (folder / "screens.txt").read_text("utf-8").split("\n\n")
    names = [block.splitlines()[0] for block in blocks]
    assert sorted(names) == sorted(path.name for path in folder.glob("*.png"))
    script = parse_script(OCHKO_21.read_text("utf-8"), "x")
    game = replay_script(script).game
    final = next(block for block in blocks if block.startswith(names[-1]))
    drawn = compose_game(game_view(game), Language.EN).marks
    assert final.splitlines()[1:] == transcript_lines(drawn)
    # a round's outcome has its own picture, after the event that settled the round
    assert any(name.endswith("-outcome.png") for name in names)
    assert blocks[names.index("009-line11-outcome.png")].splitlines()[1:] == [
        "P2 won 5",
        "P2  9♥ A♦  20",
        "Banker P1  10♠ 7♣  17",
        "20 beats the banker's 17",
        "In the bank 5",
    ]


def _named(script: Path, folder: Path) -> Path:
    """``script`` with its game line naming its people, written in ``folder``."""
    names = ("Ania", "Bartek", "Celina", "Dima")

    def name_them(match: re.Match[str]) -> str:
        players = int(match.group("players"))
        return f"{match.group(0)} people={','.join(names[:players])}"

    game_line = re.compile(r"^game [^#\n]*?players=(?P<players>\d+)[^#\n]*?(?=\s*(#|$))", re.M)
    text = game_line.sub(name_them, script.read_text("utf-8"), count=1)
    named = folder / script.name
    named.write_text(text, "utf-8")
    return named


def test_screens_of_a_named_game_call_its_people_by_name(tmp_path: Path) -> None:
    """The transcript of a game that names its people: the outcome, the violation and
    the refusal screens say the names, as the box does, never P1..Pn."""
    named = _named(OCHKO_21, tmp_path)
    assert "people=Ania,Bartek" in named.read_text("utf-8")
    folder = tmp_path / "shots"
    assert main(["simulate", str(named), "--screens", str(folder)]) == 0
    blocks = (folder / "screens.txt").read_text("utf-8").split("\n\n")
    outcome = next(block for block in blocks if block.startswith("009-line11-outcome.png"))
    assert outcome.splitlines()[1:3] == ["Bartek won 5", "Bartek  9♥ A♦  20"]
    revoke = _named(REVOKE, tmp_path)
    shots = tmp_path / "revoke-shots"
    assert main(["simulate", str(revoke), "--keep-going", "--screens", str(shots)]) == 0
    said = (shots / "screens.txt").read_text("utf-8").split("\n\n")
    flagged = [block for block in said if "-violation" in block.splitlines()[0]]
    assert flagged and all("Celina" in block for block in flagged), flagged
    assert not any(re.search(r"\bP[1-4]\b", block) for block in flagged), flagged
