"""Access's use cases: staff and tokens, the audit log, each worker's token cache."""
