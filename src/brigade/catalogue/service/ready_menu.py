"""The menu a worker serves, kept as ready answers (kit/ready_answers.py; docs/design.md §24).

The hot catalogue reads (a product, a barcode, a page of products) keep their JSON bytes and
ETag once read, per location. Any event of a product, its stock, an 86, a modifier group or a
tax rate at a location drops that location's answers: in this worker as the change commits,
in every other as its event waiter reads the log. A stock-tracked product's answer is never
kept: a sale moves its ``stockQuantity`` without an event (domain/events.py ``stock_moved``).
Categories have no events, and are not kept.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass
from uuid import UUID

from brigade.kit.access import Actor
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.events import Envelope, EventType
from brigade.kit.ready_answers import ReadyAnswer, ReadyAnswers, ready

# What changes a kept answer: a product (its 86 and stock.low too), a modifier group its
# detail shows, a tax rate its taxRate shows.
MENU_EVENTS = frozenset(
    event_type.value
    for event_type in EventType
    if event_type.value.split(".")[0] in {"product", "stock", "modifier_group", "tax_rate"}
)

# This worker's answers; kept nothing until the app configures it (a CLI command caches nothing).
ANSWERS = ReadyAnswers()


@dataclass(frozen=True, slots=True)
class Fresh:
    """An answer just read: its JSON, the location whose changes replace it (None: across
    locations), and whether it may be kept (no stock-tracked product in it)."""

    body: bytes
    location_id: UUID | None
    keepable: bool


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


def _serves(answer: ReadyAnswer, actor: Actor) -> bool:
    """A kept answer goes only to a caller at its location: a device or its PIN session at
    that location, or a caller of no one location (a staff token)."""
    return actor.location_id is None or actor.location_id == answer.location_id


async def answered(
    uow: UnitOfWork, actor: Actor, key: Hashable, read: Callable[[], Awaitable[Fresh]]
) -> ReadyAnswer:
    """The answer kept under ``key``, else ``read``'s (kept if it may be).

    The permission was checked before (the route's); the kept answer skips only the reading.
    An answer read in a transaction already begun (the token looked up in it) is served but
    not kept: its snapshot may predate a change this worker has heard of since."""
    kept = ANSWERS.get(key)
    if kept is not None and _serves(kept, actor):
        return kept
    ticket = None if uow.began else ANSWERS.ticket()
    fresh = await read()
    answer = ready(fresh.body, fresh.location_id)
    if fresh.keepable:
        ANSWERS.keep(key, answer, ticket)
    return answer
