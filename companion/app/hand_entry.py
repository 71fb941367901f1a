"""Cards entered by hand: one already placed is refused in every game, before anything
is written. The rules refuse some such cards (to a camera, a misread) and take others
while flagging them (Oh Hell's card seen twice: a camera may have read one of them
wrong); from the buttons both are the player's slip, and so is a card entered again
where it already lies (it would change nothing)."""

from __future__ import annotations

from companion.games.errors import MisreadCard, Reason, RefusedEvent
from companion.games.events import CardSeen
from companion.games.session import Game

# The violation the rules flag for a card seen twice (GameState.flag's kind).
DUPLICATE_CARD = "duplicate-card"


def placed_already(game: Game, event: CardSeen) -> Reason | None:
    """Why ``event``, entered by hand, puts down a card already placed (None: it does
    not, or the rules refuse it for another reason, which the table says as usual)."""
    try:
        pending = game.attempt(event)
    except MisreadCard as refusal:
        return refusal.reason or Reason.of("card-seen", card=event.card)
    except RefusedEvent:
        return None
    flagged = pending.after.violations[len(pending.before.violations) :]
    for violation in flagged:
        if violation.kind == DUPLICATE_CARD:
            return violation.reason or Reason.of("card-seen", card=event.card)
    engine = game.engine
    if engine.state_json(pending.after) == engine.state_json(pending.before):
        return Reason.of("already-there", card=event.card, zone=event.zone)
    return None
