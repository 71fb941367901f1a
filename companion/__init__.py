"""The card-table companion."""

__version__ = "0.1.0"
