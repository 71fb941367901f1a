"""The demo's last words: what was filmed and played, whether the box recorded the game as
played (and where it first did not), in a player's words."""

from __future__ import annotations

from pathlib import Path

from companion.demo.play import DemoResult

HEADER = "game oczko players=3 banker=0 upper_limit=10"
PLAYED = ("stake 1 4", "card punter 9D", "card punter 7H", "stand", "card banker KC", "showdown")


def _result(recorded: tuple[str, ...], journal: Path | None = None) -> DemoResult:
    return DemoResult(
        header=HEADER,
        expected=PLAYED,
        recorded=recorded,
        sheet="",
        latencies=(0.3, 0.4, 0.35),
        press_latencies=(),
        screens=9,
        frames=120,
        journal=journal,
    )


def test_a_game_recorded_as_played_is_said_so() -> None:
    lines = _result(PLAYED, Path("/tmp/state/journal.sqlite3")).lines()
    assert lines[0] == "Oczko for 3 players (Banker: Player 1, Max bank: 10)."
    assert lines[1] == "Filmed: 120 camera frames; the box drew 9 screens."
    assert lines[2] == "Played: 6 moves: 3 cards laid, 0 taken away, 3 button presses."
    assert lines[3] == "Recorded: all 6 moves as played, in order; none missed, added or misread."
    assert lines[4] == "Card to screen: 350 ms after the card came to rest (median of 3 moves)."
    assert lines[5].startswith("Kept: /tmp/state/journal.sqlite3 (companion export or")
    assert all(len(line) < 80 for line in lines)
    assert not any("script" in line for line in lines)


def test_a_misread_card_is_named_in_words() -> None:
    misread = (*PLAYED[:2], "card punter 7D", *PLAYED[3:])
    said = " ".join(_result(misread).lines())
    assert "Recorded: NOT the game played: 6 moves recorded of 6 played, the first 2 as" in said
    assert 'move 3 was "7♥ on punter" but the box recorded "7♦ on punter"' in said


def test_a_missed_move_and_an_extra_one_are_named() -> None:
    missed = " ".join(_result(PLAYED[:4]).lines())
    assert 'move 5, "K♣ on banker", and those after it are missing' in missed
    extra = " ".join(_result((*PLAYED, "take-bank")).lines())
    assert 'the box recorded moves never played, from "Take the bank"' in extra
