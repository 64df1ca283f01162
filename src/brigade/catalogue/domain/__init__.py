"""The catalogue's rules: records and their commands, the menu and stock."""
