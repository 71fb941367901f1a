"""Gwiazda screens: the bank and the stakes, the bank cards and each punter's card from
deck A, the cards of deck B laid so far (cover, guard, won and lost), the payouts; then
the balances."""

from __future__ import annotations

from companion.games.gwiazda.state import WON_LOST_CARDS, Phase, Status
from companion.games.gwiazda.view import GwiazdaSeat, GwiazdaView
from companion.games.round_outcome import BankMeaning
from companion.ui.canvas import Sheet
from companion.ui.screens.layout import (
    BODY,
    BODY_BOLD,
    MARGIN,
    RIGHT,
    balances_page,
    card_text,
    cards_text,
    cells,
    header,
    left_right,
    line,
    named,
    seat_texts,
    signed,
    stake_line,
)
from companion.ui.screens.outcome import bank_text
from companion.ui.seat_names import SeatNames
from companion.values.language import Language
from companion.words import say

STAKE_AMOUNT = 100  # the highest stake the buttons offer (as the engine's offers)
SEATS_PER_LINE = 3
CARDS_PER_LINE = 2  # a punter's card and stake take half a line
FIRST_PAGE_PUNTERS = 8  # under the bank cards
CARD_PHASES = (Phase.DEAL, Phase.RESTAKE)


def page_count(view: GwiazdaView) -> int:
    """The deal, a page of the punters who did not fit on it, the balances."""
    return 2 + int(_overflow(view))


def _overflow(view: GwiazdaView) -> bool:
    return view.phase in CARD_PHASES and len(_punters(view)) > FIRST_PAGE_PUNTERS


def compose(
    sheet: Sheet,
    view: GwiazdaView,
    language: Language,
    page: int,
    chosen: int | None,
    names: SeatNames,
) -> None:
    bank = bank_text(view.bank, BankMeaning.SIZE, language)
    if page == 1 and _overflow(view):
        header(sheet, say(f"gwiazda.phase.{view.phase.value}", language), bank)
        shown = _punters(view)[FIRST_PAGE_PUNTERS:]
        texts = _seat_cells(shown, language, names)
        cells(sheet, 0, texts, per_line=CARDS_PER_LINE, pen=BODY)
        return
    if page == page_count(view) - 1:
        balances = [(place.seat, place.balance) for place in view.seats]
        balances_page(sheet, language, balances, view.banker, bank, names)
        return
    header(sheet, say(f"gwiazda.phase.{view.phase.value}", language), bank)
    if view.phase is Phase.POOL:
        stake_line(sheet, line(0), say("gwiazda.pay-in", language), 1, STAKE_AMOUNT, chosen)
    elif view.phase is Phase.STAKES:
        _stakes(sheet, view, language, chosen, names)
    elif view.phase in (Phase.DEAL, Phase.RESTAKE):
        _deck_a(sheet, view, language, names)
    elif view.phase is Phase.OVER:
        _payouts(sheet, view, language, names)
    else:
        _deck_b(sheet, view, language)


def _punters(view: GwiazdaView) -> list[GwiazdaSeat]:
    return [place for place in view.seats if place.status is not Status.BANKER]


def _stakes(
    sheet: Sheet, view: GwiazdaView, language: Language, chosen: int | None, names: SeatNames
) -> None:
    stakes = [(p.seat, str(p.stake or "·")) for p in _punters(view)]
    texts = seat_texts(names, stakes, BODY, per_line=SEATS_PER_LINE)
    after = cells(sheet, 0, texts, per_line=SEATS_PER_LINE)
    total = say("gwiazda.stakes-total", language, total=view.stakes_total)
    if chosen is not None and view.next is not None:
        total = named(names, view.next, BODY_BOLD, RIGHT - MARGIN, lambda who: f"{who}: {chosen}")
    sheet.text((MARGIN, line(max(after, 4))), total, BODY_BOLD)


def _deck_a(sheet: Sheet, view: GwiazdaView, language: Language, names: SeatNames) -> None:
    cards = cards_text(view.bank_cards, language) or "–"
    left_right(
        sheet, line(0), say("gwiazda.bank-cards", language), cards, BODY, right_pen=BODY_BOLD
    )
    punters = _punters(view)[:FIRST_PAGE_PUNTERS]
    texts = _seat_cells(punters, language, names)
    cells(sheet, 1, texts, per_line=CARDS_PER_LINE, pen=BODY)


def _seat_cells(places: list[GwiazdaSeat], language: Language, names: SeatNames) -> list[str]:
    """Each punter's card and stake; a king's leaver and a jack's loser show no stake (the
    card says what happened)."""
    shown = []
    for place in places:
        card = "" if place.card is None else card_text(place.card, language)
        stake = str(place.stake) if place.status in (Status.IN, Status.STAKED) else "–"
        shown.append((place.seat, f"{card} {stake}"))
    return seat_texts(names, shown, BODY, per_line=CARDS_PER_LINE)


def _deck_b(sheet: Sheet, view: GwiazdaView, language: Language) -> None:
    left_right(
        sheet,
        line(0),
        say("gwiazda.bank-cards", language),
        cards_text(view.bank_cards, language),
        BODY,
        right_pen=BODY_BOLD,
    )
    cover = cards_text(view.cover, language) or "–"
    left_right(sheet, line(1), say("gwiazda.cover", language), cover, BODY)
    guard = cards_text(view.guard, language) or "–"
    left_right(sheet, line(2), say("gwiazda.guard", language), guard, BODY)
    shown = view.won_lost[-1:] if view.won_lost else ()
    laid = f"{len(view.won_lost)}/{WON_LOST_CARDS} {cards_text(shown, language)}".strip()
    left_right(sheet, line(3), say("gwiazda.won-lost", language), laid, BODY)
    if view.match is not None:
        text = say("gwiazda.match", language, card=card_text(view.match.card, language))
    else:
        text = say("gwiazda.stakes-total", language, total=view.stakes_total)
    sheet.text((MARGIN, line(4)), text, BODY_BOLD)


def _payouts(sheet: Sheet, view: GwiazdaView, language: Language, names: SeatNames) -> None:
    paid = [(p.seat, signed(p.amount)) for p in view.payouts]
    texts = seat_texts(names, paid, BODY, per_line=SEATS_PER_LINE)
    after = cells(sheet, 0, texts, per_line=SEATS_PER_LINE)
    change = say("gwiazda.bank-change", language, change=signed(view.bank_change))
    sheet.text((MARGIN, line(max(after, 4))), change, BODY_BOLD)
