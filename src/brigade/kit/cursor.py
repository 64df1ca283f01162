"""Cursors for lists read newest first (docs/design.md §3, "Paging"): the sort instant and id
of the last row a page answered, opaque to clients. The next page holds the rows strictly
before it, so rows added meanwhile (newer, hence ahead of it) never repeat one or push one
out, as they do to an offset page."""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from brigade.kit.errors import InvalidInput

_SEPARATOR = "|"


@dataclass(frozen=True, slots=True)
class Cursor:
    at: datetime
    id: UUID

    def encode(self) -> str:
        text = f"{self.at.isoformat()}{_SEPARATOR}{self.id}"
        return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")

    @classmethod
    def decode(cls, text: str) -> Cursor:
        """The cursor a page answered as ``nextCursor``, or 422 ``validation_failed``."""
        try:
            padded = text + "=" * (-len(text) % 4)
            at, _, id_ = base64.urlsafe_b64decode(padded).decode().partition(_SEPARATOR)
            found = cls(datetime.fromisoformat(at), UUID(id_))
        except (binascii.Error, UnicodeDecodeError, ValueError) as error:
            raise InvalidInput("cursor", "is not a nextCursor this API answered") from error
        if found.at.tzinfo is None:
            raise InvalidInput("cursor", "is not a nextCursor this API answered")
        return found
