"""The oracle of Oh Hell: the hand and its size, the trump, the bids and their sum, the
hook's forbidden bid and its line, the trick in play (its cards over their seats, who leads and who
wins it, worked out by the oracle from the cards), each seat's tricks against its bid,
the points of a hand and the scores (summed by the oracle from the rules), the sheet."""

from __future__ import annotations

import random
import weakref
from typing import Any

from companion.cards import Card, Suit
from companion.games.events import Event
from companion.games.oh_hell.engine import OhHell
from companion.games.oh_hell.options import OhHellOptions
from companion.games.oh_hell.state import OhHellState, Phase, Play
from companion.games.session import Game
from tests.games.oh_hell.oh_hell_helpers import Dealer
from tests.ui.oracle.play import GamePlan
from tests.ui.oracle.reading import CARD, NUMBER, SEAT, Screen

OPTIONS: tuple[dict[str, str], ...] = (
    {"players": "4"},
    {"players": "3", "hook": "on"},
    {"players": "5", "zero_bid_bonus": "on", "miss_scores_tricks": "on"},
    {"players": "7", "schedule": "down"},
    {"players": "4", "simultaneous_bids": "on", "scores": "12,0,31,10"},
)
MADE_BONUS = 10
ZERO_BONUS = 5
SHEET_ROWS = 3
STRUCK = "\u0336"

# Each game's dealer: he deals real hands from a shuffled pack and plays them (now and
# then a card that does not follow suit).
DEALERS: weakref.WeakKeyDictionary[Game, Dealer] = weakref.WeakKeyDictionary()
WILD = 0.1


def next_event(game: Game, rng: random.Random) -> Event | None:
    dealer = DEALERS.get(game)
    if dealer is None:
        dealer = DEALERS[game] = Dealer(game, rng, wild=WILD)
    return dealer.next_event()


def points(bid: int, tricks: int, size: int, options: OhHellOptions) -> int:
    """The rules: an exact bid scores 10 + its tricks (a zero 5 + the hand size with the
    zero bonus); a miss nothing, or its tricks with ``miss_scores_tricks``."""
    if bid == tricks:
        if bid == 0 and options.zero_bid_bonus:
            return ZERO_BONUS + size
        return MADE_BONUS + tricks
    return tricks if options.miss_scores_tricks else 0


def winning(plays: list[Play], trump: Suit | None) -> int:
    """The seat whose card takes the trick so far: the highest trump, else the highest of
    the suit led."""
    best = plays[0]
    for play in plays[1:]:
        card, top = play.card, best.card
        higher = card.suit is top.suit and card.rank.value > top.rank.value
        if higher or (card.suit is trump and top.suit is not trump):
            best = play
    return best.seat


