"""Synthetic table sessions: a printed mat filmed by a camera while a real game is dealt."""
