"""Polish texts of the screens, as said at the table (keys sorted by area)."""

POLISH: dict[str, str] = {
    # common
    "common.bank": "Bank",
    "common.banker": "Bankier",
    "common.seat": "Gracz {number}",
    "common.seat_short": "G{number}",
    "common.turn": "Ruch: {seat}",
}
