"""Screens of an event script written as PNG files, for bug reports and tests: the final
state's screen, or one picture after each event (``companion simulate --screen(s)``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from companion.games.engine import Violation
from companion.games.errors import RefusedEvent
from companion.games.registry import make_engine
from companion.games.script import Script
from companion.games.session import Game
from companion.ui.screens import draw_game, page_count
from companion.ui.screens.violation import draw_refusal, draw_violation
from companion.ui.texts import Language
from companion.ui.views import game_view


class SnapshotError(ValueError):
    """A picture that cannot be written (a bad page, a folder that cannot be made...)."""


@dataclass(frozen=True)
class Snapshot:
    """One picture of the script: its file name and the image."""

    name: str
    image: Image.Image


def final_screen(game: Game, language: Language, *, page: int = 1) -> Image.Image:
    """The game's screen now; ``page`` counted from 1, as people count pages."""
    view = game_view(game)
    count = page_count(view)
    if not 1 <= page <= count:
        raise SnapshotError(f"--page {page}: this screen has pages 1 to {count}")
    return draw_game(view, language, page=page - 1)


def event_snapshots(script: Script, language: Language) -> list[Snapshot]:
    """The screen before the first event and after each one; an event that flags a
    violation adds the violation's screen, a refused event the refusal's (the state stays
    as it was, as with ``--keep-going``)."""
    game = Game(make_engine(script.game, script.options))
    shots = [Snapshot("000-start", draw_game(game_view(game), language))]
    for index, line in enumerate(script.lines, start=1):
        stem = f"{index:03d}-line{line.number}"
        flagged = len(game.state.violations)
        try:
            game.apply(line.event, line.number)
        except RefusedEvent as refusal:
            shots.append(
                Snapshot(
                    f"{stem}-refused",
                    draw_refusal(
                        line.event, refusal, language, seat_led=game.engine.seat_led_actions
                    ),
                )
            )
            continue
        shots.append(Snapshot(stem, draw_game(game_view(game), language)))
        new: list[Violation] = game.state.violations[flagged:]
        for number, violation in enumerate(new, start=1):
            shots.append(Snapshot(f"{stem}-violation{number}", draw_violation(violation, language)))
    return shots


def save(image: Image.Image, path: Path) -> None:
    try:
        image.save(path, format="PNG")
    except OSError as error:
        raise SnapshotError(f"cannot write {path}: {error.strerror or error}") from None


def save_all(shots: list[Snapshot], folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SnapshotError(f"cannot make the folder {folder}: {error.strerror or error}") from None
    for shot in shots:
        save(shot.image, folder / f"{shot.name}.png")
