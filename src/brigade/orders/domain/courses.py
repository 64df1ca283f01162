"""Seats and courses: which of an order's pending items a send or a fire puts in front of the
kitchen (docs/design.md §5, "Seats, courses, hold and fire").

Every item goes out with a course (1 unless said otherwise). The first send fires course 1;
a course fired later (``POST /courses/{n}/fire``) goes out on its own ticket, and from then
on a send also takes its new pending items. A course not fired is held: its items stay
PENDING. An order whose items are all course 1 sends exactly as it did before courses.
"""

from __future__ import annotations

from collections.abc import Iterable

FIRST_COURSE = 1
# What a terminal shows and a kitchen plans for; 422 beyond.
MAX_COURSE = 20
# A seat at one table (a party of up to 500 guests, the largest guest count).
MAX_SEAT = 500


def fired_with(fired: Iterable[int], *courses: int) -> tuple[int, ...]:
    """The fired courses once ``courses`` are fired too, ascending."""
    return tuple(sorted({*fired, *courses}))


def sent_by_a_send(fired: Iterable[int]) -> tuple[int, ...]:
    """The courses whose pending items a send sends: those fired, and course 1 (which the
    first send fires)."""
    return fired_with(fired, FIRST_COURSE)
