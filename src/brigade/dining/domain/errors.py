"""The dining room's errors and their answers (docs/design.md §2)."""

from __future__ import annotations

from brigade.kit.errors import Conflict, declare_answers


class DuplicateTableName(Conflict):
    pass


ERRORS = declare_answers(
    {
        DuplicateTableName: (409, "duplicate_table_name"),
    }
)
