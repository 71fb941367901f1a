"""Gwiazda's mat: where the cards are revealed, and the bank's cards."""

from companion.values.mat import MatDesign, a3_design, a4_design, zones

MAT = MatDesign(
    a3=a3_design(
        "Gwiazda",
        zones(
            ("reveal", "REVEAL", 44.0, 30.0, 260.0, 230.0),
            ("bank", "BANK", 312.0, 50.0, 100.0, 200.0),
        ),
        scale_bar_at=(276.0, 16.0),
    ),
    a4=a4_design(
        "Gwiazda",
        zones(
            ("reveal", "REVEAL", 35.0, 22.0, 175.0, 180.0),
            ("bank", "BANK", 218.0, 40.0, 68.0, 134.0),
        ),
        scale_bar_at=(160.0, 13.0),
    ),
)
