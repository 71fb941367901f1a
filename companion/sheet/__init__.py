"""The read-only phone score sheet: a small web server, its own process beside the kiosk.

It reads the journal through a read-only SQLite connection and serves each game's sheet
(the rows of ``companion export --format csv``), a chart, the list of games and the CSV,
and pushes every committed change to the open pages as server-sent events. Nothing it
serves can change a game.
"""
