"""Hardware behind small interfaces, each a real one and a fake: frame sources, display, buttons."""
