"""Who wins a trick, and what a played card reveals about earlier plays (revokes)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.cards import Card, Suit
from companion.games.errors import Reason, SeatRef
from companion.games.oh_hell.state import Play

REVOKE = "revoke"
TRUMP_REVOKE = "trump-revoke"
DUPLICATE = "duplicate-card"


def trick_winner(trick: Sequence[Play], trump: Suit | None) -> int:
    """The seat that wins a complete trick: the highest trump, else the highest card of
    the suit led (the first of two equal cards, which only a misread can give)."""
    led = trick[0].card.suit
    best = trick[0]
    for play in trick[1:]:
        if _beats(play.card, best.card, led, trump):
            best = play
    return best.seat


def _beats(card: Card, best: Card, led: Suit, trump: Suit | None) -> bool:
    if card.suit is best.suit:
        return card.rank.value > best.rank.value
    if trump is not None and card.suit is trump:
        return True
    return best.suit is not trump and best.suit is not led and card.suit is led


@dataclass(frozen=True)
class Finding:
    """A problem a new card shows: ``kind`` is ``revoke`` or ``trump-revoke``."""

    kind: str
    seat: int
    suit: Suit
    message: str
    reason: Reason

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.kind, self.seat, self.suit.value)


def revokes(
    earlier: Sequence[Play], play: Play, trump: Suit | None, *, la_podrida: bool
) -> list[Finding]:
    """What ``play`` proves about the same seat's earlier plays in this hand.

    Playing a suit after failing to follow it proves a revoke. With ``la_podrida``,
    playing a trump after neither following nor trumping proves one too.
    """
    found: list[Finding] = []
    suit = play.card.suit
    for old in earlier:
        if old.seat != play.seat or old.followed:
            continue
        if old.led is suit:
            found.append(
                Finding(
                    REVOKE,
                    play.seat,
                    suit,
                    f"seat {play.seat} plays {play.card} but did not follow "
                    f"{_name(suit)} in trick {old.trick + 1} ({old.card})",
                    _revoke_reason("revoke", old, play),
                )
            )
        elif la_podrida and trump is not None and suit is trump and old.card.suit is not trump:
            found.append(
                Finding(
                    TRUMP_REVOKE,
                    play.seat,
                    suit,
                    f"seat {play.seat} plays the trump {play.card} but neither followed nor "
                    f"trumped in trick {old.trick + 1} ({old.card}) (la podrida)",
                    _revoke_reason("trump-revoke", old, play),
                )
            )
    return found


def _revoke_reason(key: str, old: Play, play: Play) -> Reason:
    """Trick 1: P2 played 4♠ on a club lead; now plays 8♣."""
    return Reason.of(
        key, trick=old.trick + 1, seat=SeatRef(play.seat), card=old.card, led=old.led, now=play.card
    )


def _name(suit: Suit) -> str:
    return suit.name.lower()
