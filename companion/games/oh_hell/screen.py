"""Oh Hell screens: the trump, the bids, the trick in play, tricks against bids, the score
sheet and the end of a hand or the game.

Page 0 follows the phase; page 1 is tricks against bids; pages 2 on are the score sheet,
three hands to a page over the totals.
"""

from __future__ import annotations

from companion.games.oh_hell.state import HandRecord, Phase
from companion.games.oh_hell.view import OhHellView
from companion.ui.canvas import HEIGHT, INK, PAPER, WIDTH, Align, Pen, Sheet, text_width
from companion.ui.screens.layout import (
    BIG,
    BODY,
    BODY_BOLD,
    BODY_LINES,
    HEADER_BASELINE,
    HEADER_BOTTOM,
    MARGIN,
    RIGHT,
    SMALL,
    card_text,
    cells,
    header,
    left_right,
    line,
    named,
    seat_texts,
    signed,
)
from companion.ui.seat_names import SeatNames
from companion.values.language import Language
from companion.words import say

SHEET_ROWS = 3  # hands on a page of the score sheet; its last line holds the totals
FIXED_PAGES = 2  # the phase's page and tricks against bids
VALUE_STEP = 16  # pixels between the bid values offered
BIDDER_ROOM = 40  # the bidder's name before the values: room for four of them after it


