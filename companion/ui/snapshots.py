"""Screens of an event script written as PNG files, for bug reports and tests: the final
state's screen, or one picture after each event (``companion simulate --screen(s)``), with
``screens.txt``, the lines drawn on each (see ``transcript``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from companion.games.engine import Violation
from companion.games.errors import RefusedEvent
from companion.games.round_outcome import RoundOutcome
from companion.games.script import Script
from companion.games.session import Game
from companion.ui.canvas import Sheet
from companion.ui.screens import compose_game, draw_game, page_count
from companion.ui.screens.layout import table_names
from companion.ui.screens.outcome import compose_outcome
from companion.ui.screens.violation import compose_refusal, compose_violation
from companion.ui.transcript import TRANSCRIPT_FILE, Shown, screens_text
from companion.ui.transcript import lines as transcript_lines
from companion.ui.views import game_view
from companion.values.language import Language


class SnapshotError(ValueError):
    """A picture that cannot be written (a bad page, a folder that cannot be made...)."""


@dataclass(frozen=True)
class Snapshot:
    """One picture of the script: its file name, the image and the lines drawn on it."""

    name: str
    image: Image.Image
    lines: tuple[str, ...] = ()

    @classmethod
    def of(cls, name: str, sheet: Sheet) -> Snapshot:
        return cls(name, sheet.image, tuple(transcript_lines(sheet.marks)))


def final_screen(game: Game, language: Language, *, page: int = 1) -> Image.Image:
    """The game's screen now; ``page`` counted from 1, as people count pages."""
    view = game_view(game)
    count = page_count(view)
    if not 1 <= page <= count:
        raise SnapshotError(f"--page {page}: this screen has pages 1 to {count}")
    return draw_game(view, language, page=page - 1, people=game.people)


def event_snapshots(script: Script, language: Language) -> list[Snapshot]:
    """The screen before the first event and after each one; an event that ends a money
    game's round adds the round's outcome (the box shows it first), one that flags a
    violation the violation's screen, a refused event the refusal's (the state stays as it
    was, as with ``--keep-going``)."""
    game = Game.of(script.spec())
    people = game.people  # the seats by name where the script names them
    names = table_names(people, language)
    shots = [Snapshot.of("000-start", compose_game(game_view(game), language, people=people))]
    outcome: RoundOutcome | None = None
    for index, line in enumerate(script.lines, start=1):
        stem = f"{index:03d}-line{line.number}"
        flagged = len(game.state.violations)
        try:
            game.apply(line.event, line.number)
        except RefusedEvent as refusal:
            seat_led = game.engine.seat_led_actions
            sheet = compose_refusal(line.event, refusal, language, seat_led=seat_led, people=people)
            shots.append(Snapshot.of(f"{stem}-refused", sheet))
            continue
        view = game_view(game)
        shots.append(Snapshot.of(stem, compose_game(view, language, people=people)))
        shown = getattr(view, "outcome", None)
        if isinstance(shown, RoundOutcome) and shown != outcome:
            sheet = Sheet()
            compose_outcome(sheet, shown, language, names)
            shots.append(Snapshot.of(f"{stem}-outcome", sheet))
        outcome = shown if isinstance(shown, RoundOutcome) else None
        new: list[Violation] = game.state.violations[flagged:]
        for number, violation in enumerate(new, start=1):
            sheet = compose_violation(violation, language, people=people)
            shots.append(Snapshot.of(f"{stem}-violation{number}", sheet))
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
    text = screens_text([Shown(f"{shot.name}.png", shot.lines) for shot in shots])
    try:
        (folder / TRANSCRIPT_FILE).write_text(text, encoding="utf-8")
    except OSError as error:
        raise SnapshotError(
            f"cannot write {folder / TRANSCRIPT_FILE}: {error.strerror or error}"
        ) from None
