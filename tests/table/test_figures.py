"""The figures command: photos of a manifest read as a sequence, and its bad options."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from companion.cards import Card
from companion.table.figures import main, photo_figures, session_figures
from tests.table.rendered import Placed, table_image


def write_manifest(folder: Path) -> None:
    photos = {
        "one.png": ["KS", "4D"],
        "two.png": ["7C"],
    }
    rows = ["path\tcards\tpartial\tkind\twidth\theight"]
    for name, cards in photos.items():
        laid = [Placed(Card.parse(card), 20.0 + 80.0 * i, 30.0) for i, card in enumerate(cards)]
        image = table_image((260.0, 160.0), laid, 3.0)
        cv2.imwrite(str(folder / name), image)
        rows.append(f"{name}\t{' '.join(cards)}\t\tscene_multi\t{image.shape[1]}\t{image.shape[0]}")
    rows.append("card.png\tQS\t\twhole_card_crop\t100\t140")  # not a scene: left out
    (folder / "MANIFEST.tsv").write_text("\n".join(rows) + "\n", "utf-8")


def test_each_photo_leaves_its_cards_on_the_table(tmp_path: Path) -> None:
    write_manifest(tmp_path)
    figures = photo_figures(tmp_path, cleared=True)
    assert [(p.path, p.placed, p.wrong, p.missed) for p in figures] == [
        ("one.png", ("4D", "KS"), 0, 0),
        ("two.png", ("7C",), 0, 0),
    ]


def test_tuning_seeds_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--sessions", "3", "--first-seed", "0"])
    assert "were tuned on" in capsys.readouterr().err


def test_a_folder_without_a_manifest_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--sessions", "0", "--photos", str(tmp_path)])
    assert "no MANIFEST.tsv there" in capsys.readouterr().err


def test_a_short_session_s_figures() -> None:
    figures = session_figures("oczko", 4, (1280, 720), events=5)
    assert figures.expected >= 2 and figures.frames > 20
    assert (figures.right, figures.wrong, figures.missed, figures.doubled) == (
        figures.expected,
        0,
        0,
        0,
    )
    assert figures.differences == ()
