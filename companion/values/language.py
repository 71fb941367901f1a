"""The languages of the table's words, and the shape every catalogue of words has."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum


class Language(Enum):
    EN = "en"
    PL = "pl"
    RU = "ru"


# Words in every language: a key ("oh-hell.trump") to a ``str.format`` template ("Trump
# {card}"). The common catalogue (``companion.words``) and each game's own words have
# this shape.
Words = Mapping[Language, Mapping[str, str]]
