"""The user interface: views of the games, screens drawn on a 128x64 image, menus."""
