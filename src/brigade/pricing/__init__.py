"""Pricing: named tax rates and service charges of a location (docs/design.md §15)."""
