"""Choosing an amount: the picker's keys and its picture."""

from __future__ import annotations

import dataclasses

from companion.games.engine import ActionOffer, AmountChoice
from companion.ui.canvas import WIDTH, Align, Sheet, text_width
from companion.ui.menus import draw
from companion.ui.menus.amounts import start_value, step_value
from companion.ui.menus.state import OfferKey, Picked, UiState, direction, is_held
from companion.ui.presses import ButtonPress, PressKind
from companion.values.language import Language
from companion.words import say
from companion.words.labels import offer_label

# A range with more values than this is shown as "low … high" rather than each value.
STRIP_MAX = 12
# The actions whose amount 0 sits the seat out of the round (a bid of 0 is a real bid).
SITS_OUT_AT_ZERO = frozenset({"bet", "stake"})


def zero_note(offer: ActionOffer, value: int, language: Language) -> str | None:
    """What a chosen 0 means, where the range starts at 0 and 0 sits the round out."""
    choice = offer.amount
    if choice is None or value != 0 or choice.low != 0 or offer.name not in SITS_OUT_AT_ZERO:
        return None
    return say("amount.zero-sits-out", language)


def fresh_pick(state: UiState, offer: ActionOffer) -> Picked | None:
    """A new picker for ``offer``, starting at the last amount entered for its action,
    else at the last amount entered (a stake after a bank of 10 starts at 10)."""
    assert offer.amount is not None
    value = start_value(offer.amount, state.remembered_amount(offer.name))
    return None if value is None else Picked(OfferKey.of(offer), value)


def kept_pick(picked: Picked, offer: ActionOffer) -> Picked | None:
    """``picked`` checked against the offer as it is now (its range may have moved)."""
    assert offer.amount is not None
    if picked.value in offer.amount:
        return picked
    value = start_value(offer.amount, picked.value)
    return None if value is None else dataclasses.replace(picked, value=value)


def stepped(picked: Picked, choice: AmountChoice, press: ButtonPress, repeats: int) -> Picked:
    if press.kind is PressKind.LONG:
        return picked
    value = step_value(choice, picked.value, direction(press), repeats=repeats, held=is_held(press))
    return dataclasses.replace(picked, value=value)


def draw_amount(sheet: Sheet, offer: ActionOffer, value: int, language: Language) -> None:
    choice = offer.amount
    assert choice is not None
    allowed = choice.values()
    # the values it may take, not the range's ends when an end is excluded (the hook)
    span = f"{allowed[0]}–{allowed[-1]}" if len(allowed) > 1 else str(value)
    draw.header(sheet, offer_label(offer, language), span)
    note = zero_note(offer, value, language)
    if note is not None:
        draw.centred(sheet, draw.line(0), note)
    draw.big_number(
        sheet,
        draw.line(2) + 4,
        str(value),
        lower=any(v < value for v in allowed),
        higher=any(v > value for v in allowed),
    )
    baseline = draw.line(4)
    if choice.high - choice.low + 1 > STRIP_MAX:
        draw.hint(sheet, say("menu.amount_hint", language))
        return
    _strip(sheet, choice, value, baseline)


def _strip(sheet: Sheet, choice: AmountChoice, value: int, baseline: int) -> None:
    """Every value of the range in a row: the chosen one boxed, excluded ones struck."""
    texts = [str(v) for v in range(choice.low, choice.high + 1)]
    widths = [text_width(text, draw.BODY) for text in texts]
    gap = max(3, min(8, (WIDTH - 4 - sum(widths)) // max(1, len(texts))))
    x = (WIDTH - sum(widths) - gap * (len(texts) - 1)) // 2
    for number, text, width in zip(range(choice.low, choice.high + 1), texts, widths, strict=True):
        mark = sheet.text((x, baseline), text, draw.BODY, align=Align.LEFT)
        if number in choice.excluded:
            sheet.strike(mark)
        if number == value:
            sheet.box(x - 2, baseline - 9, x + width + 1, baseline + 2)
        x += width + gap
