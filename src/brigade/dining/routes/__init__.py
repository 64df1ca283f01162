"""The dining room's endpoints: locations, tables, devices, sessions."""
