"""Card readers, card checkouts and refunds to cards (docs/design.md §27)."""
