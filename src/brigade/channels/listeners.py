"""What the channels do when another feature's change tells them to, in that change's
transaction (docs/design.md §29): a check's kitchen, completion and cancellation become its
channel order's status; a product's change becomes its channels' menu change."""

from __future__ import annotations

from brigade.catalogue.domain.events import ProductsChanged
from brigade.channels import service
from brigade.kit.db.engine import DomainEventHandler
from brigade.kitchen.domain import ItemsDone
from brigade.orders.domain.domain_events import OrderCancelled, OrderCompleted

# After orders' own: the kitchen's bump has made the items READY when channels hear it.
LISTENERS: tuple[tuple[type, DomainEventHandler], ...] = (
    (ItemsDone, service.items_done),
    (OrderCompleted, service.check_completed),
    (OrderCancelled, service.check_cancelled),
    (ProductsChanged, service.products_changed),
)
