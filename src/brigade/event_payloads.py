"""Every feature's event payload shapes, registered where the app (or a command) starts:
the outbox shows each payload as its feature's API does (kit/events.py, docs/design.md §8)."""

from __future__ import annotations

from brigade.catalogue.routes import event_payloads as catalogue
from brigade.dining.routes import event_payloads as dining
from brigade.kitchen import routes as kitchen
from brigade.orders.routes import event_payloads as orders


def install_event_payloads(*, max_bytes: int) -> None:
    """``max_bytes``: BRIGADE_EVENT_MAX_BYTES, past which an order or a ticket is summarized."""
    orders.install_event_payloads(max_bytes=max_bytes)
    kitchen.install_event_payloads(max_bytes=max_bytes)
    catalogue.install_event_payloads()
    dining.install_event_payloads()
