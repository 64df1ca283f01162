"""The dining room: locations, tables, devices, PINs and staff sessions."""
