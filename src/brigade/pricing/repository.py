"""Every tax rate and service charge query; a charge is read with its tax rate (one join)."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, Row, Select, bindparam, func, select, update

from brigade.catalogue.tables import products
from brigade.kit import money
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import location_reader
from brigade.pricing.domain import (
    PriceListFilter,
    PricingEvents,
    ServiceCharge,
    TaxRate,
    service_charge_event,
    tax_rate_event,
)
from brigade.pricing.tables import TAX_RATE_COLUMNS, service_charges, tax_rate_from, tax_rates

_NOT_DELETED = tax_rates.c.deleted_at.is_(None)
_LIVE_RATE = (_NOT_DELETED, tax_rates.c.archived_at.is_(None))
_LIVE_CHARGE = service_charges.c.archived_at.is_(None)

_TAX_RATE_WIDTH = len(TAX_RATE_COLUMNS)
_CHARGE_WIDTH = len(service_charges.c)


def _to_tax_rate(row: Row[Any]) -> TaxRate:
    found = tax_rate_from(row[:_TAX_RATE_WIDTH])
    assert found is not None
    return found


def _tax_rate_row(tax_rate: TaxRate) -> dict[str, Any]:
    takeout = tax_rate.takeout_rate
    return {
        "id": tax_rate.id,
        "location_id": tax_rate.location_id,
        "name": tax_rate.name,
        "rate_units": money.rate_to_units(tax_rate.rate),
        "takeout_rate_units": None if takeout is None else money.rate_to_units(takeout),
        "archived_at": tax_rate.archived_at,
        "created_at": tax_rate.created_at,
        "updated_at": tax_rate.updated_at,
    }


def _page(query: Select[Any], page: int, limit: int) -> Select[Any]:
    return query.offset((page - 1) * limit).limit(limit)


class TaxRateRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def get(self, tax_rate_id: UUID, *, for_update: bool = False) -> TaxRate | None:
        """The rate, archived or not; None when it never was or was deleted."""
        query = select(*TAX_RATE_COLUMNS).where(_NOT_DELETED, tax_rates.c.id == tax_rate_id)
        if for_update:
            query = query.with_for_update()
        connection = await self._uow.connection()
        row = (await connection.execute(query)).first()
        return None if row is None else _to_tax_rate(row)

    async def list(
        self, filters: PriceListFilter, *, page: int, limit: int
    ) -> tuple[list[TaxRate], int]:
        """By name, then id."""
        where: list[ColumnElement[bool]] = [_NOT_DELETED]
        if not filters.include_archived:
            where.append(tax_rates.c.archived_at.is_(None))
        if filters.location_id is not None:
            where.append(tax_rates.c.location_id == filters.location_id)
        connection = await self._uow.connection()
        counted = select(func.count()).select_from(tax_rates).where(*where)
        total: int = (await connection.execute(counted)).scalar_one()
        query = select(*TAX_RATE_COLUMNS).where(*where).order_by(tax_rates.c.name, tax_rates.c.id)
        rows = await connection.execute(_page(query, page, limit))
        return [_to_tax_rate(row) for row in rows], total

    async def name_taken(
        self, location_id: UUID, name: str, *, other_than: UUID | None = None
    ) -> bool:
        where = [*_LIVE_RATE, tax_rates.c.location_id == location_id, tax_rates.c.name == name]
        if other_than is not None:
            where.append(tax_rates.c.id != other_than)
        connection = await self._uow.connection()
        found = await connection.execute(select(tax_rates.c.id).where(*where).limit(1))
        return found.first() is not None

    async def in_use(self, tax_rate_id: UUID) -> bool:
        """Named by a live product or a live service charge?"""
        by_product = select(products.c.id).where(
            products.c.deleted_at.is_(None), products.c.tax_rate_id == tax_rate_id
        )
        by_charge = select(service_charges.c.id).where(
            _LIVE_CHARGE, service_charges.c.tax_rate_id == tax_rate_id
        )
        connection = await self._uow.connection()
        for query in (by_product, by_charge):
            if (await connection.execute(query.limit(1))).first() is not None:
                return True
        return False

    async def insert(self, tax_rate: TaxRate) -> None:
        """Write a new rate and record ``tax_rate.created``."""
        connection = await self._uow.connection()
        await connection.execute(tax_rates.insert().values(_tax_rate_row(tax_rate)))
        self._uow.record([tax_rate_event(PricingEvents.TAX_RATE_CREATED, tax_rate)])

    async def save(
        self, tax_rate: TaxRate, *, announced: PricingEvents = PricingEvents.TAX_RATE_UPDATED
    ) -> None:
        """Write a changed rate and record ``announced`` (an archived one: ``tax_rate.deleted``)."""
        row = _tax_rate_row(tax_rate)
        del row["id"], row["created_at"]
        connection = await self._uow.connection()
        await connection.execute(update(tax_rates).where(tax_rates.c.id == tax_rate.id).values(row))
        self._uow.record([tax_rate_event(announced, tax_rate)])

    async def delete(self, tax_rate: TaxRate, at: datetime) -> None:
        """Gone for good from the API (the row stays); record ``tax_rate.deleted`` with the rate
        as it was."""
        connection = await self._uow.connection()
        await connection.execute(
            update(tax_rates)
            .where(tax_rates.c.id == tax_rate.id)
            .values(deleted_at=at, updated_at=at)
        )
        self._uow.record([tax_rate_event(PricingEvents.TAX_RATE_DELETED, tax_rate)])


# --- service charges ------------------------------------------------------------------------


def _charge_query() -> Select[Any]:
    return select(service_charges, *TAX_RATE_COLUMNS).select_from(
        service_charges.outerjoin(tax_rates, tax_rates.c.id == service_charges.c.tax_rate_id)
    )


# Read by every new order (its automatic charges): built once, as the orders' hot statements.
_AUTOMATIC = (
    _charge_query()
    .where(
        _LIVE_CHARGE,
        service_charges.c.location_id == bindparam("location_key"),
        service_charges.c.automatic.is_(True),
    )
    .order_by(service_charges.c.name, service_charges.c.id)
)


def _to_charge(row: Row[Any]) -> ServiceCharge:
    rate_units, amount_cents = row.rate_units, row.amount_cents
    return ServiceCharge(
        id=row.id,
        location_id=row.location_id,
        name=row.name,
        rate=None if rate_units is None else money.rate_from_units(rate_units),
        amount=None if amount_cents is None else money.from_cents(amount_cents),
        tax_rate=tax_rate_from(row[_CHARGE_WIDTH : _CHARGE_WIDTH + _TAX_RATE_WIDTH]),
        automatic=row.automatic,
        min_guests=row.min_guests,
        order_types=tuple(kind for kind in row.order_types.split(",") if kind),
        archived_at=row.archived_at,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def _charge_row(charge: ServiceCharge) -> dict[str, Any]:
    return {
        "id": charge.id,
        "location_id": charge.location_id,
        "name": charge.name,
        "rate_units": None if charge.rate is None else money.rate_to_units(charge.rate),
        "amount_cents": None if charge.amount is None else money.to_cents(charge.amount),
        "tax_rate_id": charge.tax_rate_id,
        "automatic": charge.automatic,
        "min_guests": charge.min_guests,
        "order_types": ",".join(charge.order_types),
        "archived_at": charge.archived_at,
        "created_at": charge.created_at,
        "updated_at": charge.updated_at,
    }


class ServiceChargeRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def get(self, charge_id: UUID, *, for_update: bool = False) -> ServiceCharge | None:
        """The charge with its tax rate, archived or not."""
        query = _charge_query().where(service_charges.c.id == charge_id)
        if for_update:
            query = query.with_for_update(of=service_charges)
        connection = await self._uow.connection()
        row = (await connection.execute(query)).first()
        return None if row is None else _to_charge(row)

    async def automatic(self, location_id: UUID) -> list[ServiceCharge]:
        """The location's live automatic charges, by name then id."""
        connection = await self._uow.connection()
        rows = await connection.execute(_AUTOMATIC, {"location_key": location_id})
        return [_to_charge(row) for row in rows]

    async def list(
        self, filters: PriceListFilter, *, page: int, limit: int
    ) -> tuple[list[ServiceCharge], int]:
        """By name, then id."""
        where: list[ColumnElement[bool]] = []
        if not filters.include_archived:
            where.append(_LIVE_CHARGE)
        if filters.location_id is not None:
            where.append(service_charges.c.location_id == filters.location_id)
        connection = await self._uow.connection()
        counted = select(func.count()).select_from(service_charges).where(*where)
        total: int = (await connection.execute(counted)).scalar_one()
        query = _charge_query().where(*where).order_by(service_charges.c.name, service_charges.c.id)
        rows = await connection.execute(_page(query, page, limit))
        return [_to_charge(row) for row in rows], total

    async def name_taken(
        self, location_id: UUID, name: str, *, other_than: UUID | None = None
    ) -> bool:
        c = service_charges.c
        where = [_LIVE_CHARGE, c.location_id == location_id, c.name == name]
        if other_than is not None:
            where.append(c.id != other_than)
        connection = await self._uow.connection()
        found = await connection.execute(select(c.id).where(*where).limit(1))
        return found.first() is not None

    async def insert(self, charge: ServiceCharge) -> None:
        """Write a new charge and record ``service_charge.created``."""
        connection = await self._uow.connection()
        await connection.execute(service_charges.insert().values(_charge_row(charge)))
        self._uow.record([service_charge_event(PricingEvents.SERVICE_CHARGE_CREATED, charge)])

    async def save(
        self,
        charge: ServiceCharge,
        *,
        announced: PricingEvents = PricingEvents.SERVICE_CHARGE_UPDATED,
    ) -> None:
        """Write a changed charge and record ``announced`` (an archived one:
        ``service_charge.deleted``)."""
        row = _charge_row(charge)
        del row["id"], row["created_at"]
        connection = await self._uow.connection()
        await connection.execute(
            update(service_charges).where(service_charges.c.id == charge.id).values(row)
        )
        self._uow.record([service_charge_event(announced, charge)])


# Where a tax rate is, for the location boundary (kit/http/located.py).
tax_rate_location = location_reader(tax_rates)


# Where a service charge is, for the location boundary (kit/http/located.py).
service_charge_location = location_reader(service_charges)
