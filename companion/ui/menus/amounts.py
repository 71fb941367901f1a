"""Choosing a whole number with UP and DOWN: a bid, a stake, a bank.

Values the engine excludes (the hook's forbidden bid) are stepped over, so the number
shown is always one the engine offers. A held button steps faster through a long range
and stops at its end; a single press at the end goes round to the other end.
"""

from __future__ import annotations

from companion.games.engine import AmountChoice

# After this many repeats of a held button, a range wider than WIDE_RANGE steps by
# FAST_STRIDE at a time.
FAST_AFTER_REPEATS = 8
WIDE_RANGE = 20
FAST_STRIDE = 5


def start_value(choice: AmountChoice, remembered: int | None) -> int | None:
    """Where the picker starts: the last amount chosen for the same action (the last bid),
    else the lowest, moved to the nearest value the choice allows. None: nothing allowed."""
    allowed = choice.values()
    if not allowed:
        return None
    wanted = choice.low if remembered is None else remembered
    return min(allowed, key=lambda value: (abs(value - wanted), value))


def stride(choice: AmountChoice, repeats: int) -> int:
    if repeats >= FAST_AFTER_REPEATS and choice.high - choice.low > WIDE_RANGE:
        return FAST_STRIDE
    return 1


def step_value(
    choice: AmountChoice, value: int, direction: int, *, repeats: int = 0, held: bool = False
) -> int:
    """``value`` moved ``direction`` (+1 up, -1 down) by the stride, skipping excluded
    values. At the end of the range a held button stops; a single press goes round to
    the other end (the rule of every list and value on the box)."""
    allowed = choice.values()
    if not allowed:
        return value
    target = value + direction * stride(choice, repeats)
    ahead = [v for v in allowed if (v >= target if direction > 0 else v <= target)]
    if ahead:
        return min(ahead) if direction > 0 else max(ahead)
    if held:
        return max(allowed) if direction > 0 else min(allowed)
    return min(allowed) if direction > 0 else max(allowed)
