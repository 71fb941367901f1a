"""The menus the controller shows: each module is one kind of screen, its key handling
and its drawing, all pure."""
