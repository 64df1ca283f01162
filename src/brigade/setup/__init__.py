"""The first run (docs/design.md §22): the location, its first person, the demo menu."""
