"""The figures command: photos of a manifest read as a sequence, and its bad options."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import cv2
import pytest

from companion.cards import Card
from companion.demo.film.session import SessionKind
from companion.tools import figures
from companion.tools.figures import (
    DEVELOPMENT_SEEDS,
    FIRST_SEED,
    SessionFigures,
    main,
    photo_figures,
    photo_glimpses,
    session_figures,
)
from companion.tools.film_run import FilmFigures
from companion.tools.session_run import Tally
from companion.tools.synthetic.table_film import NOISE_LEVEL, NOISY_LEVEL
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


def test_each_photo_glimpsed_and_dimmed_is_reported_and_kept(tmp_path: Path) -> None:
    write_manifest(tmp_path)
    figures = photo_glimpses(tmp_path)
    assert [(p.path, p.placed, p.wrong, p.missed) for p in figures] == [
        ("one.png", ("4D", "KS"), 0, 0),
        ("two.png", ("7C",), 0, 0),
    ]


@pytest.mark.parametrize(
    ("first", "used"), [("0", "1..2"), ("4998", "5000..5000"), ("5099", "5099..5099")]
)
def test_development_seeds_are_refused(
    first: str, used: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--games", "3", "--first-seed", first])
    error = capsys.readouterr().err
    assert f"seeds {used} were used to develop the tracker (1..4, 5000..5099)" in error
    assert "--development" in error


def test_the_default_seeds_are_not_development_ones() -> None:
    assert not any(
        seed in block
        for seed in range(FIRST_SEED, FIRST_SEED + 1000)
        for block in DEVELOPMENT_SEEDS
    )


def test_development_seeds_are_run_when_asked_and_said_to_be_no_figure(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(figures, "session_figures", short_session)
    assert main(["--games", "1", "--first-seed", "5000", "--development"]) == 0
    assert "game: 1 sessions (seeds 5000..5000) (development seeds: not a figure):" in (
        capsys.readouterr().out
    )


def test_each_kind_asked_is_run_and_summed_apart(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(figures, "session_figures", short_session)
    assert (
        main(["--games", "1", "--first-seed", "5000", "--development", "--kinds", "dimmed,noisy"])
        == 0
    )
    out = capsys.readouterr().out
    assert "dimmed: 1 sessions" in out and "noisy: 1 sessions" in out and "game:" not in out


def test_an_unknown_kind_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--kinds", "game,sunny"])
    assert (
        '"sunny" is no session kind (game, glimpsed, dimmed, fours, noisy)'
        in capsys.readouterr().err
    )


def test_a_folder_without_a_manifest_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--games", "0", "--photos", str(tmp_path)])
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


def short_session(
    game: str, seed: int, frame_size: tuple[int, int], *, kind: SessionKind = SessionKind.GAME
) -> SessionFigures:
    return session_figures(game, seed, frame_size, events=3, kind=kind)


class _InProcess:
    """A stand-in for the process pool: the jobs run here, one after another."""

    def __init__(self, max_workers: int) -> None:
        self.max_workers = max_workers

    def __enter__(self) -> _InProcess:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def map(self, function: Callable[[Any], Any], jobs: Iterable[Any]) -> Iterator[Any]:
        return map(function, jobs)


def test_short_films_are_asked_of_every_film_with_and_without_noise(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[tuple[str, int, str, Path | None, float, bool]] = []

    def film_job(job: tuple[str, int, str, Path | None, float, bool]) -> FilmFigures:
        asked.append(job)
        kind, seed, art, _, noise, _ = job
        counts = Tally(expected=2, placed=2, right=2, wrong=0, missed=0, doubled=0, delays=())
        return FilmFigures(kind, art, seed, noise, 10, counts, (), ())

    monkeypatch.setattr(figures, "ProcessPoolExecutor", _InProcess)
    monkeypatch.setattr(figures, "_film_job", film_job)
    args = ["--games", "0", "--films", "1", "--film-kinds", "pips", "--short-films"]
    assert main(args) == 0
    assert [(kind, art, noise, short) for kind, _, art, _, noise, short in asked] == [
        ("pips", "drawn", NOISE_LEVEL, True),
        ("pips", "drawn", NOISY_LEVEL, True),
    ]
    out = capsys.readouterr().out
    assert f"film pips (drawn cards, noise {NOISY_LEVEL:g}): 2 placed cards" in out
