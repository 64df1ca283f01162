"""Every order query: an order aggregate loaded (whole, or its lines and the items an action
needs) and saved, order lists, the per-location order counter.

The records are the domain's (orders/domain/records.py); rows hold enums as strings,
quantities as integer thousandths and modifiers as JSON.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, fields
from datetime import datetime
from enum import Enum
from typing import Any
from uuid import UUID

from sqlalchemy import (
    ColumnElement,
    CompoundSelect,
    Row,
    Select,
    String,
    bindparam,
    literal,
    select,
    update,
)
from sqlalchemy.sql import Executable

from brigade.catalogue.tables import products
from brigade.dining.tables import dining_tables, locations
from brigade.kit import money
from brigade.kit.cursor import Cursor
from brigade.kit.db.connection import Parameters
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import (
    fetch_page,
    location_in,
    location_out,
    location_reader,
    record_from_row,
    row_from_record,
    rows_before,
    upsert_per_database,
)
from brigade.kit.languages import Language, MenuNames, translations_from_json
from brigade.kit.money import TaxMode
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.records import (
    FIRST_ORDER_NUMBER,
    UNNUMBERED,
    ClientMade,
    MadeKind,
    OrderFilter,
    OrderHeader,
    OrderItem,
    OrderLine,
    OrderLocation,
    OrderPayment,
    charges_from_json,
    charges_to_json,
    modifiers_from_json,
    modifiers_to_json,
    tax_adjustments_from_json,
    tax_adjustments_to_json,
    taxes_from_json,
    taxes_to_json,
)
from brigade.orders.domain.refunds import OrderRefund, RefundedItem
from brigade.orders.domain.states import (
    ItemStatus,
    OrderStatus,
    OrderType,
    PaymentMethod,
    PaymentStatus,
)
from brigade.orders.tables import (
    SEATED,
    client_made,
    order_counters,
    order_items,
    orders,
    payments,
    refunds,
)

# --- shared with kitchen/repository.py ------------------------------------------------------------


# --- rows <-> records -----------------------------------------------------------------------


def _to_header(row: Row[Any]) -> OrderHeader:
    return record_from_row(
        OrderHeader,
        row,
        location_id=location_out(row.location_id),
        status=OrderStatus(row.status),
        order_type=OrderType(row.order_type),
        tax_mode=TaxMode(row.tax_mode),
        service_charges=charges_from_json(row.service_charges),
        taxes=taxes_from_json(row.taxes),
        fired_courses=tuple(row.fired_courses),
        tax_adjustments=tax_adjustments_from_json(row.tax_adjustments),
    )


def _header_row(header: OrderHeader) -> dict[str, Any]:
    return row_from_record(
        header,
        dropped=("table_name",),
        location_id=location_in(header.location_id),
        status=header.status.value,
        order_type=header.order_type.value,
        tax_mode=header.tax_mode.value,
        service_charges=charges_to_json(header.service_charges),
        taxes=taxes_to_json(header.taxes),
        fired_courses=list(header.fired_courses),
        tax_adjustments=tax_adjustments_to_json(header.tax_adjustments) or None,
    )


def _to_item(row: Row[Any]) -> OrderItem:
    return record_from_row(
        OrderItem,
        row,
        quantity=money.quantity_from_units(row.quantity_units),
        modifiers=modifiers_from_json(row.modifiers),
        status=ItemStatus(row.status),
    )


def _to_line(row: Row[Any]) -> OrderLine:
    # Positional, not record_from_row: a large order's write reads hundreds of these.
    item_id, product_id, status, quantity_units, total_cents, units, rate_id, rate_name, off = (
        tuple(row)
    )
    quantity = money.quantity_from_units(quantity_units)
    status = ItemStatus(status)
    return OrderLine(
        item_id, product_id, status, quantity, total_cents, units, rate_id, rate_name, off
    )


def _item_row(item: OrderItem) -> dict[str, Any]:
    return row_from_record(
        item,
        dropped=("quantity",),
        quantity_units=money.quantity_to_units(item.quantity),
        modifiers=modifiers_to_json(item.modifiers),
        status=item.status.value,
    )


def payment_from_row(row: Row[Any], currency: str) -> OrderPayment:
    """A payment of an order counting in ``currency``."""
    return record_from_row(
        OrderPayment,
        row,
        method=PaymentMethod(row.method),
        status=PaymentStatus(row.status),
        currency=currency,
    )


def _payment_row(payment: OrderPayment) -> dict[str, Any]:
    return row_from_record(
        payment, dropped=("currency",), method=payment.method.value, status=payment.status.value
    )


def _to_refund(row: Row[Any], currency: str) -> OrderRefund:
    items = tuple(
        RefundedItem(
            UUID(part["itemId"]),
            money.quantity_from_units(int(part["quantityUnits"])),
            int(part["amountCents"]),
        )
        for part in row.items
    )
    return record_from_row(
        OrderRefund,
        row,
        location_id=location_out(row.location_id),
        method=PaymentMethod(row.method),
        items=items,
        currency=currency,
    )


def _refund_row(refund: OrderRefund) -> dict[str, Any]:
    items = [
        {
            "itemId": str(part.item_id),
            "quantityUnits": money.quantity_to_units(part.quantity),
            "amountCents": part.amount_cents,
        }
        for part in refund.items
    ]
    return row_from_record(
        refund,
        dropped=("currency",),
        location_id=location_in(refund.location_id),
        method=refund.method.value,
        items=items,
    )


# Columns an existing row never changes.
_FIXED = ("id", "order_id", "created_at", "location_id", "order_number", "opened_by_id")


def _changeable(row: dict[str, Any]) -> dict[str, Any]:
    return {column: value for column, value in row.items() if column not in _FIXED}


# The statements of the hot paths (every change to an order), built once: building and
# keying a statement per call cost more than running it on SQLite.
# An order is read with its table's name (``tableName``): one outer join on a primary key.
_WITH_TABLE = orders.outerjoin(dining_tables, dining_tables.c.id == orders.c.table_id)
_TABLE_NAME = (dining_tables.c.name.label("table_name"),)
# An order counts its payments and its refunds on its own row, so a load reads neither when it
# has none, as most orders; the counts are the locked row's own, as fresh as the lock:
# whatever adds or moves a payment or gives money back rewrites them in the same transaction.
_ORDER = (
    select(orders, *_TABLE_NAME)
    .select_from(_WITH_TABLE)
    .where(orders.c.id == bindparam("order_key"))
)
# Only the order row is locked (PostgreSQL refuses FOR UPDATE on an outer join's null side).
_ORDER_FOR_UPDATE = _ORDER.with_for_update(of=orders)
_ITEMS = (
    select(order_items)
    .where(order_items.c.order_id == bindparam("order_key"))
    .order_by(order_items.c.created_at, order_items.c.id)
)
_ITEM_OF_ORDER = select(order_items).where(
    order_items.c.order_id == bindparam("order_key"), order_items.c.id == bindparam("item_key")
)
_PENDING_ITEMS = _ITEMS.where(order_items.c.status == ItemStatus.PENDING.value)
_LINES = (
    select(
        order_items.c.id,
        order_items.c.product_id,
        order_items.c.status,
        order_items.c.quantity_units,
        order_items.c.total_cents,
        order_items.c.tax_rate_units,
        order_items.c.tax_rate_id,
        order_items.c.tax_rate_name,
        order_items.c.discount_cents,
    )
    .where(order_items.c.order_id == bindparam("order_key"))
    .order_by(order_items.c.created_at, order_items.c.id)
)
_PAYMENTS = (
    select(payments)
    .where(payments.c.order_id == bindparam("order_key"))
    .order_by(payments.c.processed_at, payments.c.id)
)
_REFUNDS = (
    select(refunds)
    .where(refunds.c.order_id == bindparam("order_key"))
    .order_by(refunds.c.created_at, refunds.c.id)
)
# A new order's location terms (the receipt's and a tip's business day read it too).
_LOCATION = select(
    locations.c.name,
    locations.c.timezone,
    locations.c.currency,
    locations.c.tax_mode,
    locations.c.cash_rounding_cents,
    locations.c.auto_complete,
    locations.c.language,
).where(locations.c.id == bindparam("location_key"))
_INSERT_REFUND = refunds.insert()
_INSERT_ORDER = orders.insert()


def _named_by(
    kind: MadeKind, own_id: ColumnElement[Any], order_id: ColumnElement[Any]
) -> CompoundSelect[Any]:
    """What a client's id names: what a request made under it (client_made), else a row of
    ``kind`` the server made under its own id, with no request's digest (the first row)."""
    made = select(
        client_made.c.kind,
        client_made.c.order_id,
        client_made.c.request_hash,
        literal(0).label("found_in"),
    ).where(client_made.c.id == bindparam("made_id"))
    taken = select(
        literal(kind.value, String(16)).label("kind"),
        order_id.label("order_id"),
        literal("", String(64)).label("request_hash"),
        literal(1).label("found_in"),
    ).where(own_id == bindparam("made_id"))
    return made.union_all(taken).order_by("found_in").limit(1)


