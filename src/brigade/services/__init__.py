"""Use cases: one function per operation, run inside the caller's unit of work."""
