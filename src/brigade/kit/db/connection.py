"""What repositories use of a connection, the same on both databases (the unit of work's
connection, kit/db/engine.py, and the outbox's writer, kit/db/outbox.py, share it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from sqlalchemy.engine import CursorResult, Dialect
from sqlalchemy.sql import Executable
from sqlalchemy.util.typing import TupleAny

# One row's parameters, or many (executemany).
Parameters = Mapping[str, Any] | Sequence[Mapping[str, Any]] | None


class Connection(Protocol):
    """What repositories use of a connection, the same on both databases."""

    @property
    def dialect(self) -> Dialect: ...

    async def execute(
        self, statement: Executable, parameters: Parameters = None
    ) -> CursorResult[*TupleAny]: ...
