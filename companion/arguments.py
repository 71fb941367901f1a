"""Command-line value types and options shared by the ``companion`` command and the
training tools."""

from __future__ import annotations

import argparse


def positive_count(text: str) -> int:
    """A count that must be a whole number of at least 1 (frames, scenes, pages, epochs,
    workers, threads): anything else is argparse's error naming the option."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def confidence(text: str) -> float:
    """A reader's confidence threshold: a number from 0 to 1; anything else is argparse's
    error naming the option."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.0 <= value <= 1.0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"{value} is not from 0 to 1")
    return value


def add_threshold_argument(parser: argparse.ArgumentParser) -> None:
    """``--min-confidence``: the reader's threshold, to measure a model before adopting it
    (its threshold comes from ``threshold_sweep``)."""
    parser.add_argument(
        "--min-confidence",
        type=confidence,
        default=None,
        help="read a card only at this confidence or more, from 0 to 1 (default: the "
        "threshold chosen for the candidate source; for measuring another --model, its "
        "own threshold from threshold_sweep)",
    )


def summary_of(doc: str | None) -> str:
    """A module docstring's first paragraph on one line, for a tool's ``--help``."""
    first, _, _ = (doc or "").strip().partition("\n\n")
    return " ".join(first.split())
