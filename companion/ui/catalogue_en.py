"""English texts of the screens (keys sorted by area)."""

ENGLISH: dict[str, str] = {
    # common
    "common.bank": "Bank",
    "common.banker": "Banker",
    "common.seat": "Seat {number}",
    "common.seat_short": "S{number}",
    "common.turn": "{seat} to play",
}
