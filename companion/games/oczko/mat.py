"""Oczko's mat: the banker's hand, the punter's, and the stock."""

from companion.values.mat import MatDesign, a3_design, a4_design, zones

MAT = MatDesign(
    a3=a3_design(
        "Oczko",
        zones(
            ("banker", "BANKER", 44.0, 30.0, 220.0, 110.0),
            ("punter", "PUNTER", 44.0, 150.0, 220.0, 110.0),
            ("stock", "STOCK", 290.0, 90.0, 100.0, 130.0),
        ),
        scale_bar_at=(276.0, 16.0),
    ),
    a4=a4_design(
        "Oczko",
        zones(
            ("banker", "BANKER", 35.0, 22.0, 150.0, 90.0),
            ("punter", "PUNTER", 35.0, 114.0, 150.0, 90.0),
            ("stock", "STOCK", 195.0, 55.0, 85.0, 110.0),
        ),
        scale_bar_at=(160.0, 13.0),
    ),
)