_CLIENT_MADE = {
    MadeKind.ORDER: _named_by(MadeKind.ORDER, orders.c.id, orders.c.id),
    MadeKind.ITEM: _named_by(MadeKind.ITEM, order_items.c.id, order_items.c.order_id),
    MadeKind.PAYMENT: _named_by(MadeKind.PAYMENT, payments.c.id, payments.c.order_id),
}
_INSERT_CLIENT_MADE = client_made.insert()
_UPDATE_ORDER = update(orders).where(orders.c.id == bindparam("key"))
_NUMBER_RECEIPT = _UPDATE_ORDER.values(receipt_number=bindparam("receipt_number"))
_INSERT_ITEM = order_items.insert()
_UPDATE_ITEM = update(order_items).where(order_items.c.id == bindparam("key"))
# The parts of the discount lines carried from another check, dropped (orders/domain/totals.py).
_SPREAD_DISCOUNT_AGAIN = (
    update(order_items)
    .where(
        order_items.c.order_id == bindparam("order_key"),
        order_items.c.discount_cents.is_not(None),
    )
    .values(discount_cents=None)
)
_INSERT_PAYMENT = payments.insert()
_UPDATE_PAYMENT = update(payments).where(payments.c.id == bindparam("key"))
_DRAW_NUMBER = upsert_per_database(
    order_counters,
    lambda insert: (
        insert.values(location_id=bindparam("location_key"), last_number=bindparam("first_number"))
        .on_conflict_do_update(
            index_elements=[order_counters.c.location_id],
            set_={"last_number": order_counters.c.last_number + 1},
        )
        .returning(order_counters.c.last_number)
    ),
)


