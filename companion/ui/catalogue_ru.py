"""Russian texts of the screens, as said at the table (keys sorted by area)."""

RUSSIAN: dict[str, str] = {
    # common
    "common.bank": "Банк",
    "common.banker": "Банкир",
    "common.seat": "Игрок {number}",
    "common.seat_short": "И{number}",
    "common.turn": "Ход: {seat}",
}
