"""Developer tools, each run as ``python -m companion.tools.NAME``: the crash and
power-cut harnesses, the reader's evaluation and its drawn frames, the benches, the
gallery, the sample screens and the figure scripts. No runtime package imports them (the
``companion`` command included)."""
