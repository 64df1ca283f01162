"""The orders' rules: the aggregate, its commands and records, states, totals, refunds."""
