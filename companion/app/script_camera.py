"""The terminal's stand-in for a camera: a bundled example's camera events, fed to the
table up to the script's next button action each time the game reaches it, which the
player then enters from the keys. An action other than the script's, an undo or a new
game leaves the script: from then on no camera events come (and cards are entered by
hand)."""

from __future__ import annotations

from collections.abc import Callable

from companion.app.messages import CameraState
from companion.app.table import Table
from companion.games.events import Action, Event
from companion.games.script import Script, parse_script
from companion.journal.store import Journal
from companion.ui.intents import StartGame
from companion.ui.settings import UiSettings


class ScriptCamera:
    def __init__(self, script: Script) -> None:
        self.events: tuple[Event, ...] = tuple(line.event for line in script.lines)
        self.following = True
        self._game: int | None = None  # the journal id of the game it follows
        self._fed = 0  # the game's events when it last looked

    def feed(self, table: Table) -> None:
        """Bring the table up to the script's next button action, or leave the script."""
        played = table.played
        if not self.following or played is None:
            return
        self._game = played.record.id if self._game is None else self._game
        events = played.game.events
        if (
            played.record.id != self._game
            or len(events) < self._fed
            or events != self.events[: len(events)]
        ):
            self._leave(table)
            return
        while len(events) < len(self.events):
            upcoming = self.events[len(events)]
            if isinstance(upcoming, Action):
                break
            if not table.seen(upcoming):
                self._leave(table)  # the table went its own way
                return
            events = played.game.events
        self._fed = len(events)
        if self._fed == len(self.events):
            self._leave(table)  # the script is played out

    def _leave(self, table: Table) -> None:
        self.following = False
        table.camera_is(CameraState.ENDED)


def practice_table(
    text: str,
    source: str,
    settings: UiSettings | None = None,
    *,
    journal: Journal | None = None,
    on_settings: Callable[[UiSettings, UiSettings], None] | None = None,
) -> tuple[Table, ScriptCamera]:
    """A table playing a script's game from the keys, and the script's camera events
    brought up to its first button action. ``journal``: where the games are kept (in
    memory when None); the unfinished game it holds is resumed, and the script's camera
    follows it while it is the script's own game. ``on_settings``: told of each change
    made in the settings menu."""
    script = parse_script(text, source)
    table = Table(
        journal or Journal.in_memory(),
        settings=settings or UiSettings(),
        camera=CameraState.READING,
        log=lambda line: None,  # the terminal shows the screen, not a log
        on_settings=on_settings,
    )
    table.resume()
    if table.played is None:
        table.carry_out(StartGame(script.spec()))
    camera = ScriptCamera(script)
    camera.feed(table)
    return table, camera
