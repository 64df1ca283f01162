"""The database kit: the engine and unit of work, column types, rows, migrating, the metadata."""
