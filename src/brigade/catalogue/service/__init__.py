"""The catalogue's use cases: products, categories, the menu, stock."""
