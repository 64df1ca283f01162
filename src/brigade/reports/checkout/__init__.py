"""A server's checkout: their business day from the orders and the till (docs/design.md §17)."""
