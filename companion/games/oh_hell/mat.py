"""Oh Hell's mat: the trump card's zone and the trick's."""

from companion.values.mat import MatDesign, a3_design, a4_design, zones

MAT = MatDesign(
    a3=a3_design(
        "Oh Hell",
        zones(
            ("trump", "TRUMP", 20.0, 60.0, 110.0, 170.0),
            ("trick", "TRICK", 150.0, 50.0, 250.0, 200.0),
        ),
        scale_bar_at=(276.0, 16.0),
    ),
    a4=a4_design(
        "Oh Hell",
        zones(
            ("trump", "TRUMP", 10.0, 50.0, 80.0, 110.0),
            ("trick", "TRICK", 100.0, 38.0, 190.0, 135.0),
        ),
        scale_bar_at=(160.0, 13.0),
    ),
)
