"""The catalogue's queries: products, categories, the menu and stock movements."""
