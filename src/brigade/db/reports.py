"""The sales report's reads: a location's completed orders in a window, with their items and
payments, and the refunds given in it. Each is one statement on an index, whatever the
number of orders (the partial index on completed orders by location and completion time)."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, and_, func, select

from brigade.db.engine import UnitOfWork
from brigade.db.tables import categories, order_items, orders, payments, products
from brigade.domain.orders import ItemStatus, OrderStatus, PaymentStatus
from brigade.domain.reports import GivenBack, SoldLine, SoldOrder, TakenPayment


def _completed_in(location_id: UUID, start: datetime, end: datetime) -> ColumnElement[bool]:
    return and_(
        orders.c.location_id == location_id,
        orders.c.status == OrderStatus.COMPLETED.value,
        orders.c.completed_at >= start,
        orders.c.completed_at < end,
    )


class ReportRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def _rows(self, statement: Any) -> list[Any]:
        connection = await self._uow.connection()
        return list(await connection.execute(statement))

    async def completed_orders(
        self, location_id: UUID, start: datetime, end: datetime
    ) -> list[SoldOrder]:
        statement = select(
            orders.c.id,
            orders.c.order_type,
            orders.c.guest_count,
            orders.c.discount_cents,
            orders.c.tax_cents,
            orders.c.completed_at,
            orders.c.opened_by_id,
            orders.c.opened_by_name,
        ).where(_completed_in(location_id, start, end))
        return [SoldOrder(*row) for row in await self._rows(statement)]

    async def lines(self, location_id: UUID, start: datetime, end: datetime) -> list[SoldLine]:
        """The items of those orders, named and categorised as the catalogue has them now
        (the item's own name when its product is gone)."""
        statement = (
            select(
                order_items.c.order_id,
                order_items.c.product_id,
                func.coalesce(products.c.name, order_items.c.name),
                products.c.category_id,
                categories.c.name,
                order_items.c.quantity_units,
                order_items.c.total_cents,
                order_items.c.status == ItemStatus.VOIDED.value,
            )
            .select_from(
                orders.join(order_items, order_items.c.order_id == orders.c.id)
                .outerjoin(products, products.c.id == order_items.c.product_id)
                .outerjoin(categories, categories.c.id == products.c.category_id)
            )
            .where(_completed_in(location_id, start, end))
        )
        return [SoldLine(*row) for row in await self._rows(statement)]

    async def payments(
        self, location_id: UUID, start: datetime, end: datetime
    ) -> list[TakenPayment]:
        """Every payment of those orders, refunded later or not: refunds are their own figure."""
        statement = (
            select(
                payments.c.order_id,
                payments.c.method,
                payments.c.amount_cents,
                payments.c.tip_cents,
            )
            .select_from(orders.join(payments, payments.c.order_id == orders.c.id))
            .where(_completed_in(location_id, start, end))
        )
        return [TakenPayment(*row) for row in await self._rows(statement)]

    async def refunds(self, location_id: UUID, start: datetime, end: datetime) -> list[GivenBack]:
        """Payments given back within the window (a cancellation refunds them whole)."""
        statement = (
            select(payments.c.amount_cents, payments.c.tip_cents)
            .select_from(orders.join(payments, payments.c.order_id == orders.c.id))
            .where(
                orders.c.location_id == location_id,
                payments.c.status == PaymentStatus.REFUNDED.value,
                payments.c.refunded_at >= start,
                payments.c.refunded_at < end,
            )
        )
        return [GivenBack(*row) for row in await self._rows(statement)]
