"""Printing a game's state for people: a few lines and a table of seats.

People count seats from 1 (P1 is the script's seat 0): the values of the keys that name a
seat are printed so, or as the person's name where the game names its people. The options
line is the script's own header words, counted from 0 like the event script; ``--json``
keeps the script's numbers throughout."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# Keys of the state (and of its seats) whose value is a seat index.
SEAT_KEYS = frozenset(
    {"seat", "dealer", "banker", "bidder", "leader", "to_play", "turn", "trick_winner", "punter"}
)


def state_text(
    state: Mapping[str, Any],
    violations: Sequence[str] | None = None,
    offers: Sequence[str] | None = None,
) -> str:
    """The state as lines; ``violations`` and ``offers``, when given, are the violations
    and the actions open now in people's words (else the engine's own from the state)."""
    names: Sequence[str] = state.get("people", ())
    lines = [f"{state['game']}: {state['phase']}"]
    options = state.get("options", {})
    if options:
        lines.append("options: " + " ".join(f"{k}={v}" for k, v in options.items()))
    if names:
        lines.append(
            "people: " + ", ".join(f"P{seat + 1} {name}" for seat, name in enumerate(names))
        )
    skip = {"game", "phase", "options", "seats", "violations", "offers"}
    for key, value in state.items():
        if key in skip or isinstance(value, dict | list):
            continue
        lines.append(f"{key}: {_cell(value, names, seat=key in SEAT_KEYS)}")
    lines.extend(_seat_table(state.get("seats", []), names))
    found = state.get("violations", [])
    said = violations if violations is not None else [v["message"] for v in found]
    lines.append(f"violations: {len(found) or 'none'}")
    for violation, words in zip(found, said, strict=True):
        where = f"line {violation['line']}: " if "line" in violation else ""
        lines.append(f"  {where}{violation['kind']}: {words}")
    open_now = offers if offers is not None else [o["label"] for o in state.get("offers", [])]
    if open_now:
        lines.append("now: " + "; ".join(open_now))
    return "\n".join(lines)


def _seat_table(seats: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[str]:
    if not seats:
        return []
    columns: list[str] = []
    for seat in seats:
        for key, value in seat.items():
            if key not in columns and not isinstance(value, dict):
                columns.append(key)
    rows = [columns] + [
        [_cell(seat.get(column, ""), (), seat=column in SEAT_KEYS) for column in columns]
        for seat in seats
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(columns))]
    return [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def _cell(value: Any, names: Sequence[str], *, seat: bool = False) -> str:
    """A value as people read it; a seat counted from 1, or its person's name."""
    if seat and isinstance(value, int) and not isinstance(value, bool):
        return names[value] if 0 <= value < len(names) else f"P{value + 1}"
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(_cell(v, names) for v in value) or "-"
    return str(value)
