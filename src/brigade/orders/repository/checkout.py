"""The reads behind a server's checkout (docs/design.md §17): four statements, each on the
orders' or payments' own indexes narrowed to one location's window."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from sqlalchemy import ColumnElement, case, func, select

from brigade.dining.tables import dining_tables
from brigade.kit.db.engine import UnitOfWork
from brigade.orders.domain.checkout import OpenCheck, ServerDay
from brigade.orders.domain.states import OrderStatus, PaymentMethod
from brigade.orders.tables import orders, payments, refunds

_OPEN = (OrderStatus.DRAFT.value, OrderStatus.OPEN.value)


def _sum_when(condition: ColumnElement[bool], column: ColumnElement[int]) -> ColumnElement[int]:
    return func.coalesce(func.sum(case((condition, column), else_=0)), 0)


class CheckoutRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def server_day(
        self, staff_id: UUID, location_id: UUID, start: datetime, end: datetime
    ) -> ServerDay:
        connection = await self._uow.connection()
        sales = (
            await connection.execute(
                select(
                    func.coalesce(func.sum(orders.c.subtotal_cents - orders.c.discount_cents), 0),
                    func.count(orders.c.id),
                ).where(
                    orders.c.location_id == location_id,
                    orders.c.status == OrderStatus.COMPLETED.value,
                    orders.c.completed_at >= start,
                    orders.c.completed_at < end,
                    orders.c.opened_by_id == staff_id,
                )
            )
        ).one()
        cash = payments.c.method == PaymentMethod.CASH.value
        card = payments.c.method == PaymentMethod.CARD.value
        taken = (
            await connection.execute(
                select(
                    _sum_when(card, payments.c.tip_cents),
                    _sum_when(cash, payments.c.tip_cents),
                    _sum_when(cash, payments.c.amount_cents),
                    _sum_when(card, payments.c.amount_cents),
                )
                .select_from(payments.join(orders, orders.c.id == payments.c.order_id))
                .where(
                    orders.c.location_id == location_id,
                    payments.c.taken_by_id == staff_id,
                    payments.c.processed_at >= start,
                    payments.c.processed_at < end,
                )
            )
        ).one()
        refunded = (
            await connection.execute(
                select(func.coalesce(func.sum(refunds.c.amount_cents), 0)).where(
                    refunds.c.location_id == location_id,
                    refunds.c.method == PaymentMethod.CASH.value,
                    refunds.c.refunded_by_id == staff_id,
                    refunds.c.created_at >= start,
                    refunds.c.created_at < end,
                )
            )
        ).scalar_one()
        open_rows = await connection.execute(
            select(
                orders.c.id,
                orders.c.order_number,
                orders.c.table_id,
                dining_tables.c.name,
                orders.c.total_cents,
                (orders.c.total_cents + orders.c.rounding_cents - orders.c.paid_cents),
            )
            .select_from(orders.outerjoin(dining_tables, dining_tables.c.id == orders.c.table_id))
            .where(
                orders.c.location_id == location_id,
                orders.c.status.in_(_OPEN),
                orders.c.opened_by_id == staff_id,
            )
            .order_by(orders.c.order_number)
        )
        return ServerDay(
            sales_cents=int(sales[0]),
            order_count=int(sales[1]),
            card_tips_cents=int(taken[0]),
            cash_tips_cents=int(taken[1]),
            cash_taken_cents=int(taken[2]),
            cash_refunded_cents=int(refunded),
            card_total_cents=int(taken[3]),
            open_checks=tuple(
                OpenCheck(row[0], row[1], row[2], row[3], int(row[4]), int(row[5]))
                for row in open_rows
            ),
        )
