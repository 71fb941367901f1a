"""The evening on the OLED: every person's totals, then who pays whom; names cut to fit,
numbers never, nothing overlapping, in every language."""

from __future__ import annotations

import pytest

from companion.games.evening import Evening, group_evenings, money_transfers, totals
from companion.ui.canvas import Sheet
from companion.ui.screens.evening import compose, fit_name, page_count
from companion.ui.screens.layout import BODY
from companion.ui.transcript import lines
from companion.values.language import Language
from tests.games.test_evening import _game
from tests.ui.test_fit import problems

LONG = "Bartłomiej,Małgorzata,Konstantyn,Aleksandra,Przemysław,Władysława,Кристофер"


def _evenings() -> list[Evening]:
    three = [
        _game(1, 0, "Ania,Bartek,Celina,Dima", (43, 11, 22, 32), game="oh-hell"),
        _game(2, 60, "Dima,Ania,Celina", (-2, 5, -3)),
        _game(3, 120, "Bartek,Celina,Dima,Ania", (-7, 3, 8, -4)),
    ]
    crowd = [
        _game(1, 0, LONG, (120, -35, -20, -15, -10, -25, -15)),
        _game(2, 30, LONG, (-7, 3, 8, -4, 1, -1, 0), game="oh-hell"),
    ]
    unnamed = [_game(1, 0, None, (5, -5, 0))]
    return [group_evenings(games)[0] for games in (three, crowd, unnamed)]


@pytest.mark.parametrize("language", list(Language), ids=[lang.value for lang in Language])
def test_every_page_of_every_evening_fits(language: Language) -> None:
    for evening in [*_evenings(), None]:
        for page in range(page_count(evening)):
            sheet = Sheet()
            compose(sheet, evening, language, page)
            assert problems(sheet) == [], (evening, page)


def test_each_persons_totals_and_the_transfers_are_shown() -> None:
    evening = _evenings()[0]
    said: list[str] = []
    for page in range(page_count(evening)):
        sheet = Sheet()
        compose(sheet, evening, Language.EN, page)
        said += [" ".join(line.split()) for line in lines(sheet.marks)]
    for total in totals(evening):
        assert any(line.startswith(total.person.name) for line in said), said
    for transfer in money_transfers(evening):
        assert f"{transfer.payer} → {transfer.payee} {transfer.amount}" in said, said
    assert "Ania 43 +1" in said


def test_a_long_name_is_cut_with_a_dot() -> None:
    assert fit_name("Przemysław", BODY, 30).endswith(".")
    assert fit_name("Ola", BODY, 30) == "Ola"
