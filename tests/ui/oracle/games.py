"""Each game's random play and reader, by game id."""

from __future__ import annotations

from tests.ui.oracle import ochko21, ochko_bank
from tests.ui.oracle.play import GamePlan

PLANS: dict[str, GamePlan] = {
    "ochko-21": ochko21.PLAN,
    "ochko-bank": ochko_bank.PLAN,
}
