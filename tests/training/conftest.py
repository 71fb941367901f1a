"""Shared fixtures: a small set of font-drawn faces (no Debian packages needed)."""

from __future__ import annotations

import pytest

from companion.cards import Card, IndexScript
from training.fontfaces import available_designs, font_faces
from training.types import FaceImage

SAMPLE_CARDS = tuple(Card.parse(text) for text in ("2S", "7H", "10D", "JC", "QS", "KH", "AD"))


@pytest.fixture(scope="session")
def sample_faces() -> list[FaceImage]:
    """Seven cards of two font designs in all three scripts."""
    return font_faces(cards=SAMPLE_CARDS, designs=available_designs()[:2])


@pytest.fixture(scope="session")
def english_faces() -> list[FaceImage]:
    return font_faces(
        scripts=(IndexScript.ENGLISH,), cards=SAMPLE_CARDS, designs=available_designs()[:1]
    )
