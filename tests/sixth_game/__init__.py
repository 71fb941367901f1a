"""A sixth game that lives only here: High Card, to prove a game is one package."""
