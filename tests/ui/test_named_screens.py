"""The games' own screens call the seats by the people's names where the game names them:
in full where they fit, cut or as initials where not, never past an edge or over another
text, never P1..Pn for a named seat."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from companion.games.people import People
from companion.games.registry import game_ids, make_engine, plugin
from companion.games.script import parse_script
from companion.games.session import Game
from companion.games.spec import GameSpec
from companion.tools.gallery import ScriptPoint
from companion.ui.canvas import Sheet, text_width
from companion.ui.controller import UiContext, UiState, compose
from companion.ui.screens import compose_game, page_count
from companion.ui.screens.layout import BODY, SMALL, named, table_names
from companion.ui.views import game_view
from companion.values.language import Language
from tests.ui.screen_states import amounts
from tests.ui.test_fit import problems
from tests.ui.test_legible import illegible

# Long names (twelve letters, the most a name may have), short ones, and names alike in
# their first letters; as many as the widest example has seats.
NAMES = (
    "Bartłomiejek",
    "Ola",
    "Barbara",
    "Maksymilian",
    "Ewa",
    "Konstantynek",
    "Jan",
)
UNNAMED = re.compile(r"\bP[1-9][0-9]?\b")


def _people(game_id: str) -> People:
    text = plugin(game_id).example_text()
    header = next(line for line in text.splitlines() if line.startswith("game "))
    return People(NAMES[: GameSpec.parse(header).seats])


def _named_sheets(game_id: str, people: People) -> Iterator[tuple[str, Sheet]]:
    """Every state of the game's example, every page, played by ``people``."""
    script = parse_script(plugin(game_id).example_text(), game_id)
    game = Game(make_engine(script.game, script.options))
    for number, script_line in enumerate([None, *script.lines]):
        if script_line is not None:
            game.apply(script_line.event, script_line.number)
        view = game_view(game)
        for page in range(page_count(view)):
            for chosen in amounts(game) if page == 0 else [None]:
                sheet = compose_game(view, Language.EN, page=page, chosen=chosen, people=people)
                yield f"{game_id}@{number} page {page} amount {chosen}", sheet


@pytest.mark.parametrize("game_id", game_ids())
def test_a_named_games_screens_name_its_people_and_fit(game_id: str) -> None:
    failures: list[str] = []
    said: set[str] = set()
    people = _people(game_id)
    for where, sheet in _named_sheets(game_id, people):
        texts = [mark.drawn for mark in sheet.marks if mark.drawn]
        failures.extend(f"{where}: {problem}" for problem in problems(sheet))
        failures.extend(f"{where}: {problem}" for problem in illegible(sheet))
        failures.extend(f"{where}: P-seat in {text!r}" for text in texts if UNNAMED.search(text))
        said.update(word.strip(":,").casefold() for text in texts for word in text.split())
    assert failures == []
    names = table_names(people, Language.EN)
    for seat in range(len(people.names)):
        # every person is named somewhere in the game, by one of their forms
        assert said & {form.casefold() for form in names.forms(seat)}, people.name(seat)
    # a short name fits everywhere it is written: it is said in full
    assert "ola" in said


def test_without_people_the_seats_are_p1_to_pn() -> None:
    names = table_names(None, Language.EN)
    assert named(names, 1, BODY, 1) == "P2"
    assert table_names(None, Language.RU).forms(0) == ("И1",)


def test_a_long_name_is_cut_to_its_room() -> None:
    names = table_names(People.parse("Bartłomiejek,Barbara,Ola"), Language.EN)
    room = text_width("Bartło. 3", BODY)
    text = named(names, 0, BODY, room, lambda who: f"{who} 3")
    assert text == "Bartło. 3" and text_width(text, BODY) <= room
    assert named(names, 0, BODY, 200) == "Bartłomiejek"
    # no room at all: the shortest form, which still tells Bartłomiejek from Barbara
    assert named(names, 0, BODY, 1) == "B1"
    assert named(names, 2, BODY, 1) == "O"


def test_the_small_face_writes_names_in_capitals() -> None:
    names = table_names(People.parse("Barbara,Ola"), Language.EN)
    assert named(names, 0, SMALL, 200) == "BARBARA"
    assert named(names, 0, BODY, 200) == "Barbara"


def test_the_boxs_home_screen_names_the_people_of_the_game_at_the_table() -> None:
    game = ScriptPoint("example:oh-hell", 17).game()
    header = "game oh-hell players=4 dealer=0 people=Ania,Bartek,Celina,Dima"
    for spec, shown in ((GameSpec.parse(header), "Celina led"), (None, "P3 led")):
        sheet = compose(UiState(), UiContext(view=game_view(game), spec=spec))
        texts = " ".join(mark.drawn for mark in sheet.marks)
        assert shown in texts
        assert bool(UNNAMED.search(texts)) is (spec is None)