def page_count(view: OhHellView) -> int:
    return FIXED_PAGES + -(-len(view.score_sheet) // SHEET_ROWS)


def compose(
    sheet: Sheet,
    view: OhHellView,
    language: Language,
    page: int,
    chosen: int | None,
    names: SeatNames,
) -> None:
    if page == 0:
        _phase_page(sheet, view, language, chosen, names)
    elif page == 1:
        _tricks_page(sheet, view, language, names)
    else:
        _sheet_page(sheet, view, language, page - FIXED_PAGES, names)


def _trump(view: OhHellView, language: Language) -> str:
    if view.trump is None:
        return say("oh-hell.no-trump", language) if view.no_trump else ""
    return say("oh-hell.trump", language, card=card_text(view.trump, language))


def _hand_title(view: OhHellView, language: Language) -> str:
    return say("oh-hell.hand", language, hand=view.hand, hands=view.hands, size=view.hand_size)


def _phase_page(
    sheet: Sheet, view: OhHellView, language: Language, chosen: int | None, names: SeatNames
) -> None:
    if _last_trick_shown(view):
        _finished_trick(sheet, view, language, names)
    elif view.phase is Phase.OVER:
        _game_over(sheet, view, language, names)
    elif view.phase is Phase.TRUMP:
        _waiting_for_trump(sheet, view, language, names)
    elif view.phase is Phase.BIDDING:
        _bidding(sheet, view, language, chosen, names)
    else:
        _trick(sheet, view, language, names)


def _last_trick_shown(view: OhHellView) -> bool:
    """The last trick of a hand still lies in the zone: its cards and who took it come
    before the hand's summary (not while bids are being named: those need the page)."""
    return (
        view.phase in (Phase.TRUMP, Phase.OVER)
        and bool(view.trick)
        and view.trick_winner is not None
        and bool(view.score_sheet)
    )


def _said(names: SeatNames, number: int, language: Language, key: str, pen: Pen = BODY) -> str:
    """A line of words about a seat, its name in the longest form the line holds."""
    return named(names, number, pen, RIGHT - MARGIN, lambda who: say(key, language, seat=who))


def _finished_trick(sheet: Sheet, view: OhHellView, language: Language, names: SeatNames) -> None:
    """The hand's last trick with every card, its taker, and each seat's tricks against
    its bid from the sheet's row of the hand just scored."""
    record = view.score_sheet[-1]
    title = say("oh-hell.trick", language, trick=record.size, tricks=record.size)
    trump = "" if record.trump is None else card_text(record.trump, language)
    header(sheet, title, say("oh-hell.trump", language, card=trump) if trump else "")
    _trick_cards(sheet, view, language, names)
    winner = view.trick_winner if view.trick_winner is not None else 0
    sheet.text((MARGIN, line(2) + 1), _said(names, winner, language, "oh-hell.takes-trick"), BODY)
    scores = [
        (number, f"{record.tricks[number]}/{record.bids[number]}")
        for number in range(len(record.tricks))
    ]
    cells(sheet, 3, seat_texts(names, scores, SMALL, per_line=4), per_line=4, pen=SMALL)


def _waiting_for_trump(
    sheet: Sheet, view: OhHellView, language: Language, names: SeatNames
) -> None:
    """The dealer turns up the trump; meanwhile the hand just over: each seat's tricks
    against its bid and its points (with seven seats the summary fills four lines and the
    title bar alone says which hand comes next)."""
    header(sheet, _hand_title(view, language))
    if view.score_sheet:
        last = view.score_sheet[-1]
        texts = _record_cells(last, names)
        first = 0 if len(texts) > 2 * (BODY_LINES - 2) else 1
        if first:
            hand_over = say("oh-hell.hand-over", language, hand=last.number)
            sheet.text((MARGIN, line(0)), hand_over, BODY_BOLD)
        cells(sheet, first, texts, per_line=2, pen=BODY)
    trump = _said(names, view.dealer, language, "oh-hell.turn-up-trump", BODY_BOLD)
    sheet.text((MARGIN, line(4)), trump, BODY_BOLD)


def _record_cells(record: HandRecord, names: SeatNames) -> list[str]:
    scores = [
        (number, f"{record.tricks[number]}/{record.bids[number]} {signed(record.points[number])}")
        for number in range(len(record.points))
    ]
    return seat_texts(names, scores, BODY, per_line=2)


def _bidding(
    sheet: Sheet, view: OhHellView, language: Language, chosen: int | None, names: SeatNames
) -> None:
    header(sheet, say("oh-hell.bidding", language, size=view.hand_size), _trump(view, language))
    players = len(view.seats)
    order = [(view.dealer + 1 + step) % players for step in range(players)]
    texts = seat_texts(names, [(n, _bid(view.seats[n].bid)) for n in order], BODY, per_line=4)
    after = cells(sheet, 0, texts, per_line=4, highlight=_position(order, view.bidder))
    if view.bidder is not None:
        _bid_values(sheet, view, view.bidder, names, chosen, line(after) + 9)
    elif view.simultaneous_bids:
        sheet.text((MARGIN, line(after)), say("oh-hell.bids-at-once", language), BODY)
    if view.bidder is not None and view.forbidden_bid is not None:
        # why a value is struck out and UP/DOWN pass it by: said once, in a line
        hook = say("oh-hell.hook", language, bid=view.forbidden_bid, size=view.hand_size)
        sheet.text((MARGIN, line(4)), hook, BODY)
        return
    total = "" if view.bids_total is None else f"Σ {view.bids_total} / {view.hand_size}"
    room = RIGHT - MARGIN - text_width(total, BODY) - 3
    dealer = named(
        names, view.dealer, BODY, room, lambda who: say("oh-hell.dealer", language, seat=who)
    )
    left_right(sheet, line(4), dealer, total)


def _position(order: list[int], wanted: int | None) -> int | None:
    return None if wanted is None else order.index(wanted)


def _bid(bid: int | None) -> str:
    return "·" if bid is None else str(bid)


def _bid_values(
    sheet: Sheet,
    view: OhHellView,
    bidder: int,
    names: SeatNames,
    chosen: int | None,
    baseline: int,
) -> None:
    """Whose bid, then the values around the one chosen (or the forbidden one): the chosen
    boxed, the hook's forbidden value struck out."""
    who = named(names, bidder, BIG, BIDDER_ROOM, lambda form: form + ":")
    label = sheet.text((MARGIN, baseline), who, BIG)
    left = label.box.right + 6
    fit = max((RIGHT - left) // VALUE_STEP, 1)
    centre = chosen if chosen is not None else (view.forbidden_bid or 0)
    first = min(max(centre - fit // 2, 0), max(view.hand_size + 1 - fit, 0))
    for index, value in enumerate(range(first, min(first + fit, view.hand_size + 1))):
        x = left + index * VALUE_STEP + VALUE_STEP // 2
        mark = sheet.text((x, baseline), str(value), BIG, align=Align.CENTRE)
        if value == view.forbidden_bid:
            sheet.strike(mark)
            sheet.draw.line(
                [(mark.box.left - 1, mark.box.bottom), (mark.box.right, mark.box.top)], fill=INK
            )
        if value == chosen:
            sheet.box(mark.box.left - 3, baseline - 11, mark.box.right + 2, baseline + 1)


def _trick(sheet: Sheet, view: OhHellView, language: Language, names: SeatNames) -> None:
    title = say("oh-hell.trick", language, trick=view.trick_number or 1, tricks=view.hand_size)
    header(sheet, title, _trump(view, language))
    _trick_cards(sheet, view, language, names)
    sheet.text((MARGIN, line(2) + 1), _trick_line(view, language, names), BODY)
    scores = [(s.seat, f"{s.tricks}/{_bid(s.bid)}") for s in view.seats]
    texts = seat_texts(names, scores, SMALL, per_line=4)
    cells(sheet, 3, texts, per_line=4, pen=SMALL, highlight=view.to_play)


def _trick_cards(sheet: Sheet, view: OhHellView, language: Language, names: SeatNames) -> None:
    """The cards in the trick zone in play order, each over its seat, the winning one
    inverted."""
    players = len(view.seats)
    width = WIDTH // max(players, 4)
    # The widest card (10 and a suit) must fit its column: seven seats take the small face.
    pen = next((p for p in (BIG, BODY) if text_width("10♥", p) <= width - 3), SMALL)
    for index, played in enumerate(view.trick):
        x = index * width + width // 2
        mark = sheet.text(
            (x, line(0) + 2), card_text(played.card, language), pen, align=Align.CENTRE
        )
        who = named(names, played.seat, SMALL, width - 2)
        sheet.text((x, line(1) + 1), who, SMALL, align=Align.CENTRE)
        if played.seat == view.winning:
            sheet.invert(
                max(mark.box.left - 2, 0),
                line(0) - 9,
                min(mark.box.right + 1, WIDTH - 1),
                line(0) + 4,
            )


def _trick_line(view: OhHellView, language: Language, names: SeatNames) -> str:
    if view.trick_winner is not None:
        return _said(names, view.trick_winner, language, "oh-hell.takes-trick")
    if not view.trick and view.leader is not None:
        return _said(names, view.leader, language, "oh-hell.leads")
    leader = view.trick[0].seat if view.trick else view.leader
    winning = view.winning if view.winning is not None else leader
    first = leader if leader is not None else 0
    second = winning if winning is not None else 0
    # both names in one line: each gets half of what the words leave
    words = say("oh-hell.led-winning", language, leader="", winning="")
    half = (RIGHT - MARGIN - text_width(words, BODY)) // 2
    return say(
        "oh-hell.led-winning",
        language,
        leader=named(names, first, BODY, half),
        winning=named(names, second, BODY, half),
    )


def _tricks_page(sheet: Sheet, view: OhHellView, language: Language, names: SeatNames) -> None:
    """Each seat's bid, tricks taken and score; the title says which column is which."""
    # the hand in words ("Hand 2/10", not a page number), the columns' names beside it
    header(sheet, say("oh-hell.tricks-hand", language, hand=view.hand, hands=view.hands))
    columns_said = say("oh-hell.tricks-bids", language)
    sheet.text((RIGHT, HEADER_BASELINE), columns_said, SMALL, align=Align.RIGHT, fill=PAPER)
    columns = 1 if len(view.seats) <= BODY_LINES else 2
    rows = -(-len(view.seats) // columns)
    width = WIDTH // columns
    if columns > 1:
        sheet.draw.line([(width - 2, HEADER_BOTTOM + 2), (width - 2, HEIGHT - 1)], fill=INK)
    for place in view.seats:
        column, row = divmod(place.seat, rows)
        x = column * width
        baseline = line(row)
        values = (_bid(place.bid), str(place.tricks), str(place.score))
        first = x + width * 3 // 8
        who = named(names, place.seat, BODY, first + 1 - x - MARGIN)
        sheet.text((x + MARGIN, baseline), who, BODY)
        step = (x + width - 3 - first) // len(values)
        for index, value in enumerate(values):
            bold = BODY_BOLD if index == 2 else BODY
            sheet.text((first + step * (index + 1), baseline), value, bold, align=Align.RIGHT)


def _sheet_page(
    sheet: Sheet, view: OhHellView, language: Language, index: int, names: SeatNames
) -> None:
    pages = -(-len(view.score_sheet) // SHEET_ROWS)
    header(sheet, say("oh-hell.score-sheet", language), f"{index + 1}/{pages}")
    records = view.score_sheet[index * SHEET_ROWS : (index + 1) * SHEET_ROWS]
    players = len(view.seats)
    first = 14
    step = (WIDTH - first) // players
    for number in range(players):
        x = first + step * (number + 1) - 2
        who = named(names, number, SMALL, step - 2)
        sheet.text((x, line(0) - 1), who, SMALL, align=Align.RIGHT)
    for row, record in enumerate(records):
        baseline = line(1 + row) - 1
        sheet.text((MARGIN, baseline), str(record.number), SMALL)
        for number in range(players):
            x = first + step * (number + 1) - 2
            sheet.text((x, baseline), str(record.points[number]), SMALL, align=Align.RIGHT)
    sheet.rule(line(0) + 2)
    # The totals after the page's last hand (on the last page: the scores now).
    totals = records[-1].scores
    sheet.rule(line(4) - 10)
    sheet.text((MARGIN, line(4)), "Σ", BODY_BOLD)
    for number in range(players):
        x = first + step * (number + 1) - 2
        sheet.text((x, line(4)), str(totals[number]), BODY_BOLD, align=Align.RIGHT)


def _game_over(sheet: Sheet, view: OhHellView, language: Language, names: SeatNames) -> None:
    header(sheet, say("oh-hell.game-over", language))
    winners = () if view.outcome is None else view.outcome.winners
    room = RIGHT - MARGIN - text_width(say("common.winner", language, seats=""), BODY_BOLD)
    # every winner named, in the longest forms that fit the line together
    said = ""
    for depth in range(max((len(names.forms(n)) for n in winners), default=1)):
        said = ", ".join(_form(names, n, depth) for n in winners)
        if text_width(said, BODY_BOLD) <= room:
            break
    sheet.text((MARGIN, line(0)), say("common.winner", language, seats=said), BODY_BOLD)
    texts = seat_texts(names, [(s.seat, str(s.score)) for s in view.seats], BODY, per_line=2)
    cells(sheet, 1, texts, per_line=2)


def _form(names: SeatNames, number: int, depth: int) -> str:
    forms = names.forms(number)
    return forms[min(depth, len(forms) - 1)]
