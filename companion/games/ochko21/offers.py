"""The button actions legal now (the OLED menu), phase by phase."""

from __future__ import annotations

from companion.games.engine import ActionOffer, AmountChoice
from companion.games.ochko21.options import MIN_AMOUNT, Ochko21Options
from companion.games.ochko21.play import hides_bust, player_total, stake_problem
from companion.games.ochko21.points import OCHKO
from companion.games.ochko21.state import BANKER_ZONE, PLAYER_ZONE, Ochko21State, Phase


def offers(options: Ochko21Options, state: Ochko21State) -> tuple[ActionOffer, ...]:
    phase = state.phase
    if phase is Phase.ANNOUNCE:
        label = f"seat {state.banker}: bank 1..{options.max_bank}"
        return (ActionOffer("bank", label, amount=AmountChoice(MIN_AMOUNT, options.max_bank)),)
    if phase is Phase.STUK:
        return (ActionOffer("stuk", f"seat {state.banker}: стук (bank {state.bank})"),)
    if phase is Phase.TAKE_BANK:
        return (ActionOffer("take-bank", f"seat {state.banker} takes the bank ({state.bank})"),)
    if phase is Phase.STAKE:
        if stake_problem(state) is not None:
            return ()
        label = f"seat {state.turn}: stake 1..{state.bank}"
        return (ActionOffer("stake", label, amount=AmountChoice(MIN_AMOUNT, state.bank)),)
    if phase is Phase.PLAYER:
        return _player_offers(options, state)
    return _banker_offers(options, state)


def _player_offers(options: Ochko21Options, state: Ochko21State) -> tuple[ActionOffer, ...]:
    seat = state.turn
    total = player_total(options, state)
    if total > OCHKO:
        return (ActionOffer("bust", f"seat {seat}: bust ({total})"),)
    if total == OCHKO:
        return (ActionOffer("twenty-one", f"seat {seat}: 21!"),)
    found = [ActionOffer("stand", f"seat {seat}: stand")]
    if options.dark_draw:
        found.append(ActionOffer("dark", f"seat {seat}: one card in the dark"))
    return tuple(found)


def _banker_offers(options: Ochko21Options, state: Ochko21State) -> tuple[ActionOffer, ...]:
    if hides_bust(options, state):
        return (ActionOffer("hidden-bust", f"seat {state.turn} hid a bust: pays double"),)
    if not state.table[PLAYER_ZONE] or not state.table[BANKER_ZONE]:
        return ()
    return (ActionOffer("showdown", "showdown"),)
