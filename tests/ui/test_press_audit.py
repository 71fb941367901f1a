"""The press audit as a property: random press sequences on every game and phase (the
camera reading the example, or cards entered by hand), each press held to the screen it
was pressed on (see ``companion.tools.press_audit``)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tools.press_audit import (
    EXAMPLES,
    KINDS,
    Opening,
    Plan,
    Step,
    audit,
    example,
)
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.values.language import Language

presses = st.sampled_from(
    [ButtonPress(button, kind) for button, kinds in KINDS.items() for kind in kinds]
)
steps: st.SearchStrategy[Step] = st.one_of(
    presses, presses, presses, presses, st.just("camera"), st.just("unsure")
)


@st.composite
def plans(draw: st.DrawFn) -> Plan:
    game = draw(st.sampled_from(EXAMPLES))
    events = len(example(game)[1])
    return Plan(
        game,
        draw(st.integers(0, events)),
        draw(st.booleans()),
        draw(st.sampled_from(list(Language))),
        tuple(draw(st.lists(steps, max_size=60))),
        draw(st.sampled_from(list(Opening))),
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plans())
def test_a_press_does_only_what_the_screen_it_was_pressed_on_showed(plan: Plan) -> None:
    figures = audit([plan])
    assert figures.violations == [], "\n".join(figures.violations)


def test_the_audit_counts_what_it_checked() -> None:
    plan = Plan("oh-hell", 1, False, Language.EN, (ButtonPress(Button.OK),))
    figures = audit([plan])
    assert (figures.sequences, figures.presses, figures.rows) == (1, 1, 1)


UP_HELD = ButtonPress(Button.UP, PressKind.REPEAT)
LONG_OK = ButtonPress(Button.OK, PressKind.LONG)
LONG_BACK = ButtonPress(Button.BACK, PressKind.LONG)
OK = ButtonPress(Button.OK)
BACK = ButtonPress(Button.BACK)
DOWN = ButtonPress(Button.DOWN)

# The issue's own sequences: the bank held up to 10, the menu and BACK (defect 1); an
# undo two presses away (defect 2).
ISSUE_SEQUENCES = {
    "bank kept through the menu": Plan(
        "oczko", 0, False, Language.EN, (UP_HELD,) * 9 + (LONG_OK, BACK)
    ),
    "undo two presses away": Plan("oh-hell", 3, False, Language.EN, (LONG_BACK, OK)),
    "menu, OK, OK": Plan("oh-hell", 5, False, Language.EN, (LONG_OK, OK, OK)),
}


@pytest.mark.parametrize("name", sorted(ISSUE_SEQUENCES))
def test_the_issues_sequences_surprise_nobody(name: str) -> None:
    figures = audit([ISSUE_SEQUENCES[name]])
    assert figures.violations == [], "\n".join(figures.violations)
