"""The dining room's queries: locations and tables, devices and sessions."""
