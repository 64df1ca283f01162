"""Brigade: a restaurant point-of-sale service."""

__version__ = "0.1.0"
