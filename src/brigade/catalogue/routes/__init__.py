"""The catalogue's endpoints: products, categories, modifier groups."""
