"""What reports do when a check closes, in that change's transaction (docs/design.md §2,
"Domain events"): count it for the operator's dashboard, once the COMMIT is through, so a
refused or rolled-back completion is never counted. Orders know nothing of it: this file is
the whole of the subscription (with its line in ``listening.py``)."""

from __future__ import annotations

from prometheus_client import Counter

from brigade.kit.db.engine import DomainEventHandler, UnitOfWork
from brigade.orders.domain.domain_events import OrderCompleted

# Checks closed per order type (a handful of labels): the rush as the till sees it, next to
# the request latencies of kit/metrics.py. It names no order, amount or person.
CHECKS_COMPLETED = Counter(
    "brigade_checks_completed",
    "Checks completed (paid and closed), by order type.",
    ["type"],
)


async def count_completed(uow: UnitOfWork, completed: OrderCompleted) -> None:
    counted = CHECKS_COMPLETED.labels(completed.order_type.value)
    uow.after_commit(counted.inc)


LISTENERS: tuple[tuple[type, DomainEventHandler], ...] = ((OrderCompleted, count_completed),)