class OhHellWatcher:
    def __init__(self, game: Game) -> None:
        engine = game.engine
        assert isinstance(engine, OhHell)
        self.options: OhHellOptions = engine.options
        self.table = engine.table
        self.scores: list[int] = list(game.state.scores)  # summed by the oracle
        self.records = 0

    def seen(self, before: Any, event: Event, game: Game) -> None:
        state: OhHellState = game.state
        for record in state.sheet[self.records :]:
            for seat in range(len(self.scores)):
                self.scores[seat] += points(
                    record.bids[seat], record.tricks[seat], record.size, self.options
                )
        self.records = len(state.sheet)

    def read(self, screen: Screen, kind: str, game: Game) -> None:
        state: OhHellState = game.state
        page = int(kind.split()[1]) if kind.startswith("page") else 0
        if page == 1:
            self._tricks_page(screen, state)
        elif page >= 2:
            self._sheet_page(screen, state, page - 2)
        elif (
            state.phase in (Phase.TRUMP, Phase.OVER)
            and state.trick_zone
            and state.trick_winner is not None
            and state.sheet
        ):
            self._finished_trick(screen, state)
        elif state.phase is Phase.OVER:
            self._game_over(screen, state)
        elif state.phase is Phase.TRUMP:
            self._waiting_for_trump(screen, state)
        elif state.phase is Phase.BIDDING:
            self._bidding(screen, state, kind)
        else:
            self._trick(screen, state)

    def _title(self, screen: Screen, left: str, trump: Card | None, what: str) -> Any:
        right = rf"(?:  Trump ({CARD})|  No trump)?"
        found = screen.must(left + right, what)
        if found is not None and found.lastindex:
            screen.cards(
                "the trump", found.group(found.lastindex) or "", [] if trump is None else [trump]
            )
        return found

    def _trick_cards(self, screen: Screen, plays: list[Play], trump: Suit | None) -> None:
        if not plays:
            return
        found = screen.must(rf"{CARD}(?:  {CARD})*", "the trick's cards")
        if found is not None:
            screen.cards(
                "the trick's cards", found.group(0).replace("  ", " "), [p.card for p in plays]
            )
        seats = screen.must(rf"{SEAT}(?:  {SEAT})*", "the trick's seats")
        if seats is not None:
            shown = [int(word[1:]) - 1 for word in seats.group(0).split("  ")]
            screen.expect("the seats of the trick's cards", shown, [p.seat for p in plays])

    def _tricks_bids_cells(
        self,
        screen: Screen,
        tricks: list[int] | tuple[int, ...],
        bids: list[int | None] | tuple[int, ...],
    ) -> None:
        shown: list[tuple[int, str, str]] = []
        while (
            found := screen.take(rf"{SEAT} \d+/(?:\d+|·)(?:  {SEAT} \d+/(?:\d+|·))*")
        ) is not None:
            for cell in found.group(0).split("  "):
                label, value = cell.split(" ")
                took, bid = value.split("/")
                shown.append((int(label[1:]) - 1, took, bid))
        screen.expect(
            "the seats' tricks against bids", [s for s, _, _ in shown], list(range(len(tricks)))
        )
        for seat, took, bid in shown:
            screen.expect(f"P{seat + 1}'s tricks", int(took), tricks[seat])
            wanted = bids[seat]
            screen.expect(f"P{seat + 1}'s bid", bid, "·" if wanted is None else str(wanted))

    def _finished_trick(self, screen: Screen, state: OhHellState) -> None:
        record = state.sheet[-1]
        found = self._title(screen, r"Trick (\d+)/(\d+)", record.trump, "the last trick's title")
        if found is not None:
            screen.expect("the last trick's number", int(found.group(1)), record.size)
            screen.expect("the tricks of the hand", int(found.group(2)), record.size)
        trump = None if record.trump is None else record.trump.suit
        self._trick_cards(screen, state.trick_zone, trump)
        taker = screen.must(rf"{SEAT} takes the trick", "who took the trick")
        if taker is not None:
            screen.seat("who took the trick", taker.group(1), winning(state.trick_zone, trump))
        self._tricks_bids_cells(screen, record.tricks, record.bids)

    def _game_over(self, screen: Screen, state: OhHellState) -> None:
        screen.must("Game over", "the title")
        found = screen.must(rf"Winner: ({SEAT}(?:, {SEAT})*)", "the winners")
        best = max(self.scores)
        if found is not None:
            shown = [int(word.strip()[1:]) - 1 for word in found.group(1).split(",")]
            screen.expect(
                "the winners", shown, [s for s, score in enumerate(self.scores) if score == best]
            )
        self._score_cells(screen)

    def _score_cells(self, screen: Screen) -> None:
        shown: list[tuple[int, str]] = []
        while (found := screen.take(rf"{SEAT} {NUMBER}(?:  {SEAT} {NUMBER})*")) is not None:
            for cell in found.group(0).split("  "):
                label, score = cell.split(" ")
                shown.append((int(label[1:]) - 1, score))
        screen.expect("the seats' scores", [s for s, _ in shown], list(range(len(self.scores))))
        for seat, score in shown:
            screen.expect(f"P{seat + 1}'s score", int(score), self.scores[seat])

    def _waiting_for_trump(self, screen: Screen, state: OhHellState) -> None:
        self._hand_title(screen, state)
        if state.sheet:
            record = state.sheet[-1]
            over = screen.take(r"Hand (\d+) over")
            if over is not None:
                screen.expect("the hand just over", int(over.group(1)), record.number)
            shown: list[tuple[int, str, str, str]] = []
            cell = rf"{SEAT} (\d+)/(\d+) ({NUMBER})"
            while (found := screen.take_cells(cell)) is not None:
                shown.extend(
                    (int(m.group(1)) - 1, m.group(2), m.group(3), m.group(4)) for m in found
                )
            screen.expect(
                "the seats of the hand just over",
                [s for s, *_ in shown],
                list(range(len(self.scores))),
            )
            for seat, took, bid, gained in shown:
                screen.expect(f"P{seat + 1}'s tricks", int(took), record.tricks[seat])
                screen.expect(f"P{seat + 1}'s bid", int(bid), record.bids[seat])
                wanted = points(record.bids[seat], record.tricks[seat], record.size, self.options)
                screen.money(f"P{seat + 1}'s points", gained, wanted)
        dealer = screen.must(rf"{SEAT} turns up the trump", "who turns up the trump")
        if dealer is not None:
            screen.seat("the dealer", dealer.group(1), state.dealer)

    def _hand_title(self, screen: Screen, state: OhHellState) -> None:
        found = screen.must(r"Hand (\d+)/(\d+) · (\d+) each", "the hand's title")
        if found is not None:
            screen.expect("the hand", int(found.group(1)), state.hand_index + 1)
            screen.expect("the hands", int(found.group(2)), len(self.table.sizes))
            screen.expect(
                "the hand's size", int(found.group(3)), self.table.sizes[state.hand_index]
            )

    def _bidding(self, screen: Screen, state: OhHellState, kind: str) -> None:
        size = self.table.sizes[state.hand_index]
        found = self._title(screen, r"Bids · (\d+) each", state.trump, "the bids' title")
        if found is not None:
            screen.expect("the hand's size", int(found.group(1)), size)
        players = len(state.scores)
        order = [(state.dealer + 1 + step) % players for step in range(players)]
        hidden = self.options.simultaneous_bids
        shown: list[tuple[int, str]] = []
        while (row := screen.take(rf"{SEAT} (?:\d+|·)(?:  {SEAT} (?:\d+|·))*")) is not None:
            for cell in row.group(0).split("  "):
                label, bid = cell.split(" ")
                shown.append((int(label[1:]) - 1, bid))
        screen.expect("the bidders in order", [s for s, _ in shown], order)
        for seat, bid in shown:
            wanted = state.bids[seat]
            screen.expect(
                f"P{seat + 1}'s bid", bid, "·" if wanted is None or hidden else str(wanted)
            )
        bidder = self._bidder(state)
        if bidder is not None:
            self._bid_values(screen, state, bidder, size, kind)
        else:
            screen.skip_words()
        forbidden = None if bidder is None else self._forbidden(state, bidder, size)
        if forbidden is not None:
            # the hook's line in place of the dealer's: the bid it forbids and the sum it
            # would make
            found = screen.must(r"Hook: (\d+) would make Σ (\d+)", "the hook's line")
            if found is not None:
                screen.expect("the hook's forbidden bid", int(found.group(1)), forbidden)
                screen.expect("the hook's sum", int(found.group(2)), size)
            return
        found = screen.must(rf"Dealer {SEAT}(?:  Σ (\d+) / (\d+))?", "the dealer and the bids' sum")
        if found is not None:
            screen.seat("the dealer", found.group(1), state.dealer)
            if found.group(2) is not None:
                screen.expect(
                    "the bids' sum",
                    int(found.group(2)),
                    sum(b for b in state.bids if b is not None),
                )
                screen.expect("the tricks to bid for", int(found.group(3)), size)
            else:
                screen.expect("the bids' sum hidden", hidden, True)

    def _bidder(self, state: OhHellState) -> int | None:
        if self.options.simultaneous_bids:
            return None
        players = len(state.scores)
        for step in range(players):
            seat = (state.dealer + 1 + step) % players
            if state.bids[seat] is None:
                return seat
        return None

    def _bid_values(
        self, screen: Screen, state: OhHellState, bidder: int, size: int, kind: str
    ) -> None:
        """``P3:  0  1  2``: the bids offered around the one chosen, the hook's struck."""
        found = screen.must(rf"{SEAT}:((?:  \d{STRUCK}?(?:\d{STRUCK}?)?)+)", "the bids offered")
        if found is None:
            return
        screen.seat("whose bid", found.group(1), bidder)
        values = found.group(2).split()
        offered = [int(value.replace(STRUCK, "")) for value in values]
        screen.expect("the bids offered are in range", all(0 <= v <= size for v in offered), True)
        screen.expect(
            "the bids offered follow on",
            offered == list(range(offered[0], offered[0] + len(offered))),
            True,
        )
        forbidden = self._forbidden(state, bidder, size)
        struck = [int(value.replace(STRUCK, "")) for value in values if STRUCK in value]
        screen.expect("the hook's struck bid", struck, [forbidden] if forbidden in offered else [])

    def _forbidden(self, state: OhHellState, seat: int, size: int) -> int | None:
        """With the hook the dealer, bidding last, may not make the bids add up to the
        hand's tricks."""
        if not self.options.hook or seat != state.dealer:
            return None
        value = size - sum(b for b in state.bids if b is not None)
        return value if value >= 0 else None

    def _trick(self, screen: Screen, state: OhHellState) -> None:
        size = self.table.sizes[state.hand_index]
        found = self._title(screen, r"Trick (\d+)/(\d+)", state.trump, "the trick's title")
        done = sum(state.tricks)
        if found is not None:
            number = done if state.trick_winner is not None and done else done + 1
            screen.expect("the trick's number", int(found.group(1)), number)
            screen.expect("the tricks of the hand", int(found.group(2)), size)
        trump = None if state.trump is None else state.trump.suit
        self._trick_cards(screen, state.trick_zone, trump)
        if state.trick_winner is not None:
            found = screen.must(rf"{SEAT} takes the trick", "who took the trick")
            if found is not None:
                screen.seat("who took the trick", found.group(1), winning(state.trick_zone, trump))
        elif not state.trick_zone:
            found = screen.must(rf"{SEAT} leads", "who leads")
            if found is not None:
                screen.seat("who leads", found.group(1), state.leader)
        else:
            found = screen.must(rf"{SEAT} led · {SEAT} wins", "who led and who wins")
            if found is not None:
                screen.seat("who led", found.group(1), state.trick_zone[0].seat)
                screen.seat("who wins so far", found.group(2), winning(state.trick_zone, trump))
        self._tricks_bids_cells(screen, state.tricks, state.bids)

    def _tricks_page(self, screen: Screen, state: OhHellState) -> None:
        found = screen.must(r"Hand (\d+)/(\d+)  BID·TOOK·SCORE", "the tricks page's title")
        if found is not None:
            screen.expect("the hand", int(found.group(1)), state.hand_index + 1)
            screen.expect("the hands", int(found.group(2)), len(self.table.sizes))
        seen: list[int] = []
        entry = rf"{SEAT}  (\d+|·)  (\d+)  ({NUMBER})"
        while (found := screen.take(rf"{entry}(?:  {entry})?")) is not None:
            groups = found.groups()
            for start in range(0, len(groups), 4):
                if groups[start] is None:
                    continue
                seat = int(groups[start]) - 1
                seen.append(seat)
                bid = state.bids[seat]
                hidden = self.options.simultaneous_bids and state.phase is Phase.BIDDING
                screen.expect(
                    f"P{seat + 1}'s bid",
                    groups[start + 1],
                    "·" if bid is None or hidden else str(bid),
                )
                screen.expect(f"P{seat + 1}'s tricks", int(groups[start + 2]), state.tricks[seat])
                screen.expect(f"P{seat + 1}'s score", int(groups[start + 3]), self.scores[seat])
        screen.expect("every seat on the tricks page", sorted(seen), list(range(len(self.scores))))

    def _sheet_page(self, screen: Screen, state: OhHellState, index: int) -> None:
        pages = -(-len(state.sheet) // SHEET_ROWS)
        found = screen.must(r"Score sheet  (\d+)/(\d+)", "the sheet's title")
        if found is not None:
            screen.expect("the sheet's page", int(found.group(1)), index + 1)
            screen.expect("the sheet's pages", int(found.group(2)), pages)
        players = len(self.scores)
        heads = screen.must(rf"{SEAT}(?:  {SEAT})*", "the sheet's seats")
        if heads is not None:
            screen.expect(
                "the sheet's seats",
                [int(w[1:]) - 1 for w in heads.group(0).split("  ")],
                list(range(players)),
            )
        records = state.sheet[index * SHEET_ROWS : (index + 1) * SHEET_ROWS]
        running = list(self.options.scores or (0,) * players)
        for record in state.sheet[: index * SHEET_ROWS + len(records)]:
            for seat in range(players):
                running[seat] += points(
                    record.bids[seat], record.tricks[seat], record.size, self.options
                )
        for record in records:
            row = screen.must(r"(\d+)((?:  -?\d+)+)", "a hand's points")
            if row is None:
                continue
            screen.expect("the hand's number", int(row.group(1)), record.number)
            shown = [int(v) for v in row.group(2).split()]
            wanted = [
                points(record.bids[s], record.tricks[s], record.size, self.options)
                for s in range(players)
            ]
            screen.expect(f"hand {record.number}'s points", shown, wanted)
        total = screen.must(r"Σ((?:  -?\d+)+)", "the totals")
        if total is not None:
            screen.expect(
                "the totals after the page's last hand",
                [int(v) for v in total.group(1).split()],
                running,
            )


PLAN = GamePlan(OPTIONS, next_event, OhHellWatcher)
