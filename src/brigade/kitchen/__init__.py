"""The kitchen: tickets sent to it and the board its screens show."""
