"""Formats around the core: the win-case interchange format (and, later, game records)."""
