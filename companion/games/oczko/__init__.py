"""Oczko: Polish twenty-one with a rotating bank (versions I and II)."""
