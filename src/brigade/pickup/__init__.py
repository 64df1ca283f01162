"""The order-ready board for guests (docs/design.md §20)."""
