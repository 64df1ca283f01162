"""Reports: the sales report."""
