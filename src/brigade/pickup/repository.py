"""Every query of the guests' board (docs/design.md §20): the location's setting, and the
orders that may be on the board with their sent items as they are now. Two reads besides the
setting and the kitchen's expo, however many orders."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from datetime import datetime
from uuid import UUID

from sqlalchemy import and_, func, or_, select

from brigade.dining.tables import locations
from brigade.kit.db.engine import UnitOfWork
from brigade.kitchen.domain import TicketKind
from brigade.kitchen.tables import kitchen_stations, kitchen_tickets
from brigade.orders.domain.states import ItemStatus, OrderStatus, OrderType
from brigade.orders.tables import order_items, orders
from brigade.pickup.domain import (
    COOKING,
    FINISHED,
    PREPARING_WINDOW,
    READY_SHOWN_FOR,
    CandidateOrder,
    SentItem,
)

# A COMPLETED order stays a candidate: a counter takes the money first, then cooks.
_LIVE_ORDERS = (OrderStatus.OPEN.value, OrderStatus.COMPLETED.value)
_COOKING = [status.value for status in COOKING]
_SENT = [status.value for status in COOKING | FINISHED]
# An item with the ticket it was sent on (none: an item of no ticket).
_SENT_ON = order_items.outerjoin(
    kitchen_tickets, kitchen_tickets.c.id == order_items.c.kitchen_ticket_id
)


class PickupRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def shows_dine_in(self, location_id: UUID) -> bool:
        """The location's ``boardShowsDineIn`` (a location without a profile: no)."""
        connection = await self._uow.connection()
        statement = select(locations.c.board_shows_dine_in).where(locations.c.id == location_id)
        return bool((await connection.execute(statement)).scalar_one_or_none())

    async def candidates(
        self, location_id: UUID, types: Collection[OrderType], at: datetime
    ) -> list[CandidateOrder]:
        """The location's orders of ``types`` opened in the last 24 hours, open or completed,
        with an item still SENT or PREPARING (perhaps bumped), one changed or bumped in the
        last 15 minutes, or (with an expo) one READY on a ticket the expo has not bumped: the
        domain tells which of them show."""
        connection = await self._uow.connection()
        expo = await self._has_expo(location_id)
        since = at - READY_SHOWN_FOR
        recent = or_(
            order_items.c.status.in_(_COOKING),
            and_(
                order_items.c.status.in_(_SENT),
                or_(order_items.c.updated_at > since, kitchen_tickets.c.bumped_at > since),
            ),
        )
        if expo:
            # Food at the pass waits for the expo's bump, however long ago it was made.
            held = and_(kitchen_tickets.c.id.is_not(None), kitchen_tickets.c.bumped_at.is_(None))
            recent = or_(recent, and_(order_items.c.status == ItemStatus.READY.value, held))
        moving = (
            select(order_items.c.id)
            .select_from(_SENT_ON)
            .where(order_items.c.order_id == orders.c.id, recent)
            .exists()
        )
        query = select(
            orders.c.id, orders.c.order_number, orders.c.created_at, orders.c.completed_at
        ).where(
            orders.c.location_id == location_id,
            orders.c.created_at >= at - PREPARING_WINDOW,
            orders.c.status.in_(_LIVE_ORDERS),
            orders.c.order_type.in_([order_type.value for order_type in types]),
            moving,
        )
        found = (await connection.execute(query)).all()
        if not found:
            return []
        ids = [row.id for row in found]
        items = await self._sent_items(ids, held=expo)
        first_sends = await self._first_sends(ids)
        return [
            CandidateOrder(
                order_id=row.id,
                number=row.order_number,
                first_sent_at=first_sends.get(row.id, row.created_at),
                items=tuple(items[row.id]),
                completed_at=row.completed_at,
            )
            for row in found
        ]

    async def _has_expo(self, location_id: UUID) -> bool:
        """Whether the location's kitchen has an expo, which holds each ticket until its bump."""
        connection = await self._uow.connection()
        statement = select(kitchen_stations.c.id).where(
            kitchen_stations.c.location_id == location_id, kitchen_stations.c.is_expo.is_(True)
        )
        return (await connection.execute(statement.limit(1))).first() is not None

    async def _sent_items(
        self, order_ids: Collection[UUID], *, held: bool
    ) -> dict[UUID, list[SentItem]]:
        """Each order's sent items; ``held``: those on a ticket wait for the expo's bump."""
        connection = await self._uow.connection()
        query = (
            select(
                order_items.c.order_id,
                order_items.c.status,
                order_items.c.updated_at,
                kitchen_tickets.c.id.label("ticket_id"),
                kitchen_tickets.c.bumped_at,
            )
            .select_from(_SENT_ON)
            .where(order_items.c.order_id.in_(order_ids), order_items.c.status.in_(_SENT))
        )
        items: dict[UUID, list[SentItem]] = defaultdict(list)
        for row in await connection.execute(query):
            on_ticket = held and row.ticket_id is not None
            item = SentItem(ItemStatus(row.status), row.updated_at, row.bumped_at, on_ticket)
            items[row.order_id].append(item)
        return items

    async def _first_sends(self, order_ids: Collection[UUID]) -> dict[UUID, datetime]:
        """When each order first reached the kitchen: its first ORDER ticket."""
        connection = await self._uow.connection()
        query = (
            select(kitchen_tickets.c.order_id, func.min(kitchen_tickets.c.created_at))
            .where(
                kitchen_tickets.c.order_id.in_(order_ids),
                kitchen_tickets.c.kind == TicketKind.ORDER.value,
            )
            .group_by(kitchen_tickets.c.order_id)
        )
        return {row[0]: row[1] for row in await connection.execute(query)}
