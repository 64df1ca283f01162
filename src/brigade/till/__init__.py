"""The till: cash drawers, their movements, shifts (docs/design.md §17)."""
