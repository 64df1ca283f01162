"""The menu a worker serves, kept as ready answers (kit/ready_answers.py; docs/design.md §24).

The hot catalogue reads (a product, a barcode, a page of products: catalogue/routes/products.py,
served by their route class, kit/http/routing.py) keep their JSON bytes and ETag once read,
per location. Any event of a product, its stock, an 86, a modifier group or a
tax rate at a location drops that location's answers: in this worker as the change commits,
in every other as its event waiter reads the log. A stock-tracked product's answer is never
kept: a sale moves its ``stockQuantity`` without an event (domain/events.py ``stock_moved``).
Categories have no events, and are not kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

from brigade.catalogue.domain.events import CatalogueEvents
from brigade.kit.events import Envelope
from brigade.kit.ready_answers import ReadyAnswers
from brigade.pricing.domain import PricingEvents

# What changes a kept answer: a product (its 86 and stock.low too), a modifier group its
# detail shows, a tax rate its taxRate shows.
MENU_EVENTS = frozenset(
    event_type.value
    for event_type in (*CatalogueEvents, *PricingEvents)
    if event_type.value.split(".")[0] in {"product", "stock", "modifier_group", "tax_rate"}
)

# This worker's answers; kept nothing until the app configures it (a CLI command caches nothing).
ANSWERS = ReadyAnswers()


class MenuFollower:
    """What the event waiter (events/service.py ``LogFollower``) tells the menu's answers."""

    def following(self) -> None:
        ANSWERS.following()

    def lost(self) -> None:
        ANSWERS.lost()

    def heard(self, event_type: str, location_id: UUID | None) -> None:
        if event_type in MENU_EVENTS:
            ANSWERS.drop(location_id)


def committed_here(written: Sequence[Envelope]) -> None:
    """A change this worker committed (kit/db/engine.py ``CommitListener``): its next read
    sees it at once, not one poll later."""
    for envelope in written:
        if envelope.type.value in MENU_EVENTS:
            ANSWERS.drop(envelope.location_id)
