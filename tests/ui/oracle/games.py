"""Each game's random play and reader, by game id."""

from __future__ import annotations

from tests.ui.oracle import gwiazda, ochko21, ochko_bank, oczko, oh_hell
from tests.ui.oracle.play import GamePlan

PLANS: dict[str, GamePlan] = {
    "oh-hell": oh_hell.PLAN,
    "ochko-21": ochko21.PLAN,
    "ochko-bank": ochko_bank.PLAN,
    "oczko": oczko.PLAN,
    "gwiazda": gwiazda.PLAN,
}
