"""The journal: every event of every game in SQLite, committed before it is used.

``Journal`` is the store (append-only rows of event lines), ``replay`` folds a game's rows
back into a ``Game``, ``JournaledGame`` records an event and then applies it, and
``export`` writes a game's script or score sheet.
"""
