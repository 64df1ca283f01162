"""Access's rules: roles and permissions, staff and tokens, audit entries, the token cache."""
