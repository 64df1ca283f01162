"""Access: staff, API tokens, roles and permissions, the audit log, the token cache."""
