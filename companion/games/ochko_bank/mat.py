"""The mat of Очко with a permanent bank: the dealer's hand, the pack's marker card, and
the punters' seats. A3 holds three punters, each with room for a split hand (three rows
of 92 mm); A4 two, without split zones."""

from companion.values.mat import MatDesign, a3_design, a4_design, zones

MAT = MatDesign(
    a3=a3_design(
        "Очко: bank",
        zones(
            ("dealer", "DEALER", 44.0, 8.0, 160.0, 92.0),
            ("marker", "MARKER", 208.0, 8.0, 66.0, 92.0),
            ("seat1", "SEAT 1", 8.0, 103.0, 130.0, 92.0),
            ("seat2", "SEAT 2", 145.0, 103.0, 130.0, 92.0),
            ("seat3", "SEAT 3", 282.0, 103.0, 130.0, 92.0),
            ("seat1b", "SEAT 1 SPLIT", 44.0, 198.0, 106.0, 92.0),
            ("seat2b", "SEAT 2 SPLIT", 157.0, 198.0, 106.0, 92.0),
            ("seat3b", "SEAT 3 SPLIT", 270.0, 198.0, 106.0, 92.0),
        ),
        scale_bar_at=(276.0, 60.0),
        title_at=(280.0, 22.0),
    ),
    a4=a4_design(
        "Очко: bank",
        zones(
            ("dealer", "DEALER", 35.0, 22.0, 140.0, 90.0),
            ("marker", "MARKER", 180.0, 22.0, 70.0, 90.0),
            ("seat1", "SEAT 1", 35.0, 114.0, 112.0, 90.0),
            ("seat2", "SEAT 2", 150.0, 114.0, 112.0, 90.0),
        ),
        scale_bar_at=(160.0, 13.0),
    ),
)
