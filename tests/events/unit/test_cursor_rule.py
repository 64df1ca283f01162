"""The cursor rule: a page continues after the last id it returned, never before what
retention swept; and why ids must become visible in commit order."""

from __future__ import annotations

import pytest

from brigade.events.domain import EventsExpired, check_cursor, next_cursor


def test_the_cursor_moves_to_the_last_id_of_a_page_or_stays() -> None:
    assert next_cursor(0, [1, 2, 5]) == 5
    assert next_cursor(7, []) == 7
    assert next_cursor(7, [9]) == 9


@pytest.mark.parametrize("ids", [[3, 2], [5, 5], [4], [1, 8]])
def test_a_page_that_does_not_ascend_past_the_cursor_is_refused(ids: list[int]) -> None:
    with pytest.raises(ValueError, match="ascend"):
        next_cursor(4, ids)


def test_a_cursor_at_or_after_what_retention_swept_is_complete() -> None:
    check_cursor(0, 0)
    check_cursor(10, 10)
    check_cursor(11, 10)


@pytest.mark.parametrize("after", [0, 9])
def test_a_cursor_before_what_retention_swept_has_expired(after: int) -> None:
    with pytest.raises(EventsExpired, match="reload"):
        check_cursor(after, 10)


def _read_all(visible_in_order: list[list[int]]) -> list[int]:
    """A reader paging with the cursor rule over successive snapshots of the log."""
    seen: list[int] = []
    after = 0
    for snapshot in visible_in_order:
        page = sorted(i for i in snapshot if i > after)
        after = next_cursor(after, page)
        seen += page
    return seen


def test_ids_that_commit_in_id_order_are_all_read() -> None:
    # Commit order = id order (what the append lock guarantees): every snapshot is a prefix.
    assert _read_all([[1], [1, 2], [1, 2, 3, 4]]) == [1, 2, 3, 4]


def test_ids_that_commit_out_of_order_would_be_skipped() -> None:
    # Why the lock: if id 2 committed after id 3, a reader that saw 3 would never see 2.
    assert _read_all([[1], [1, 3], [1, 2, 3]]) == [1, 3]
