"""Choosing a whole number with UP and DOWN: a bid, a stake, a bank.

Values the engine excludes (the hook's forbidden bid) are stepped over, so the number
shown is always one the engine offers. A held button steps faster through a long range.
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


def step_value(choice: AmountChoice, value: int, direction: int, *, repeats: int = 0) -> int:
    """``value`` moved ``direction`` (+1 up, -1 down) by the stride, skipping excluded
    values and stopping at the ends of the range."""
    target = value + direction * stride(choice, repeats)
    target = max(choice.low, min(choice.high, target))
    while target not in choice:
        target += direction
        if not choice.low <= target <= choice.high:
            return value if value in choice else (start_value(choice, value) or choice.low)
    return target
