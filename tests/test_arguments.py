"""The shared command-line value types."""

from __future__ import annotations

import argparse

import pytest

from companion.arguments import confidence, positive_count, summary_of


@pytest.mark.parametrize("text", ["1", "12", "+3", " 7 "])
def test_a_positive_count_is_read_as_a_whole_number(text: str) -> None:
    assert positive_count(text) == int(text)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("0", "0 is not at least 1"),
        ("-2", "-2 is not at least 1"),
        ("two", "'two' is not a whole number"),
        ("1.5", "'1.5' is not a whole number"),
    ],
)
def test_anything_else_is_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=reason):
        positive_count(text)


def test_a_tools_help_gives_the_first_paragraph_of_its_docstring_whole() -> None:
    doc = """The whole reader on held-out scenes whose
    faces carry Polish indices.

        .venv/bin/python -m the.tool --scenes 300
    """
    assert (
        summary_of(doc) == "The whole reader on held-out scenes whose faces carry Polish indices."
    )
    assert summary_of("One line.") == "One line."
    assert summary_of(None) == ""


@pytest.mark.parametrize("text", ["0", "0.9", "1", "1.0", " 0.95 "])
def test_a_confidence_is_a_number_from_0_to_1(text: str) -> None:
    assert confidence(text) == float(text)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1.5", "1.5 is not from 0 to 1"),
        ("-0.1", "-0.1 is not from 0 to 1"),
        ("nan", "nan is not from 0 to 1"),
        ("high", "'high' is not a number"),
    ],
)
def test_a_confidence_outside_0_to_1_is_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=reason):
        confidence(text)
