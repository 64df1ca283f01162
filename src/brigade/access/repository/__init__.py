"""Access's queries: staff and tokens, the audit log."""
