"""Gwiazda ("The Star"): a Polish banking game played with two separate 52-card decks."""
