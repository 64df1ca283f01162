"""Time-ordered identifiers (UUID version 7, RFC 9562): index-friendly primary keys.

Ids made one after the other sort in the order they were made, within a millisecond too (RFC
9562 §6.2, the random bits as a counter): a product's variants or an order's lines read back
by id come in the order they were given."""

from __future__ import annotations

import os
import threading
import time
import uuid

_lock = threading.Lock()
_last = 0


def _version_7(timestamp_ms: int, random_bits: int) -> int:
    value = (timestamp_ms & 0xFFFF_FFFF_FFFF) << 80 | random_bits
    value &= ~(0xF << 76)
    value |= 0x7 << 76  # version 7
    value &= ~(0x3 << 62)
    value |= 0x2 << 62  # RFC 4122 variant
    return value


def new_id() -> uuid.UUID:
    global _last
    value = _version_7(time.time_ns() // 1_000_000, int.from_bytes(os.urandom(10), "big"))
    with _lock:
        if value <= _last:
            # The same millisecond (or a clock stepped back): one more than the last, in the 62
            # random bits at the end, which a millisecond's ids never use up from a random start.
            value = _last + 1
        _last = value
    return uuid.UUID(int=value)
