"""Persistence: engines, the unit of work, tables and every query (repositories)."""
