"""Очко (21) with a bank and стук: the banker plays each player in turn (see EVENTS.md)."""
