"""The sales report's reads: a location's completed orders in a window and what they sold, the
payments taken and the refunds given in it, and its checks still open. The database sums what
needs no discount spread (undiscounted orders' items and voided items by product, payments by
method and server); only discounted orders' items come line by line, and the items of
INCLUSIVE orders with a service charge (to share their tax). Eight statements on indexes,
whatever the number of orders (the partial index on completed orders by location and completion
time, payments by time, orders by location and creation): each pass over a window's items or
payments costs a lookup per order, so each is made once."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, Select, Subquery, and_, case, func, or_, select, union

from brigade.catalogue.tables import categories, products
from brigade.dining.tables import dining_tables
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.money import TaxMode
from brigade.orders.domain.records import charges_from_json, taxes_from_json
from brigade.orders.domain.states import ItemStatus, OrderStatus
from brigade.orders.domain.totals import TaxRateRef
from brigade.orders.tables import order_items, orders, payments, refunds
from brigade.reports.domain.day_close import StoredZ
from brigade.reports.domain.sales import (
    MAX_OPEN_CHECKS_LISTED,
    DiscountedLine,
    OpenCheck,
    OpenChecks,
    PaymentTotal,
    PricedLine,
    ProductSold,
    SalesFacts,
    SoldOrder,
)
from brigade.reports.tables import z_reports

_ORDER_ITEMS = orders.join(order_items, order_items.c.order_id == orders.c.id)
_ORDER_PAYMENTS = orders.join(payments, payments.c.order_id == orders.c.id)
_LIVE_ITEM = order_items.c.status != ItemStatus.VOIDED.value
_OPEN = (OrderStatus.DRAFT.value, OrderStatus.OPEN.value)


def _completed_in(location_id: UUID, start: datetime, end: datetime) -> ColumnElement[bool]:
    return and_(
        orders.c.location_id == location_id,
        orders.c.status == OrderStatus.COMPLETED.value,
        orders.c.completed_at >= start,
        orders.c.completed_at < end,
    )


def _named(sold: Any) -> Select[Any]:
    """``sold`` (product_id, quantity, total) with the product's and its category's names as
    the catalogue has them now (the item's own name when the product is gone)."""
    return (
        select(
            sold.c.product_id,
            func.coalesce(products.c.name, sold.c.item_name),
            products.c.category_id,
            categories.c.name,
            sold.c.quantity_units,
            sold.c.total_cents,
        )
        .select_from(
            sold.outerjoin(products, products.c.id == sold.c.product_id).outerjoin(
                categories, categories.c.id == products.c.category_id
            )
        )
        .order_by(sold.c.product_id)
    )


class ReportRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def _rows(self, statement: Any) -> list[Any]:
        connection = await self._uow.connection()
        return list(await connection.execute(statement))

    async def sales_facts(self, location_id: UUID, start: datetime, end: datetime) -> SalesFacts:
        window = _completed_in(location_id, start, end)
        sold_orders = [
            SoldOrder(
                id=row.id,
                order_type=row.order_type,
                guest_count=row.guest_count,
                subtotal_cents=row.subtotal_cents,
                discount_cents=row.discount_cents,
                tax_cents=row.tax_cents,
                completed_at=row.completed_at,
                staff_id=row.opened_by_id,
                staff_name=row.opened_by_name,
                taxes=taxes_from_json(row.taxes),
                service_charges=charges_from_json(row.service_charges),
                rounding_cents=row.rounding_cents,
                tax_mode=TaxMode(row.tax_mode),
            )
            for row in await self._rows(
                select(
                    orders.c.id,
                    orders.c.order_type,
                    orders.c.guest_count,
                    orders.c.subtotal_cents,
                    orders.c.discount_cents,
                    orders.c.tax_cents,
                    orders.c.completed_at,
                    orders.c.opened_by_id,
                    orders.c.opened_by_name,
                    orders.c.taxes,
                    orders.c.service_charges,
                    orders.c.rounding_cents,
                    orders.c.tax_mode,
                ).where(window)
            )
        ]
        voided = case((order_items.c.status == ItemStatus.VOIDED.value, 1), else_=0)
        # One pass over the items: undiscounted orders' live items and every voided item,
        # summed by product (voided apart).
        summed = (
            select(
                order_items.c.product_id,
                func.min(order_items.c.name).label("item_name"),
                func.sum(order_items.c.quantity_units).label("quantity_units"),
                func.sum(order_items.c.total_cents).label("total_cents"),
                func.count().label("line_count"),
                voided.label("voided"),
            )
            .select_from(_ORDER_ITEMS)
            .where(window, or_(orders.c.discount_cents == 0, ~_LIVE_ITEM))
            .group_by(order_items.c.product_id, voided)
            .subquery()
        )
        discounted = (
            select(
                order_items.c.product_id,
                order_items.c.name.label("item_name"),
                order_items.c.quantity_units,
                order_items.c.total_cents,
                order_items.c.order_id,
                order_items.c.created_at,
                order_items.c.id,
            )
            .select_from(_ORDER_ITEMS)
            .where(window, orders.c.discount_cents > 0, _LIVE_ITEM)
            .subquery()
        )
        # Line order matters to the discount spread: the order detail's (created, then id).
        discounted_lines = (
            _named(discounted)
            .add_columns(discounted.c.order_id)
            .order_by(None)
            .order_by(discounted.c.created_at, discounted.c.id)
        )
        # Money is reported the day it is taken: every payment taken within the window, whatever
        # its check's state now (a reopened check's, a still open one's, a cancelled one's,
        # refunded apart). A merge moves a payment's row to the check it joins: counted once.
        by_method_and_server = (
            select(
                payments.c.method,
                orders.c.opened_by_id,
                func.count(),
                func.sum(payments.c.amount_cents),
                func.sum(payments.c.tip_cents),
            )
            .select_from(_ORDER_PAYMENTS)
            .where(
                orders.c.location_id == location_id,
                payments.c.processed_at >= start,
                payments.c.processed_at < end,
            )
            .group_by(payments.c.method, orders.c.opened_by_id)
        )
        undiscounted_products, void_count, void_cents = [], 0, 0
        for *sold, line_count, is_void in await self._rows(
            _named(summed).add_columns(summed.c.line_count, summed.c.voided)
        ):
            if is_void:
                void_count += line_count
                void_cents += int(sold[-1])
            else:
                undiscounted_products.append(ProductSold(*sold))
        return SalesFacts(
            orders=sold_orders,
            undiscounted_products=undiscounted_products,
            discounted_lines=[
                DiscountedLine(row[-1], ProductSold(*row[:-1]))
                for row in await self._rows(discounted_lines)
            ],
            void_count=void_count,
            void_cents=void_cents,
            payments=[
                PaymentTotal(method, staff_id, count, int(amount), int(tips))
                for method, staff_id, count, amount, tips in await self._rows(by_method_and_server)
            ],
            refunded_cents=await self._refunded_cents(location_id, start, end),
            open_checks=await self._open_checks(_open_within(location_id, start, end)),
            charged_lines=await self._charged_lines(window),
        )

    async def _charged_lines(self, window: ColumnElement[bool]) -> list[PricedLine]:
        """The live items of the window's INCLUSIVE orders with a service charge, in load
        order: such an order's tax is shared between its lines and its charges."""
        statement = (
            select(
                order_items.c.order_id,
                order_items.c.total_cents,
                order_items.c.tax_rate_units,
                order_items.c.tax_rate_id,
                order_items.c.tax_rate_name,
            )
            .select_from(_ORDER_ITEMS)
            .where(
                window,
                orders.c.tax_mode == TaxMode.INCLUSIVE.value,
                orders.c.service_charge_cents > 0,
                _LIVE_ITEM,
            )
            .order_by(order_items.c.created_at, order_items.c.id)
        )
        return [
            PricedLine(row.order_id, row.total_cents, TaxRateRef(*row[2:]))
            for row in await self._rows(statement)
        ]

    async def paid_open_checks(self, location_id: UUID) -> OpenChecks:
        """The location's checks still open that hold payments (the X lists them)."""
        paid = select(*_OPEN_CHECK_COLUMNS).where(_still_open(location_id), orders.c.paid_cents > 0)
        return await self._open_checks(paid.subquery())

    async def _open_checks(self, found: Subquery) -> OpenChecks:
        """The checks ``found`` holds (``_OPEN_CHECK_COLUMNS``): counted and added up whole,
        listed by number up to ``MAX_OPEN_CHECKS_LISTED``."""
        summed = select(
            func.count(),
            func.coalesce(func.sum(found.c.total_cents), 0),
            func.coalesce(func.sum(found.c.paid_cents), 0),
        )
        (count, total, paid), *_ = await self._rows(summed)
        listed = (
            select(
                found.c.id,
                found.c.order_number,
                dining_tables.c.name,
                found.c.total_cents,
                found.c.paid_cents,
            )
            .select_from(found.outerjoin(dining_tables, dining_tables.c.id == found.c.table_id))
            .order_by(found.c.order_number)
            .limit(MAX_OPEN_CHECKS_LISTED)
        )
        checks = tuple(OpenCheck(*row) for row in await self._rows(listed)) if count else ()
        return OpenChecks(int(count), int(total), int(paid), checks)

    async def _refunded_cents(self, location_id: UUID, start: datetime, end: datetime) -> int:
        """Amounts and tips given back within the window: completed orders' refunds and
        cancellations' (a cancellation writes a refund per payment it gives back)."""
        statement = select(
            func.coalesce(func.sum(refunds.c.amount_cents + refunds.c.tip_cents), 0)
        ).where(
            refunds.c.location_id == location_id,
            refunds.c.created_at >= start,
            refunds.c.created_at < end,
        )
        (refunded,), *_ = await self._rows(statement)
        return int(refunded)


_OPEN_CHECK_COLUMNS = (
    orders.c.id,
    orders.c.order_number,
    orders.c.table_id,
    orders.c.total_cents,
    orders.c.paid_cents,
)


def _still_open(location_id: UUID) -> ColumnElement[bool]:
    return and_(orders.c.location_id == location_id, orders.c.status.in_(_OPEN))


def _open_within(location_id: UUID, start: datetime, end: datetime) -> Subquery:
    """The location's checks still open that were created in the window or had a payment taken
    in it (one of the day's, whether or not it holds its money yet): two reads on indexes, by
    creation and by payment time, made one (a check in both once)."""
    created = select(*_OPEN_CHECK_COLUMNS).where(
        _still_open(location_id), orders.c.created_at >= start, orders.c.created_at < end
    )
    paid = (
        select(*_OPEN_CHECK_COLUMNS)
        .select_from(_ORDER_PAYMENTS)
        .where(
            _still_open(location_id),
            payments.c.processed_at >= start,
            payments.c.processed_at < end,
        )
    )
    return union(created, paid).subquery()


# --- the X and Z reports (docs/design.md §18): open checks, the Zs stored whole ----------


class ClosedDayRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def _rows(self, statement: Any) -> list[Any]:
        connection = await self._uow.connection()
        return list(await connection.execute(statement))

    async def open_checks(self, location_id: UUID) -> list[dict[str, object]]:
        """The location's DRAFT and OPEN orders: id, number and table (its name), oldest first."""
        rows = await self._rows(
            select(orders.c.id, orders.c.order_number, dining_tables.c.name)
            .select_from(orders.outerjoin(dining_tables, dining_tables.c.id == orders.c.table_id))
            .where(orders.c.location_id == location_id, orders.c.status.in_(_OPEN))
            .order_by(orders.c.order_number)
        )
        return [{"id": str(row[0]), "number": row[1], "table": row[2]} for row in rows]

    async def insert(self, location_id: UUID, z: StoredZ) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            z_reports.insert().values(
                location_id=location_id,
                number=z.number,
                journal_sequence=z.journal_sequence,
                closed_at=z.closed_at,
                snapshot=z.snapshot,
            )
        )

    async def last(self, location_id: UUID) -> StoredZ | None:
        found = await self.page(location_id, offset=0, limit=1)
        return found[0] if found else None

    async def get(self, location_id: UUID, number: int) -> StoredZ | None:
        rows = await self._rows(
            select(*_Z_COLUMNS).where(
                z_reports.c.location_id == location_id, z_reports.c.number == number
            )
        )
        return StoredZ(*rows[0]) if rows else None

    async def page(self, location_id: UUID, *, offset: int, limit: int) -> list[StoredZ]:
        """Newest first."""
        rows = await self._rows(
            select(*_Z_COLUMNS)
            .where(z_reports.c.location_id == location_id)
            .order_by(z_reports.c.number.desc())
            .offset(offset)
            .limit(limit)
        )
        return [StoredZ(*row) for row in rows]

    async def every(self, location_id: UUID) -> list[StoredZ]:
        """Oldest first."""
        rows = await self._rows(
            select(*_Z_COLUMNS)
            .where(z_reports.c.location_id == location_id)
            .order_by(z_reports.c.number)
        )
        return [StoredZ(*row) for row in rows]

    async def count(self, location_id: UUID) -> int:
        rows = await self._rows(select(func.count()).where(z_reports.c.location_id == location_id))
        return int(rows[0][0])


_Z_COLUMNS = (
    z_reports.c.number,
    z_reports.c.journal_sequence,
    z_reports.c.closed_at,
    z_reports.c.snapshot,
)
