"""Printing a game's state for people: a few lines and a table of seats."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def state_text(state: Mapping[str, Any]) -> str:
    lines = [f"{state['game']}: {state['phase']}"]
    options = state.get("options", {})
    if options:
        lines.append("options: " + " ".join(f"{k}={v}" for k, v in options.items()))
    skip = {"game", "phase", "options", "seats", "violations", "offers"}
    for key, value in state.items():
        if key in skip or isinstance(value, dict | list):
            continue
        lines.append(f"{key}: {_cell(value)}")
    lines.extend(_seat_table(state.get("seats", [])))
    violations = state.get("violations", [])
    lines.append(f"violations: {len(violations) or 'none'}")
    for violation in violations:
        where = f"line {violation['line']}: " if "line" in violation else ""
        lines.append(f"  {where}{violation['kind']}: {violation['message']}")
    offers = state.get("offers", [])
    if offers:
        lines.append("now: " + "; ".join(offer["label"] for offer in offers))
    return "\n".join(lines)


def _seat_table(seats: Sequence[Mapping[str, Any]]) -> list[str]:
    if not seats:
        return []
    columns: list[str] = []
    for seat in seats:
        for key, value in seat.items():
            if key not in columns and not isinstance(value, dict):
                columns.append(key)
    rows = [columns] + [[_cell(seat.get(column, "")) for column in columns] for seat in seats]
    widths = [max(len(row[i]) for row in rows) for i in range(len(columns))]
    return [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(_cell(v) for v in value) or "-"
    return str(value)
