"""Files the runtime ships: the fonts of the screens and of drawn cards."""
