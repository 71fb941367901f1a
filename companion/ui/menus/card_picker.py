"""The rank-then-suit card picker shared by the unsure-card question and cards entered by
hand: UP/DOWN change the rank (the deck's only), OK goes on to the suit, OK again picks
the card; BACK on the suit goes back to the rank, BACK on the rank leaves the picker."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from companion.cards import Card, Rank, Suit
from companion.ui.menus.state import CardPick, direction, is_short, moved
from companion.ui.presses import Button, ButtonPress

SUITS = tuple(Suit)


@dataclass(frozen=True)
class PickerLeft:
    """BACK while picking the rank: the picker is put away."""


PickerStep = CardPick | Card | PickerLeft | None
"""The picker moved (a new ``CardPick``), a card was picked, it was left, or the press
does nothing here (None)."""


def step_picker(pick: CardPick, press: ButtonPress, ranks: tuple[Rank, ...]) -> PickerStep:
    # UP is the higher rank: the rank list's cursor runs the other way round
    flipped = ButtonPress(Button.DOWN if press.button is Button.UP else Button.UP, press.kind)
    if direction(press) and not pick.picking_suit:
        index = ranks.index(pick.rank) if pick.rank in ranks else 0
        return dataclasses.replace(pick, rank=ranks[moved(index, len(ranks), flipped)])
    if direction(press):
        suit = SUITS[moved(SUITS.index(pick.suit), len(SUITS), flipped)]
        return dataclasses.replace(pick, suit=suit)
    if is_short(press, Button.OK):
        return Card(pick.rank, pick.suit) if pick.picking_suit else _suit_next(pick)
    if is_short(press, Button.BACK):
        return dataclasses.replace(pick, picking_suit=False) if pick.picking_suit else PickerLeft()
    return None


def _suit_next(pick: CardPick) -> CardPick:
    return dataclasses.replace(pick, picking_suit=True)
