"""The catalogue: products, categories, variants, modifier groups (the menu) and stock."""
