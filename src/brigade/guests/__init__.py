"""Guests at the tables, from their phones (docs/design.md §28)."""
