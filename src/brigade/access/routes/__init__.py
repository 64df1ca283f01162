"""Access's endpoints: staff and their tokens, the audit log."""
