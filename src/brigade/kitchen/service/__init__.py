"""The kitchen's use cases: tickets, and the board's live announcements."""