# PostgreSQL: a new order's number drawn and its row written in one statement (the draw a
# data-modifying CTE), so the location's counter is locked for one round trip fewer until COMMIT.
_DRAWN = _DRAW_NUMBER["postgresql"].cte("drawn")
_HEADER_COLUMNS = [f.name for f in fields(OrderHeader) if f.name != "table_name"]
_PG_INSERT_NUMBERED = (
    orders.insert()
    .from_select(
        _HEADER_COLUMNS,
        select(
            *(
                _DRAWN.c.last_number
                if name == "order_number"
                else bindparam(name, type_=orders.c[name].type)
                for name in _HEADER_COLUMNS
            )
        ),
    )
    .add_cte(_DRAWN)
    .returning(orders.c.order_number)
)


def _updates(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Parameters of an UPDATE ... WHERE id = :key, one per row."""
    return [_changeable(row) | {"key": row["id"]} for row in rows]


def _moved(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Parameters of an UPDATE of rows another order handed over: their ``order_id`` too."""
    return [_changeable(row) | {"order_id": row["order_id"], "key": row["id"]} for row in rows]


@dataclass(frozen=True, slots=True)
class HeldOrder:
    """An order's row as read, before its parts: its header, and whether it has payments and
    refunds to read."""

    header: OrderHeader
    has_payments: bool
    has_refunds: bool


class WholeItems(Enum):
    """Which items a load reads whole; the others only as their lines (``OrderLine``)."""

    ALL = "all"  # reading the order
    PENDING = "pending"  # a send: what goes on the ticket
    NONE = "none"  # an action on the order itself, or on the one item the load names


class OrderRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def table(self, table_id: UUID) -> tuple[str, UUID] | None:
        """The name and location of dining table ``table_id`` (a deleted one too: an old order
        still says where it was); None for an id no table has."""
        connection = await self._uow.connection()
        query = select(dining_tables.c.name, dining_tables.c.location_id).where(
            dining_tables.c.id == table_id
        )
        row = (await connection.execute(query)).first()
        return None if row is None else (row.name, row.location_id)

    async def location(self, location_id: UUID) -> OrderLocation | None:
        """The location's profile as an order shows it; None for a location without one."""
        row = await self._first(_LOCATION, {"location_key": location_id})
        if row is None:
            return None
        return OrderLocation(
            row.name,
            row.timezone,
            row.currency,
            TaxMode(row.tax_mode),
            row.cash_rounding_cents,
            bool(row.auto_complete),
            Language(row.language),
        )

    async def menu_names(self, product_ids: Collection[UUID], language: Language) -> MenuNames:
        """The products' names and translations (deleted ones too: a receipt prints what was
        sold), for a receipt in ``language``: one read."""
        if not product_ids:
            return MenuNames(language)
        statement = select(products.c.id, products.c.name, products.c.translations).where(
            products.c.id.in_(product_ids)
        )
        connection = await self._uow.connection()
        rows = await connection.execute(statement)
        found = {row.id: (row.name, translations_from_json(row.translations)) for row in rows}
        return MenuNames(language, found)

    async def seated_at(self, table_id: UUID, *, other_than: UUID) -> int | None:
        """The number of a DRAFT or OPEN order at table ``table_id`` other than ``other_than``;
        None when no other order keeps the table taken."""
        connection = await self._uow.connection()
        c = orders.c
        query = (
            select(c.order_number)
            # The seated index's own predicate, written the same, so both databases use it.
            .where(c.table_id == table_id, SEATED, c.id != other_than)
            .order_by(c.created_at)
            .limit(1)
        )
        number: int | None = (await connection.execute(query)).scalar_one_or_none()
        return number

    async def first_at_table(
        self, table_id: UUID, *, since: datetime, before: datetime
    ) -> UUID | None:
        """The first order opened at table ``table_id`` from ``since`` until ``before``,
        whatever its status now (ix_orders_table_created_at)."""
        c = orders.c
        query = (
            select(c.id)
            .where(c.table_id == table_id, c.created_at >= since, c.created_at < before)
            .order_by(c.created_at, c.id)
            .limit(1)
        )
        connection = await self._uow.connection()
        found: UUID | None = (await connection.execute(query)).scalar_one_or_none()
        return found

    async def next_order_number(self, location_id: UUID | None, *, first: int) -> int:
        """The location's next order number (``first`` for its first order), in one statement.

        The upsert takes the counter row's lock until the transaction ends, so concurrent
        creations at one location, in any process, get distinct consecutive numbers.
        """
        connection = await self._uow.connection()
        statement = _DRAW_NUMBER[connection.dialect.name]
        parameters = {"location_key": location_in(location_id), "first_number": first}
        number: int = (await connection.execute(statement, parameters)).scalar_one()
        return number

    async def client_made(self, made_id: UUID, kind: MadeKind) -> ClientMade | None:
        """What the client's id ``made_id`` made, if anything; a ``kind`` the server made under
        that id answers with an empty digest, which no request's matches (docs/design.md §6)."""
        row = await self._first(_CLIENT_MADE[kind], {"made_id": made_id})
        if row is None:
            return None
        return ClientMade(made_id, MadeKind(row.kind), row.order_id, row.request_hash)

    async def remember_client_made(self, made: ClientMade, *, at: datetime) -> None:
        row = {
            "id": made.id,
            "kind": made.kind.value,
            "order_id": made.order_id,
            "request_hash": made.request_hash,
            "created_at": at,
        }
        await self._execute(_INSERT_CLIENT_MADE, row)

    async def _execute(self, statement: Executable, parameters: Parameters = None) -> None:
        connection = await self._uow.connection()
        await connection.execute(statement, parameters)

    async def _first(
        self, query: Select[Any] | CompoundSelect[Any], parameters: Parameters = None
    ) -> Row[Any] | None:
        connection = await self._uow.connection()
        row: Row[Any] | None = (await connection.execute(query, parameters)).first()
        return row

    async def _all(self, query: Select[Any], parameters: Parameters = None) -> list[Row[Any]]:
        connection = await self._uow.connection()
        return list(await connection.execute(query, parameters))

    async def get(
        self,
        order_id: UUID,
        *,
        for_update: bool = False,
        whole: WholeItems = WholeItems.ALL,
        item_id: UUID | None = None,
    ) -> Order | None:
        """The order with its payments, its items whole as ``whole`` says plus the one named
        ``item_id`` (if it is the order's), and every item's line: two to five statements,
        whatever the number of items (``row`` then ``parts``).

        ``for_update`` locks the order row (SELECT ... FOR UPDATE) until the transaction ends,
        so concurrent writers on PostgreSQL queue; SQLite already serializes writes.
        """
        held = await self.row(order_id, for_update=for_update)
        return None if held is None else await self.parts(held, whole=whole, item_id=item_id)

    async def row(self, order_id: UUID, *, for_update: bool = False) -> HeldOrder | None:
        """The order's own row (``get`` says what ``for_update`` does)."""
        query = _ORDER_FOR_UPDATE if for_update else _ORDER
        row = await self._first(query, {"order_key": order_id})
        if row is None:
            return None
        header = _to_header(row)
        return HeldOrder(header, header.payment_count > 0, header.refund_count > 0)

    async def parts(
        self, held: HeldOrder, *, whole: WholeItems = WholeItems.ALL, item_id: UUID | None = None
    ) -> Order:
        """The order of ``held`` with the parts ``get`` reads; no statement for a table the
        order has no rows in."""
        header = held.header
        key, currency = {"order_key": header.id}, header.currency
        payments = []
        if held.has_payments:
            payments = [payment_from_row(p, currency) for p in await self._all(_PAYMENTS, key)]
        given_back: list[OrderRefund] = []
        if held.has_refunds:
            given_back = [_to_refund(r, currency) for r in await self._all(_REFUNDS, key)]
        if whole is WholeItems.ALL:
            every = map(_to_item, await self._all(_ITEMS, key))
            return Order(header, every, payments, refunds=given_back)
        lines = [_to_line(line) for line in await self._all(_LINES, key)]
        items = []
        if whole is WholeItems.PENDING:
            items = await self._all(_PENDING_ITEMS, key)
        if item_id is not None:
            items += await self._all(_ITEM_OF_ORDER, key | {"item_key": item_id})
        return Order(header, map(_to_item, items), payments, lines=lines, refunds=given_back)

    async def items(self, order_id: UUID) -> list[OrderItem]:
        """Every item of the order, whole, in the order they were added."""
        return [_to_item(row) for row in await self._all(_ITEMS, {"order_key": order_id})]

    async def location_of(self, order_id: UUID) -> tuple[UUID | None] | None:
        """The order's location (in a 1-tuple: an order may have none), or None when there is
        no such order."""
        row = await self._first(select(orders.c.location_id).where(orders.c.id == order_id))
        return None if row is None else (row.location_id,)

    async def get_payment(self, order_id: UUID, payment_id: UUID) -> OrderPayment | None:
        c = payments.c
        query = (
            select(payments, orders.c.currency.label("order_currency"))
            .join(orders, orders.c.id == c.order_id)
            .where(c.id == payment_id, c.order_id == order_id)
        )
        row = await self._first(query)
        return None if row is None else payment_from_row(row, row.order_currency)

    async def list(
        self, filters: OrderFilter, *, page: int, limit: int, after: Cursor | None = None
    ) -> tuple[list[OrderHeader], int]:
        where: list[ColumnElement[bool]] = []
        if filters.location_id is not None:
            where.append(orders.c.location_id == filters.location_id)
        if filters.statuses:
            where.append(orders.c.status.in_(sorted(s.value for s in filters.statuses)))
        if filters.order_type is not None:
            where.append(orders.c.order_type == filters.order_type.value)
        if filters.table_id is not None:
            where.append(orders.c.table_id == filters.table_id)
        if filters.order_number is not None:
            where.append(orders.c.order_number == filters.order_number)
        if filters.updated_since is not None:
            where.append(orders.c.updated_at >= filters.updated_since)
        if filters.created_from is not None:
            where.append(orders.c.created_at >= filters.created_from)
        if filters.created_before is not None:
            where.append(orders.c.created_at < filters.created_before)
        connection = await self._uow.connection()
        newest_first = (orders.c.created_at.desc(), orders.c.id.desc())
        rows, total = await fetch_page(
            connection,
            orders,
            where,
            newest_first,
            page=page,
            limit=limit,
            joined=(_WITH_TABLE, _TABLE_NAME),
            before=rows_before(after, orders.c.created_at, orders.c.id),
        )
        return [_to_header(row) for row in rows], total

    async def save_lines(self, order: Order) -> None:
        """A new order's row, then what the actions changed of its items, payments and refunds
        (each kind in one statement). An existing order's row waits for ``save_header``: a
        sale's journal entry, written in between, gives it its receipt number."""
        changes = order.changes
        if changes.is_new:
            await self._insert_order(order)
        if changes.discount_respread:
            await self._execute(_SPREAD_DISCOUNT_AGAIN, {"order_key": order.id})
        writes = (
            (_INSERT_ITEM, [_item_row(item) for item in changes.added_items]),
            (_UPDATE_ITEM, _updates(_item_row(item) for item in changes.changed_items)),
            (_INSERT_PAYMENT, [_payment_row(p) for p in changes.added_payments]),
            (_UPDATE_PAYMENT, _updates(_payment_row(p) for p in changes.changed_payments)),
            (_INSERT_REFUND, [_refund_row(r) for r in changes.added_refunds]),
            # Handed over by another check (a move, a split, a merge): the row changes order.
            (_UPDATE_ITEM, _moved(_item_row(item) for item in changes.arrived_items)),
            (_UPDATE_PAYMENT, _moved(_payment_row(p) for p in changes.arrived_payments)),
        )
        for statement, rows in writes:
            if rows:
                await self._execute(statement, rows)

    async def _insert_order(self, order: Order) -> None:
        """A new order's row; opened UNNUMBERED, its number drawn with it (``number``)."""
        row = _header_row(order.header)
        if order.header.order_number != UNNUMBERED:  # a split's new check: drawn before
            await self._execute(_INSERT_ORDER, row)
            return
        connection = await self._uow.connection()
        draw = {"location_key": row["location_id"], "first_number": FIRST_ORDER_NUMBER}
        if connection.dialect.name == "postgresql":
            found = await connection.execute(_PG_INSERT_NUMBERED, row | draw)
            order.number(found.scalar_one())
            return
        number = await self.next_order_number(order.header.location_id, first=FIRST_ORDER_NUMBER)
        order.number(number)
        await self._execute(_INSERT_ORDER, row | {"order_number": number})

    async def save_header(self, order: Order) -> None:
        """An existing order's changed row; a new order's receipt number, given after its row
        was written (``save_lines``). Its events went to the outbox as the change was told
        (orders/domain/told.py)."""
        changes, header = order.changes, order.header
        if not changes.is_new:
            if changes.header_changed:
                await self._execute(_UPDATE_ORDER, _updates([_header_row(header)])[0])
        elif header.receipt_number is not None:
            numbered = {"key": header.id, "receipt_number": header.receipt_number}
            await self._execute(_NUMBER_RECEIPT, numbered)


# Where an order is, for the location boundary (kit/http/located.py).
order_location = location_reader(orders)
