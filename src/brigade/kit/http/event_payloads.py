"""What every feature's event payload shapes share: a payload stays small whatever its
resource (a stream, a webhook and the log each carry it; docs/design.md §8)."""

from __future__ import annotations

import orjson

from brigade.kit.http.types import ResponseModel


def bounded(
    shown: ResponseModel, summary: set[str], item_count: int, href: str, max_bytes: int
) -> str:
    """The resource's JSON, or past ``max_bytes`` its summary with ``truncated``, the number
    of its items and ``href`` where the whole of it is read."""
    whole = shown.model_dump_json()
    if len(whole.encode()) <= max_bytes:
        return whole
    kept = shown.model_dump(mode="json", by_alias=True, include=summary)
    return orjson.dumps(kept | {"itemCount": item_count, "truncated": True, "href": href}).decode()
