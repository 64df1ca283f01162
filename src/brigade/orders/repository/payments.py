"""Payments across orders (settlement, tip-out): each with its order's number and location and
what was refunded of it, newest first."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, func, select

from brigade.dining.tables import dining_tables
from brigade.kit.cursor import Cursor
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import location_in, location_out, rows_before
from brigade.orders.domain.settlement import PaymentFilter, SettledPayment
from brigade.orders.domain.states import OrderType, PaymentStatus
from brigade.orders.repository.orders import payment_from_row
from brigade.orders.tables import orders, payments, refunds

_WITH_ORDER = payments.join(orders, orders.c.id == payments.c.order_id).outerjoin(
    dining_tables, dining_tables.c.id == orders.c.table_id
)


def _refunded(column: ColumnElement[Any], label: str) -> Any:
    """What was refunded of each payment of the page: one indexed sum per row."""
    total = func.coalesce(func.sum(column), 0)
    return select(total).where(refunds.c.payment_id == payments.c.id).scalar_subquery().label(label)


class PaymentRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def list(
        self, filters: PaymentFilter, *, page: int, limit: int, after: Cursor | None = None
    ) -> tuple[list[SettledPayment], int]:
        where: list[ColumnElement[bool]] = []
        if filters.location_id is not None:
            where.append(orders.c.location_id == location_in(filters.location_id))
        if filters.method is not None:
            where.append(payments.c.method == filters.method.value)
        if filters.taken_from is not None:
            where.append(payments.c.processed_at >= filters.taken_from)
        if filters.taken_before is not None:
            where.append(payments.c.processed_at < filters.taken_before)
        if filters.awaiting_tip:
            where.append(payments.c.status == PaymentStatus.COMPLETED.value)
            where.append(payments.c.tip_cents == 0)
        connection = await self._uow.connection()
        count = select(func.count()).select_from(_WITH_ORDER).where(*where)
        total: int = (await connection.execute(count)).scalar_one()
        query = (
            select(
                payments,
                orders.c.order_number,
                orders.c.location_id.label("order_location_id"),
                orders.c.currency.label("order_currency"),
                orders.c.order_type,
                orders.c.customer_name,
                dining_tables.c.name.label("table_name"),
                _refunded(refunds.c.amount_cents, "refunded_cents"),
                _refunded(refunds.c.tip_cents, "refunded_tip_cents"),
            )
            .select_from(_WITH_ORDER)
            .where(*where)
            .order_by(payments.c.processed_at.desc(), payments.c.id.desc())
            .offset((page - 1) * limit)
            .limit(limit)
        )
        before = rows_before(after, payments.c.processed_at, payments.c.id)
        rows = await connection.execute(query if before is None else query.where(before))
        return [
            SettledPayment(
                payment=payment_from_row(row, row.order_currency),
                order_number=row.order_number,
                location_id=location_out(row.order_location_id),
                order_type=OrderType(row.order_type),
                table_name=row.table_name,
                customer_name=row.customer_name,
                refunded_cents=int(row.refunded_cents),
                refunded_tip_cents=int(row.refunded_tip_cents),
            )
            for row in rows
        ], total
