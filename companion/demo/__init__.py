"""The demo, the companion's main job on its defaults (``companion demo``): a game filmed
on its printed mat (``film``) played through the whole companion, as the box would play
it, the screens drawn in the terminal."""
