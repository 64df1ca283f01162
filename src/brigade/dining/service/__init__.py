"""The dining room's use cases: locations and tables, devices and sessions (terminals)."""
