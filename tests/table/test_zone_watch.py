"""ZoneWatch: still spells, two agreeing reads, unsure reports, gone / clear, covered cards."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import DOUBLE104, FRENCH52, Card, DeckProfile
from companion.table.card_reads import CardRead
from companion.table.events import TableEvent, UnsureReason, UnsureReport
from companion.table.tracker_settings import TrackerSettings
from companion.table.zone_watch import SpotLevels, ZoneLook, ZoneWatch
from companion.vision.merging import Doubt

FPS = 10.0


def box_at(x: float, y: float, height: float = 16.0) -> np.ndarray:
    """An upright index box with its top-left at (x, y), mm."""
    width = height * 0.6
    return np.array([[x, y], [x + width, y], [x + width, y + height], [x, y + height]])


def read(
    card: str,
    x: float,
    y: float = 10.0,
    confidence: float = 0.99,
    *,
    height: float = 16.0,
    clipped: bool = False,
) -> CardRead:
    return CardRead(Card.parse(card), confidence, box_at(x, y, height), clipped=clipped)


@dataclass
class Table:
    """A scripted zone: what the reader reads in each frame and what moves."""

    watch: ZoneWatch
    time: float = 0.0
    reads: Sequence[CardRead] = ()
    moving: bool = False
    changed: bool = True
    changed_at: bool | Callable[[np.ndarray], bool] = True
    elsewhere: dict[Card, int] = field(default_factory=dict)
    reads_done: int = 0
    flicker: list[Sequence[CardRead]] = field(default_factory=list)  # read in turn
    events: list[TableEvent] = field(default_factory=list)
    unsure: list[UnsureReport] = field(default_factory=list)
    previous: float | None = None
    event_frames: list[float] = field(default_factory=list)
    picture: np.ndarray | None = None  # the zone's cells, when the test follows them
    levels: SpotLevels | None = None  # the grey round every index box, when told

    def frame(self) -> None:
        def reader() -> Sequence[CardRead]:
            self.reads_done += 1
            if self.flicker:
                return self.flicker[self.reads_done % len(self.flicker)]
            return self.reads

        look = ZoneLook(
            time=self.time,
            moving=self.moving,
            changed=self.changed,
            changed_at=(
                self.changed_at if callable(self.changed_at) else lambda quad: bool(self.changed_at)
            ),
            read=reader,
            copies_elsewhere=lambda card: self.elsewhere.get(card, 0),
            picture=self.picture,
            levels_at=None if self.levels is None else self._levels_at,
        )
        answer = self.watch.step(look, self.previous)
        if answer.settled:
            self.changed = False  # the zone's picture is now the settled one
        self.events.extend(answer.events)
        self.event_frames.extend(self.time for _ in answer.events)
        self.unsure.extend(answer.unsure)
        self.previous = self.time
        self.time = round(self.time + 1 / FPS, 6)

    def _levels_at(self, quad: np.ndarray) -> SpotLevels:
        assert self.levels is not None
        return self.levels

    def frames(self, count: int) -> None:
        for _ in range(count):
            self.frame()

    def lines(self) -> list[str]:
        return [event.line for event in self.events]

    def land(self, reads: Sequence[CardRead], *, still_frames: int = 6) -> None:
        """Something moves for three frames, leaving ``reads`` on the zone."""
        self.moving, self.changed = True, True
        self.frames(3)
        self.moving, self.reads = False, reads
        self.frames(still_frames)


def table(deck: DeckProfile = FRENCH52, **overrides: float) -> Table:
    watch = ZoneWatch("trick", deck=deck, settings=TrackerSettings(**overrides))  # type: ignore[arg-type]
    return Table(watch)


def test_a_card_that_lands_is_placed_300_ms_after_it_settles() -> None:
    zone = table()
    zone.frames(3)  # an empty zone first
    zone.land([read("QS", 10)])
    assert zone.lines() == ["card trick QS"]
    settled = zone.events[0].time
    assert settled == 0.5  # the last moving frame already showed the card at rest
    assert zone.event_frames[0] - settled == pytest.approx(0.3)
    assert zone.watch.cards == (Card.parse("QS"),)


def test_no_event_while_something_moves_over_the_zone() -> None:
    zone = table()
    zone.reads = [read("QS", 10)]
    zone.moving = True
    zone.frames(20)
    assert zone.events == [] and zone.reads_done == 0


def test_a_hand_passing_over_an_unchanged_zone_costs_no_read() -> None:
    zone = table()
    zone.land([read("QS", 10)])
    done = zone.reads_done
    zone.moving = True
    zone.frames(4)
    zone.moving, zone.changed = False, False
    zone.frames(10)
    assert zone.reads_done == done
    assert zone.lines() == ["card trick QS"]


def test_cards_keep_their_order_of_arrival() -> None:
    zone = table()
    zone.land([read("QS", 10)])
    zone.land([read("QS", 10), read("2H", 40)])
    zone.land([read("QS", 10), read("2H", 40), read("AD", 70)])
    assert zone.lines() == ["card trick QS", "card trick 2H", "card trick AD"]
    assert [str(card) for card in zone.watch.cards] == ["QS", "2H", "AD"]


def test_a_zone_emptied_is_cleared_even_of_one_card() -> None:
    zone = table()
    zone.land([read("QS", 10)])
    zone.land([read("QS", 10), read("2H", 40)])
    zone.land([])
    zone.land([read("5C", 10)])
    zone.land([])
    assert zone.lines()[2:] == ["clear trick", "card trick 5C", "clear trick"]


def test_one_of_two_cards_taken_back_is_gone() -> None:
    zone = table()
    zone.land([read("QS", 10), read("2H", 60)])
    zone.land([read("QS", 10)])
    assert zone.lines()[-1] == "gone trick 2H"


def test_a_card_unread_where_the_picture_did_not_change_stays() -> None:
    zone = table()
    zone.land([read("QS", 10), read("2H", 60)])
    zone.changed_at = False  # the change was elsewhere on the zone: 2H's index was missed
    zone.land([read("QS", 10)])
    assert zone.lines() == ["card trick QS", "card trick 2H"]


def test_a_new_read_where_nothing_changed_is_no_card() -> None:
    zone = table()
    zone.land([read("QS", 10)])
    zone.changed_at = False
    zone.land([read("QS", 10), read("4D", 90)])
    assert zone.lines() == ["card trick QS"]


def test_a_read_inside_a_card_face_away_from_its_corners_is_no_card() -> None:
    zone = table()
    # A queen's index at (10, 10), 16 mm tall; a "4D" read in her picture, 35 mm down.
    zone.land([read("QD", 10), read("4D", 18, y=45, confidence=0.9999)])
    assert zone.lines() == ["card trick QD"]


def test_a_card_fanned_over_another_s_top_edge_is_a_card() -> None:
    zone = table()
    zone.land([read("QD", 10)])
    zone.land([read("QD", 10), read("4D", 28)])
    assert zone.lines() == ["card trick QD", "card trick 4D"]


def test_a_card_covered_by_a_card_laid_on_it_is_not_gone() -> None:
    zone = table()
    zone.land([read("QD", 10)])
    zone.land([read("4D", 15, y=20)])  # laid over the queen, hiding her index
    zone.land([])  # the pile gathered
    assert zone.lines() == ["card trick QD", "card trick 4D", "clear trick"]


def test_reads_that_flicker_are_unsure_never_an_event() -> None:
    zone = table()
    zone.flicker = [[read("6S", 10)], [read("8S", 10)]]
    zone.land([], still_frames=12)
    assert zone.events == []
    assert [(r.reason, sorted(map(str, r.candidates))) for r in zone.unsure] == [
        (UnsureReason.FLICKER, ["6S", "8S"])
    ]


def test_a_read_under_the_threshold_is_unsure() -> None:
    zone = table()
    zone.land([read("7H", 10, confidence=0.7)])
    assert zone.events == []
    assert [(r.reason, r.candidates) for r in zone.unsure] == [
        (UnsureReason.LOW_CONFIDENCE, (Card.parse("7H"),))
    ]


def test_a_sure_read_the_second_look_doubts_is_unsure_with_its_confidence_never_a_card() -> None:
    zone = table()
    doubted = replace(read("7H", 10, confidence=0.999), doubt=Doubt.SUIT_COLOUR)
    zone.land([doubted, read("2S", 40)])
    assert zone.lines() == ["card trick 2S"]
    assert [(r.reason, r.candidates, r.confidence) for r in zone.unsure] == [
        (UnsureReason.DOUBTED, (Card.parse("7H"),), 0.999)
    ]


def test_a_second_copy_with_one_pack_is_unsure_and_allowed_with_two() -> None:
    one_pack = table()
    one_pack.elsewhere = {Card.parse("KH"): 1}
    one_pack.land([read("KH", 10)])
    assert one_pack.events == []
    assert [r.reason for r in one_pack.unsure] == [UnsureReason.EXTRA_COPY]
    two_packs = table(DOUBLE104)
    two_packs.elsewhere = {Card.parse("KH"): 1}
    two_packs.land([read("KH", 10)])
    assert two_packs.lines() == ["card trick KH"]


def test_a_slow_change_without_motion_is_read_again() -> None:
    zone = table()
    zone.land([read("QS", 10)])
    zone.reads, zone.changed = [read("QS", 10), read("9C", 60)], True
    zone.frames(6)
    assert zone.lines() == ["card trick QS", "card trick 9C"]


def test_a_longer_window_delays_the_event() -> None:
    zone = table(min_frames=5, min_seconds=0.6)
    zone.land([read("QS", 10)], still_frames=10)
    assert zone.event_frames[0] - zone.events[0].time >= 0.6 - 1e-9


CARDS = [Card.parse(text) for text in ("AS", "KH", "QD", "JC", "10S", "9H", "8D", "7C")]


def replayed(lines: list[str]) -> list[str]:
    """The cards the event lines leave on the zone, as an engine would keep them."""
    cards: list[str] = []
    for line in lines:
        words = line.split()
        if words[0] == "card":
            cards.append(words[2])
        elif words[0] == "gone":
            cards.remove(words[2])
        else:
            assert cards, "clear of an empty zone"
            cards.clear()
    return cards


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sets(st.sampled_from(range(len(CARDS))), max_size=4), min_size=1, max_size=8))
def test_events_replayed_leave_the_cards_shown(shown: list[set[int]]) -> None:
    """Any sequence of settled zone contents (cards out of each other's reach) turns into events
    that, replayed, leave exactly the cards last shown, in the order they arrived."""
    zone = table()
    for indices in shown:
        zone.land([read(str(CARDS[i]), 10 + 150 * i) for i in sorted(indices)])
    assert sorted(replayed(zone.lines())) == sorted(str(CARDS[i]) for i in shown[-1])
    assert replayed(zone.lines()) == [str(card) for card in zone.watch.cards]
    assert zone.unsure == []


def test_a_card_taken_off_the_top_of_a_fan_is_gone() -> None:
    zone = table()
    zone.land([read("QD", 10)])
    zone.land([read("QD", 10), read("4D", 25)])  # fanned over the queen
    zone.land([read("QD", 10)])
    assert zone.lines()[-1] == "gone trick 4D"


def test_a_card_laid_over_an_older_card_s_middle_is_a_card() -> None:
    zone = table()
    zone.land([read("KS", 10)])
    zone.land([read("KS", 10), read("QH", 18, y=45)])  # a second row over the first
    assert zone.lines() == ["card trick KS", "card trick QH"]


def test_a_card_taken_back_and_another_played_in_one_move_is_gone_then_card() -> None:
    zone = table()
    zone.land([read("QD", 10)])
    zone.land([read("9S", 200)])  # out of the new card's reach: not under it
    assert zone.lines() == ["card trick QD", "gone trick QD", "card trick 9S"]


def test_a_card_laid_over_another_s_far_index_hides_it() -> None:
    zone = table()
    zone.land([read("QD", 10, y=70)])  # the queen's index read is her bottom one
    zone.land([read("AD", 0, y=10)])  # laid over her, from above, hiding that index
    assert zone.lines() == ["card trick QD", "card trick AD"]
    assert zone.watch.cards == (Card.parse("QD"), Card.parse("AD"))


def test_a_covered_card_goes_with_the_pile_even_where_its_spot_looks_the_same() -> None:
    zone = table()
    zone.land([read("QD", 10)])
    zone.land([read("4D", 15, y=20)])  # laid over the queen, hiding her index
    # The queen's spot shows no change (plain card before, plain mat after); 4D's does.
    zone.changed_at = lambda quad: bool(quad[0][0] > 12)
    zone.land([])
    assert zone.lines() == ["card trick QD", "card trick 4D", "clear trick"]


def test_a_clipped_read_of_a_card_not_on_the_zone_is_no_card() -> None:
    zone = table()
    zone.land([read("8S", 10)])
    # 5H lands beside 8S; the cut round it halves 8S's other index, read as a jack.
    zone.land([read("8S", 10), read("JS", 40, clipped=True), read("5H", 60)])
    assert zone.lines() == ["card trick 8S", "card trick 5H"]


def test_a_clipped_read_of_a_card_on_the_zone_still_shows_it() -> None:
    zone = table()
    zone.land([read("8S", 10), read("5H", 60)])
    zone.land([read("8S", 10, clipped=True), read("5H", 60), read("2C", 120)])
    assert zone.lines() == ["card trick 8S", "card trick 5H", "card trick 2C"]


def test_a_card_in_sight_taken_from_beside_a_later_card_is_gone() -> None:
    zone = table()
    zone.land([read("7H", 10)])
    # AS fanned over 7H's body, its index framed far too tall (40 mm): the face placed
    # from that box seems to reach back over 7H's index, which is in sight.
    zone.land([read("7H", 10), read("AS", 25, height=40.0)])
    zone.land([read("AS", 25, height=40.0)])  # 7H taken away
    assert zone.lines() == ["card trick 7H", "card trick AS", "gone trick 7H"]


def test_a_change_gone_again_before_the_window_closes_changes_nothing() -> None:
    zone = table()
    zone.land([read("QS", 10), read("2H", 60)])
    zone.changed, zone.reads = True, [read("QS", 10)]  # a shadow at the zone's edge, read
    zone.frame()
    zone.changed, zone.reads = False, []  # the picture is the settled one again
    zone.frames(8)
    assert zone.lines() == ["card trick QS", "card trick 2H"]
    assert zone.watch.cards == (Card.parse("QS"), Card.parse("2H"))


CARD_PICTURE = np.full((4, 4), 200.0, np.float32)


def glimpse(zone: Table, after: np.ndarray) -> None:
    """A card lands and lies still 3 frames, a hand passes over it 3 frames, then the zone
    shows ``after`` still for 2 frames, and the card is taken (motion again)."""
    zone.picture = CARD_PICTURE
    zone.land([read("QS", 10)], still_frames=2)  # with the landing's last frame: 0.3 s
    zone.moving = True
    zone.frames(3)
    zone.moving, zone.picture = False, after
    zone.frames(2)
    zone.moving = True
    zone.frames(3)


def test_still_time_either_side_of_a_passing_hand_is_one_spell() -> None:
    zone = table()
    zone.frames(3)
    before = zone.reads_done
    glimpse(zone, CARD_PICTURE + 5.0)  # noise: under the motion level
    assert zone.lines() == ["card trick QS"]
    assert zone.events[0].time == pytest.approx(0.5)  # when the card first lay still
    assert zone.reads_done - before == 2  # one read either side of the hand


def test_a_spell_resumes_only_on_the_same_picture() -> None:
    zone = table()
    zone.frames(3)
    glimpse(zone, CARD_PICTURE + 40.0)
    assert zone.lines() == []


def test_a_spell_resumes_only_where_the_picture_is_known() -> None:
    zone = table()
    zone.frames(3)
    zone.land([read("QS", 10)], still_frames=2)
    zone.moving = True
    zone.frames(3)
    zone.moving = False
    zone.frames(2)
    assert zone.lines() == []


@given(before=st.integers(1, 2), after=st.integers(1, 2))
@settings(max_examples=10, deadline=None)
def test_parts_shorter_than_the_window_together_report_once(before: int, after: int) -> None:
    """However the still time is split round a passing hand, the card is reported once
    the parts add up to the window (four frames, 0.3 s, with their first frames)."""
    zone = table()
    zone.frames(3)
    zone.picture = CARD_PICTURE
    zone.land([read("QS", 10)], still_frames=before)
    zone.moving = True
    zone.frames(3)
    zone.moving = False
    zone.frames(after)
    zone.moving = True
    zone.frames(3)
    zone.moving = False
    zone.frames(after)
    assert zone.lines() == ["card trick QS"]


def test_a_read_whose_box_holds_a_known_index_read_with_it_is_no_card() -> None:
    zone = table()
    zone.land([read("8H", 10), read("JS", 18)])
    # The reader took 8H's pip and JS's rank for one index, a box over both: J♥.
    merged = CardRead(Card.parse("JH"), 0.94, box_at(6, 6, height=30))
    zone.land([read("8H", 10), read("JS", 60, y=80), merged])
    assert zone.lines() == ["card trick 8H", "card trick JS"]
    assert zone.unsure == []
    unsure = CardRead(Card.parse("JH"), 0.75, box_at(6, 6, height=30))
    zone.land([read("8H", 10), read("JS", 60, y=80), unsure])
    assert zone.lines() == ["card trick 8H", "card trick JS"] and zone.unsure == []


def test_a_card_laid_over_a_known_index_it_hides_is_a_card() -> None:
    zone = table()
    zone.land([read("8H", 10)])
    zone.land([read("JH", 8, y=8)])  # 8H's index under it, no longer read
    assert zone.lines() == ["card trick 8H", "card trick JH"]


def test_no_question_about_a_card_leaving_the_zone_read_badly_on_its_way() -> None:
    zone = table()
    zone.land([read("QS", 10), read("2H", 60)])
    zone.land([read("QS", 10), read("2H", 75, confidence=0.7)])  # swept, half out of sight
    assert zone.lines() == ["card trick QS", "card trick 2H", "gone trick 2H"]
    assert zone.unsure == []


def test_no_question_about_a_card_whose_every_copy_lies_elsewhere() -> None:
    zone = table()
    zone.elsewhere = {Card.parse("KH"): 1}
    zone.land([read("KH", 10, confidence=0.7)])  # dragged over this zone by a sweep
    assert zone.events == [] and zone.unsure == []
    two_packs = table(DOUBLE104)
    two_packs.elsewhere = {Card.parse("KH"): 1}
    two_packs.land([read("KH", 10, confidence=0.7)])
    assert [r.candidates for r in two_packs.unsure] == [(Card.parse("KH"),)]


def test_a_card_read_under_a_lingering_hand_is_read_again_once_the_hand_is_gone() -> None:
    # Under the hand the reads disagree, and the spell settles with the card unsure; the
    # hand leaves: the card's spot shows no change from that settled picture, yet the
    # card lies there uncovered and is read sure: it is placed.
    zone = table()
    zone.frames(3)
    zone.moving, zone.changed = True, True
    zone.frames(3)
    zone.moving = False
    zone.flicker = [[read("QS", 10, confidence=1.0)], [read("QS", 10), read("4D", 40)], []]
    zone.frames(8)
    assert zone.lines() == []
    zone.flicker = []
    zone.moving, zone.changed = True, True
    zone.frames(2)  # the hand leaves
    zone.moving, zone.changed_at, zone.reads = False, False, [read("QS", 10, confidence=1.0)]
    zone.frames(6)
    assert zone.lines() == ["card trick QS"]


def test_a_doubted_read_at_a_spot_that_did_not_change_stays_no_card() -> None:
    zone = table()
    zone.frames(3)
    zone.land([read("10H", 10)])
    doubted = replace(read("7H", 14, y=50), doubt=Doubt.INSIDE_CARD)
    zone.land([read("10H", 10), doubted])
    zone.changed_at = False
    zone.land([read("10H", 10), read("7H", 14, y=50)])
    assert zone.lines() == ["card trick 10H"]


def test_a_card_still_sliding_into_place_is_placed_once_it_lies_still() -> None:
    zone = table()
    zone.frames(3)
    zone.moving, zone.changed = True, True
    zone.frames(3)
    zone.moving = False
    for x in (10.0, 13.0, 16.0, 19.0):  # reads 3 mm apart: a card still sliding
        zone.reads = [read("QH", x)]
        zone.frame()
    assert zone.lines() == []
    zone.frames(4)  # it lies still at 19 mm
    assert zone.lines() == ["card trick QH"]


def test_a_card_covered_by_one_no_read_names_is_not_gone_until_the_table_shows() -> None:
    # QS lies on dark wood; a card held over its index (nothing reads it) leaves its spot
    # as bright as paper: QS is covered, not gone; once the table shows there, it is gone
    zone = table()
    zone.frames(3)
    zone.levels = SpotLevels(before=80.0, now=200.0, bright=205.0)
    zone.land([read("QS", 10)])
    zone.levels = SpotLevels(before=200.0, now=198.0, bright=210.0)
    zone.land([])
    assert zone.lines() == ["card trick QS"]
    assert zone.watch.cards == (Card.parse("QS"),)
    zone.levels = SpotLevels(before=198.0, now=82.0, bright=90.0)
    zone.land([])
    assert zone.lines() == ["card trick QS", "clear trick"]


def test_a_card_under_a_resting_hand_is_not_gone_until_the_table_shows() -> None:
    # a hand holding the next card rests still over QS's index (skin, darker than paper,
    # lighter than the wood): nothing reads QS, yet its spot shows no table; it stays
    zone = table()
    zone.frames(3)
    zone.levels = SpotLevels(before=80.0, now=200.0, bright=205.0)
    zone.land([read("QS", 10)])
    zone.levels = SpotLevels(before=200.0, now=150.0, bright=165.0)
    zone.land([])
    assert zone.lines() == ["card trick QS"]
    zone.levels = SpotLevels(before=150.0, now=84.0, bright=92.0)
    zone.land([])
    assert zone.lines() == ["card trick QS", "clear trick"]


def test_a_card_read_again_keeps_the_table_it_came_on() -> None:
    # QS is read again as 4H lands beside it; then a hand rests over both: QS's spot
    # still shows no table, so it stays (the table's grey under it was kept)
    zone = table()
    zone.frames(3)
    zone.levels = SpotLevels(before=80.0, now=200.0, bright=205.0)
    zone.land([read("QS", 10)])
    zone.land([read("QS", 10.5), read("4H", 60)])
    zone.levels = SpotLevels(before=200.0, now=150.0, bright=165.0)
    zone.land([])
    assert zone.lines() == ["card trick QS", "card trick 4H"]


def test_on_a_table_as_light_as_paper_a_card_no_longer_read_is_gone() -> None:
    zone = table()
    zone.frames(3)
    zone.levels = SpotLevels(before=190.0, now=200.0, bright=205.0)
    zone.land([read("QS", 10)])
    zone.levels = SpotLevels(before=200.0, now=199.0, bright=210.0)
    zone.land([])
    assert zone.lines() == ["card trick QS", "clear trick"]
