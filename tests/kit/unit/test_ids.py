"""Ids made one after the other sort in the order they were made, within a millisecond too."""

from __future__ import annotations

import uuid

from brigade.kit.ids import new_id


def test_ids_made_in_a_row_sort_in_that_order_and_stay_version_7() -> None:
    made = [new_id() for _ in range(5000)]
    assert made == sorted(made)
    assert len(set(made)) == len(made)
    assert {(made_id.version, made_id.variant) for made_id in made} == {(7, uuid.RFC_4122)}
