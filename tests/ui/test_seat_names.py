"""The seats' names on the screens: the longest form that fits, never two seats alike."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.games.people import People
from companion.ui.canvas import text_width
from companion.ui.screens.layout import BODY
from companion.ui.seat_names import SeatNames


def test_a_name_is_cut_then_made_an_initial() -> None:
    names = SeatNames(People.parse("Bartłomiej,Ania,Celina"))
    assert names.forms(0)[:3] == ("Bartłomiej", "Bartłomie.", "Bartłomi.")
    assert names.forms(0)[-2:] == ("Ba.", "B")
    assert names.fit(0, BODY, 200) == "Bartłomiej"
    assert names.fit(0, BODY, text_width("Bart.", BODY)) == "Bart."
    assert names.fit(1, BODY, 1) == "A"


def test_names_alike_keep_the_letters_that_tell_them_apart() -> None:
    names = SeatNames(People.parse("Bartek,Barbara,Ola"))
    assert names.forms(0) == ("Bartek", "Barte.", "Bart.", "B1")
    assert names.forms(1)[-1] == "B2"
    assert names.forms(2) == ("Ola", "Ol.", "O")


def test_unnamed_seats_are_the_languages_p1_to_pn() -> None:
    names = SeatNames(None, unnamed="И{number}")
    assert names.forms(2) == ("И3",) and names.seat_of("И3") == 2


@given(
    st.lists(
        st.text(alphabet="AaBbŁłĆć", min_size=1, max_size=9),
        min_size=2,
        max_size=8,
        unique_by=str.casefold,
    )
)
def test_no_form_of_one_seat_is_a_form_of_another(words: list[str]) -> None:
    names = SeatNames(People.of(words))
    seen: dict[str, int] = {}
    for seat in range(len(words)):
        for form in names.forms(seat):
            assert seen.setdefault(form.casefold(), seat) == seat, (form, words)
            assert names.seat_of(form) == seat
