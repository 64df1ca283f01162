"""Every order query: orders, their items and payments, the per-location order counter.

Money is integer cents in these records (the totals domain works in cents) and
quantities are exact ``Decimal``; the API turns cents into amounts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Row,
    Select,
    Table,
    UnaryExpression,
    Uuid,
    bindparam,
    func,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql import Executable

from brigade.db.engine import Connection, Parameters, UnitOfWork
from brigade.db.tables import NO_LOCATION, order_counters, order_items, orders, payments, products
from brigade.domain import money
from brigade.domain.orders import ItemStatus, OrderStatus, OrderType, PaymentMethod, PaymentStatus

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

_R = TypeVar("_R", bound="DataclassInstance")


@dataclass(frozen=True, slots=True)
class Modifier:
    modifier_option_id: UUID
    name: str
    price_cents: int


@dataclass(frozen=True, slots=True)
class Order:
    id: UUID
    location_id: UUID | None
    order_number: int
    status: OrderStatus
    order_type: OrderType
    table_id: UUID | None
    customer_id: UUID | None
    guest_count: int | None
    notes: str | None
    discount_cents: int
    discount_code: str | None
    subtotal_cents: int
    tax_cents: int
    total_cents: int
    paid_cents: int
    tip_cents: int
    version: int
    created_at: datetime
    updated_at: datetime
    completed_at: datetime | None
    cancelled_at: datetime | None
    cancel_reason: str | None
    opened_by_id: UUID | None
    opened_by_name: str | None

    @property
    def balance_due_cents(self) -> int:
        return self.total_cents - self.paid_cents


@dataclass(frozen=True, slots=True)
class OrderItem:
    id: UUID
    order_id: UUID
    product_id: UUID
    variant_id: UUID | None
    name: str
    quantity: Decimal
    unit_price_cents: int
    tax_rate_units: int
    modifiers: tuple[Modifier, ...]
    total_cents: int
    status: ItemStatus
    notes: str | None
    void_reason: str | None
    kitchen_ticket_id: UUID | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class OrderPayment:
    id: UUID
    order_id: UUID
    amount_cents: int
    tip_cents: int
    method: PaymentMethod
    status: PaymentStatus
    card_last_four: str | None
    card_brand: str | None
    processor_transaction_id: str | None
    processed_at: datetime
    refunded_at: datetime | None
    taken_by_id: UUID | None
    taken_by_name: str | None


@dataclass(frozen=True, slots=True)
class OrderFilter:
    location_id: UUID | None = None
    status: OrderStatus | None = None
    order_type: OrderType | None = None
    created_from: datetime | None = None  # inclusive
    created_before: datetime | None = None  # exclusive


# --- shared with db/kitchen.py ------------------------------------------------------------


def location_in(location_id: UUID | None) -> UUID:
    return location_id or NO_LOCATION


def location_out(stored: UUID) -> UUID | None:
    return None if stored == NO_LOCATION else stored


def modifiers_to_json(modifiers: Iterable[Modifier]) -> list[dict[str, Any]]:
    return [
        {"modifierOptionId": str(m.modifier_option_id), "name": m.name, "priceCents": m.price_cents}
        for m in modifiers
    ]


def modifiers_from_json(stored: Iterable[Mapping[str, Any]]) -> tuple[Modifier, ...]:
    return tuple(
        Modifier(UUID(m["modifierOptionId"]), m["name"], int(m["priceCents"])) for m in stored
    )


def insert_or_update(connection: Connection, table: Table) -> Any:
    """The dialect's INSERT, with ON CONFLICT (``on_conflict_do_*``) on both databases."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    return dialect.insert(table)


async def fetch_page(
    connection: Connection,
    table: Table,
    where: Sequence[ColumnElement[bool]],
    order_by: Sequence[UnaryExpression[Any] | ColumnElement[Any]],
    *,
    page: int,
    limit: int,
) -> tuple[list[Row[Any]], int]:
    """One page of ``table`` and the count of every matching row: two statements."""
    total = (
        await connection.execute(select(func.count()).select_from(table).where(*where))
    ).scalar_one()
    query = select(table).where(*where).order_by(*order_by)
    rows = await connection.execute(query.offset((page - 1) * limit).limit(limit))
    return list(rows), total


