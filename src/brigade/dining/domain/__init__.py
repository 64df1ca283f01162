"""The dining room's rules: locations and tables, devices and sessions."""
