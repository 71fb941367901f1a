"""Example games bundled with the package, replayed by ``companion demo``."""