# --- rows <-> records -----------------------------------------------------------------------
# A record's fields are its table's columns of the same name, but for the few converted here.


def record_from_row(cls: type[_R], row: Row[Any], **converted: Any) -> _R:
    """A record of ``cls`` from ``row``: each field from its column, or from ``converted``."""
    columns = row._mapping
    names = (f.name for f in fields(cls))
    return cls(**{name: converted[name] if name in converted else columns[name] for name in names})


def row_from_record(record: DataclassInstance, **converted: Any) -> dict[str, Any]:
    """``record``'s fields as columns; ``converted`` overrides or adds columns."""
    return {f.name: getattr(record, f.name) for f in fields(record)} | converted


def _to_order(row: Row[Any]) -> Order:
    return record_from_row(
        Order,
        row,
        location_id=location_out(row.location_id),
        status=OrderStatus(row.status),
        order_type=OrderType(row.order_type),
    )


def _order_row(order: Order) -> dict[str, Any]:
    return row_from_record(
        order,
        location_id=location_in(order.location_id),
        status=order.status.value,
        order_type=order.order_type.value,
    )


def _to_item(row: Row[Any]) -> OrderItem:
    return record_from_row(
        OrderItem,
        row,
        quantity=money.quantity_from_units(row.quantity_units),
        modifiers=modifiers_from_json(row.modifiers),
        status=ItemStatus(row.status),
    )


def _item_row(item: OrderItem) -> dict[str, Any]:
    row = row_from_record(
        item,
        quantity_units=money.quantity_to_units(item.quantity),
        modifiers=modifiers_to_json(item.modifiers),
        status=item.status.value,
    )
    del row["quantity"]
    return row


def _to_payment(row: Row[Any]) -> OrderPayment:
    return record_from_row(
        OrderPayment, row, method=PaymentMethod(row.method), status=PaymentStatus(row.status)
    )


def _payment_row(payment: OrderPayment) -> dict[str, Any]:
    return row_from_record(payment, method=payment.method.value, status=payment.status.value)


# Columns an existing row never changes.
_FIXED = ("id", "order_id", "created_at", "location_id", "order_number", "opened_by_id")


def _changeable(row: dict[str, Any]) -> dict[str, Any]:
    return {column: value for column, value in row.items() if column not in _FIXED}


# The statements of the hot paths (every change to an order), built once: building and
# keying a statement per call cost more than running it on SQLite.
_ORDER = select(orders).where(orders.c.id == bindparam("order_key"))
_ORDER_FOR_UPDATE = _ORDER.with_for_update()
_ITEMS = (
    select(order_items)
    .where(order_items.c.order_id == bindparam("order_key"))
    .order_by(order_items.c.created_at, order_items.c.id)
)
_PAYMENTS = (
    select(payments)
    .where(payments.c.order_id == bindparam("order_key"))
    .order_by(payments.c.processed_at, payments.c.id)
)
_INSERT_ORDER = orders.insert()
_UPDATE_ORDER = update(orders).where(orders.c.id == bindparam("key"))
_INSERT_ITEM = order_items.insert()
_UPDATE_ITEM = update(order_items).where(order_items.c.id == bindparam("key"))


class OrderRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def next_order_number(self, location_id: UUID | None, *, first: int) -> int:
        """The location's next order number (``first`` for its first order), in one statement.

        The upsert takes the counter row's lock until the transaction ends, so concurrent
        creations at one location, in any process, get distinct consecutive numbers.
        """
        connection = await self._uow.connection()
        statement = (
            insert_or_update(connection, order_counters)
            .values(location_id=location_in(location_id), last_number=first)
            .on_conflict_do_update(
                index_elements=[order_counters.c.location_id],
                set_={"last_number": order_counters.c.last_number + 1},
            )
            .returning(order_counters.c.last_number)
        )
        number: int = (await connection.execute(statement)).scalar_one()
        return number

    async def _execute(self, statement: Executable, parameters: Parameters = None) -> None:
        connection = await self._uow.connection()
        await connection.execute(statement, parameters)

    async def _first(self, query: Select[Any], parameters: Parameters = None) -> Row[Any] | None:
        connection = await self._uow.connection()
        row: Row[Any] | None = (await connection.execute(query, parameters)).first()
        return row

    async def _all(self, query: Select[Any], parameters: Parameters = None) -> list[Row[Any]]:
        connection = await self._uow.connection()
        return list(await connection.execute(query, parameters))

    async def get(self, order_id: UUID, *, for_update: bool = False) -> Order | None:
        query = _ORDER_FOR_UPDATE if for_update else _ORDER
        row = await self._first(query, {"order_key": order_id})
        return None if row is None else _to_order(row)

    async def items(self, order_id: UUID) -> list[OrderItem]:
        return [_to_item(row) for row in await self._all(_ITEMS, {"order_key": order_id})]

    async def payments(self, order_id: UUID) -> list[OrderPayment]:
        return [_to_payment(row) for row in await self._all(_PAYMENTS, {"order_key": order_id})]

    async def get_item(self, order_id: UUID, item_id: UUID) -> OrderItem | None:
        c = order_items.c
        row = await self._first(select(order_items).where(c.id == item_id, c.order_id == order_id))
        return None if row is None else _to_item(row)

    async def get_payment(self, order_id: UUID, payment_id: UUID) -> OrderPayment | None:
        c = payments.c
        row = await self._first(select(payments).where(c.id == payment_id, c.order_id == order_id))
        return None if row is None else _to_payment(row)

    async def list(self, filters: OrderFilter, *, page: int, limit: int) -> tuple[list[Order], int]:
        where: list[ColumnElement[bool]] = []
        if filters.location_id is not None:
            where.append(orders.c.location_id == filters.location_id)
        if filters.status is not None:
            where.append(orders.c.status == filters.status.value)
        if filters.order_type is not None:
            where.append(orders.c.order_type == filters.order_type.value)
        if filters.created_from is not None:
            where.append(orders.c.created_at >= filters.created_from)
        if filters.created_before is not None:
            where.append(orders.c.created_at < filters.created_before)
        connection = await self._uow.connection()
        newest_first = (orders.c.created_at.desc(), orders.c.id.desc())
        rows, total = await fetch_page(
            connection, orders, where, newest_first, page=page, limit=limit
        )
        return [_to_order(row) for row in rows], total

    async def insert(self, order: Order) -> None:
        await self._execute(_INSERT_ORDER, _order_row(order))

    async def save(self, order: Order) -> None:
        await self._execute(_UPDATE_ORDER, _changeable(_order_row(order)) | {"key": order.id})

    async def insert_item(self, item: OrderItem) -> None:
        await self._execute(_INSERT_ITEM, _item_row(item))

    async def save_item(self, item: OrderItem) -> None:
        await self._execute(_UPDATE_ITEM, _changeable(_item_row(item)) | {"key": item.id})

    async def mark_sent(self, item_ids: Sequence[UUID], ticket_id: UUID, at: datetime) -> None:
        await self._execute(
            update(order_items)
            .where(order_items.c.id.in_(item_ids))
            .values(status=ItemStatus.SENT.value, kitchen_ticket_id=ticket_id, updated_at=at)
        )

    async def insert_payment(self, payment: OrderPayment) -> None:
        await self._execute(payments.insert().values(_payment_row(payment)))

    async def refund_payments(self, order_id: UUID, at: datetime) -> None:
        """Every completed payment of the order becomes refunded."""
        await self._execute(
            update(payments)
            .where(
                payments.c.order_id == order_id,
                payments.c.status == PaymentStatus.COMPLETED.value,
            )
            .values(status=PaymentStatus.REFUNDED.value, refunded_at=at)
        )

    async def adjust_stock(self, changes: Mapping[UUID, Decimal]) -> None:
        """Add each quantity (negative: take it) to its product's stock, if the stock is tracked.

        One executemany; products in id order, so concurrent transactions lock them in the
        same order and cannot deadlock one another.
        """
        params = [
            {"product": product_id, "delta": money.quantity_to_units(quantity)}
            for product_id, quantity in sorted(changes.items())
            if quantity
        ]
        if not params:
            return
        stock = products.c.stock_quantity_units
        statement = (
            update(products)
            .where(
                products.c.id == bindparam("product", type_=Uuid),
                products.c.track_inventory.is_(True),
            )
            .values(
                stock_quantity_units=func.coalesce(stock, 0) + bindparam("delta", type_=BigInteger)
            )
        )
        connection = await self._uow.connection()
        await connection.execute(statement, params)
