"""The running kiosk: its configuration, its talk with systemd, and the loop that wires
camera, tracker, journal, engine, screens and buttons."""
