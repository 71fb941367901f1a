"""High Card's mat: a zone for each of the four seats' shown card."""

from companion.values.mat import MatDesign, a3_design, a4_design, zones

MAT = MatDesign(
    a3=a3_design(
        "High Card",
        zones(
            ("seat0", "SEAT 1", 44.0, 40.0, 160.0, 115.0),
            ("seat1", "SEAT 2", 216.0, 40.0, 160.0, 115.0),
            ("seat2", "SEAT 3", 44.0, 165.0, 160.0, 115.0),
            ("seat3", "SEAT 4", 216.0, 165.0, 160.0, 115.0),
        ),
        scale_bar_at=(276.0, 16.0),
    ),
    a4=a4_design(
        "High Card",
        zones(
            ("seat0", "SEAT 1", 35.0, 22.0, 112.0, 90.0),
            ("seat1", "SEAT 2", 150.0, 22.0, 112.0, 90.0),
            ("seat2", "SEAT 3", 35.0, 114.0, 112.0, 90.0),
            ("seat3", "SEAT 4", 150.0, 114.0, 112.0, 90.0),
        ),
        scale_bar_at=(160.0, 13.0),
    ),
)
