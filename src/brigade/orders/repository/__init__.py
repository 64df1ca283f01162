"""The orders' queries: orders with their items and payments, and payments across orders."""
