"""Hot reads answered straight in JSON bytes, without their response model at run time.

A route keeps declaring its ``response_model`` (the OpenAPI is the model's), but builds the
answer's dict itself and returns it as a ``Response``: FastAPI neither validates nor
serializes it. Each such shaping function mirrors its model field for field, in the same JSON
representation (tests/kit/api/test_json_answers.py holds them to ``model_dump(mode="json")``).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any
from uuid import UUID

import orjson
from fastapi import Response

from brigade.kit.http.types import utc_z
from brigade.kit.ready_answers import ReadyAnswer, ready

JSON = "application/json"


def json_answer(
    body: Any, *, status_code: int = 200, headers: dict[str, str] | None = None
) -> Response:
    return Response(orjson.dumps(body), status_code=status_code, media_type=JSON, headers=headers)


def kept_answer(answer: ReadyAnswer) -> Response:
    """A kept answer (kit/ready_answers.py) with its own ETag, which the conditional reads'
    middleware (kit/http/conditional.py) keeps rather than hashing the body again."""
    return Response(answer.body, media_type=JSON, headers={"etag": answer.etag})


class FreshAnswer(Response):
    """A JSON answer just read, which its route class keeps ready if ``keepable`` (a route
    marked ``answers_kept_in``, kit/http/routing.py). ``location_id``: the location whose
    changes replace it; None: an answer across locations."""

    def __init__(self, body: Any, *, location_id: UUID | None, keepable: bool) -> None:
        self.ready = ready(orjson.dumps(body), location_id)
        self.keepable = keepable
        super().__init__(self.ready.body, media_type=JSON, headers={"etag": self.ready.etag})


# Each as its answer model's type serializes it (kit/http/types.py).


def uuid_text(value: UUID | None) -> str | None:
    # str(): asyncpg reads its own UUID class, which orjson does not know.
    return None if value is None else str(value)


def number(value: Decimal | None) -> float | None:
    """``Money`` and ``Number``: a JSON number."""
    return None if value is None else float(value)


def cents(value: int) -> float:
    """An amount in cents as ``Money``: the same double as float(Decimal(value) / 100), since
    the division of two exact integers is correctly rounded."""
    return value / 100


def instant(value: datetime | None) -> str | None:
    """``Timestamp``."""
    return None if value is None else utc_z(value)
