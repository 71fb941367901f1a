"""The controller's one table of modes: each mode of the menus has its row (what a press
does in it, how it is drawn), so a new mode is one row, not a branch in two ladders."""

from __future__ import annotations

from typing import get_args

import pytest

from companion.cards import Rank, Suit
from companion.ui.controller import MODES, compose, handle
from companion.ui.menus.state import CardPick, Home, Mode, Scores, UiContext, UiState
from companion.ui.presses import Button, ButtonPress


def test_every_mode_but_a_question_pick_has_its_row() -> None:
    # a card pick belongs to an unsure question, which the question's own handler keeps
    assert set(get_args(Mode)) - set(MODES) == {CardPick}


@pytest.mark.parametrize(
    "gone", [CardPick("trick", Rank.QUEEN, Suit.HEARTS), Scores()], ids=["card-pick", "scores"]
)
def test_a_mode_whose_subject_went_away_acts_and_draws_as_home(gone: Mode) -> None:
    context = UiContext()  # no game, no question: nothing to pick for, no scores to show
    state = UiState(mode=gone)
    after, intents = handle(state, ButtonPress(Button.DOWN), context)
    assert intents == () and isinstance(after.mode, Home)
    assert compose(state, context).image.tobytes() == compose(UiState(), context).image.tobytes()
