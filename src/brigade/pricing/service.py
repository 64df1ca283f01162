"""Pricing use cases: a location's named tax rates and service charges (docs/design.md §15).

Other features call ``get_tax_rate``, ``get_service_charge``, ``automatic_charges`` and
``live_tax_rate`` (a product's rate).
"""

from __future__ import annotations

import dataclasses
from uuid import UUID

from brigade.kit.access import Actor
from brigade.kit.changes import UNSET
from brigade.kit.clock import later_than, now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.ids import new_id
from brigade.pricing.domain import (
    CreateServiceCharge,
    CreateTaxRate,
    DuplicateServiceChargeName,
    DuplicateTaxRateName,
    PriceListFilter,
    PricingEvents,
    ServiceCharge,
    ServiceChargeChanges,
    TaxRate,
    TaxRateChanges,
)
from brigade.pricing.repository import ServiceChargeRepository, TaxRateRepository

# --- tax rates ------------------------------------------------------------------------------


async def get_tax_rate(uow: UnitOfWork, tax_rate_id: UUID) -> TaxRate:
    """The rate, archived ones included (what already names it keeps it); NotFound when it
    never was or was deleted."""
    found = await TaxRateRepository(uow).get(tax_rate_id)
    if found is None:
        raise NotFound("tax rate", tax_rate_id)
    return found


async def live_tax_rate(
    uow: UnitOfWork, tax_rate_id: UUID, location_id: UUID | None, *, field: str = "taxRateId"
) -> TaxRate:
    """The live (not archived) rate ``field`` names, of ``location_id``: what a product or a
    service charge may name; 422 otherwise (as a bad categoryId is)."""
    found = await TaxRateRepository(uow).get(tax_rate_id, for_update=True)
    if found is None:
        raise InvalidInput(field, "no such tax rate")
    if found.archived_at is not None:
        raise InvalidInput(field, "the tax rate is archived")
    if found.location_id != location_id:
        raise InvalidInput(field, "the tax rate belongs to another location")
    return found


async def list_tax_rates(
    uow: UnitOfWork, actor: Actor, filters: PriceListFilter, *, page: int, limit: int
) -> tuple[list[TaxRate], int]:
    """A device's own location's only (``Actor.location_scope``)."""
    scoped = dataclasses.replace(filters, location_id=actor.location_scope(filters.location_id))
    return await TaxRateRepository(uow).list(scoped, page=page, limit=limit)


async def tax_rate_of(uow: UnitOfWork, actor: Actor, tax_rate_id: UUID) -> TaxRate:
    """``get_tax_rate`` for ``actor``, who must act at its location."""
    found = await get_tax_rate(uow, tax_rate_id)
    actor.ensure_at(found.location_id)
    return found


async def _ensure_rate_name_free(
    uow: UnitOfWork, location_id: UUID, name: str, *, other_than: UUID | None = None
) -> None:
    if await TaxRateRepository(uow).name_taken(location_id, name, other_than=other_than):
        raise DuplicateTaxRateName(f"This location already has a tax rate named {name!r}.")


async def create_tax_rate(uow: UnitOfWork, actor: Actor, command: CreateTaxRate) -> TaxRate:
    actor.ensure_at(command.location_id)
    await _ensure_rate_name_free(uow, command.location_id, command.name)
    tax_rate = command.tax_rate(new_id(), at=now())
    await TaxRateRepository(uow).insert(tax_rate)
    return tax_rate


async def _locked_rate(uow: UnitOfWork, actor: Actor, tax_rate_id: UUID) -> TaxRate:
    found = await TaxRateRepository(uow).get(tax_rate_id, for_update=True)
    if found is None:
        raise NotFound("tax rate", tax_rate_id)
    actor.ensure_at(found.location_id)
    return found


async def update_tax_rate(
    uow: UnitOfWork, actor: Actor, tax_rate_id: UUID, changes: TaxRateChanges
) -> TaxRate:
    """Apply ``changes``; what already rang at the old rate keeps it (items snapshot it)."""
    current = await _locked_rate(uow, actor, tax_rate_id)
    tax_rate = changes.applied_to(current)
    if tax_rate == current:
        return current
    if tax_rate.name != current.name and current.archived_at is None:
        await _ensure_rate_name_free(uow, current.location_id, tax_rate.name, other_than=current.id)
    tax_rate = dataclasses.replace(tax_rate, updated_at=later_than(current.updated_at))
    await TaxRateRepository(uow).save(tax_rate)
    return tax_rate


async def delete_tax_rate(uow: UnitOfWork, actor: Actor, tax_rate_id: UUID) -> TaxRate | None:
    """A rate in use (named by a live product or service charge) is archived and answered;
    an unused one is deleted (None)."""
    current = await _locked_rate(uow, actor, tax_rate_id)
    repository = TaxRateRepository(uow)
    at = later_than(current.updated_at)
    if await repository.in_use(tax_rate_id):
        if current.archived_at is not None:
            return current
        archived = dataclasses.replace(current, archived_at=at, updated_at=at)
        await repository.save(archived, announced=PricingEvents.TAX_RATE_DELETED)
        return archived
    await repository.delete(current, at)
    return None


# --- service charges ------------------------------------------------------------------------


async def get_service_charge(
    uow: UnitOfWork, service_charge_id: UUID, *, include_archived: bool = False
) -> ServiceCharge:
    """The charge with its tax rate; NotFound when missing (or archived, unless
    ``include_archived``)."""
    found = await ServiceChargeRepository(uow).get(service_charge_id)
    if found is None or (found.archived_at is not None and not include_archived):
        raise NotFound("service charge", service_charge_id)
    return found


async def automatic_charges(uow: UnitOfWork, location_id: UUID) -> list[ServiceCharge]:
    """The location's live automatic charges, with their tax rates, by name."""
    return await ServiceChargeRepository(uow).automatic(location_id)


async def list_service_charges(
    uow: UnitOfWork, actor: Actor, filters: PriceListFilter, *, page: int, limit: int
) -> tuple[list[ServiceCharge], int]:
    """A device's own location's only (``Actor.location_scope``)."""
    scoped = dataclasses.replace(filters, location_id=actor.location_scope(filters.location_id))
    return await ServiceChargeRepository(uow).list(scoped, page=page, limit=limit)


async def service_charge_of(uow: UnitOfWork, actor: Actor, charge_id: UUID) -> ServiceCharge:
    """The charge, archived ones included, for ``actor``, who must act at its location."""
    found = await get_service_charge(uow, charge_id, include_archived=True)
    actor.ensure_at(found.location_id)
    return found


async def _ensure_charge_name_free(
    uow: UnitOfWork, location_id: UUID, name: str, *, other_than: UUID | None = None
) -> None:
    if await ServiceChargeRepository(uow).name_taken(location_id, name, other_than=other_than):
        raise DuplicateServiceChargeName(
            f"This location already has a service charge named {name!r}."
        )


async def create_service_charge(
    uow: UnitOfWork, actor: Actor, command: CreateServiceCharge
) -> ServiceCharge:
    actor.ensure_at(command.location_id)
    tax_rate = None
    if command.tax_rate_id is not None:
        tax_rate = await live_tax_rate(uow, command.tax_rate_id, command.location_id)
    charge = command.service_charge(new_id(), tax_rate=tax_rate, at=now())
    await _ensure_charge_name_free(uow, command.location_id, command.name)
    await ServiceChargeRepository(uow).insert(charge)
    return charge


async def _locked_charge(uow: UnitOfWork, actor: Actor, charge_id: UUID) -> ServiceCharge:
    found = await ServiceChargeRepository(uow).get(charge_id, for_update=True)
    if found is None or found.archived_at is not None:
        raise NotFound("service charge", charge_id)
    actor.ensure_at(found.location_id)
    return found


async def update_service_charge(
    uow: UnitOfWork, actor: Actor, charge_id: UUID, changes: ServiceChargeChanges
) -> ServiceCharge:
    """Apply ``changes`` to a live charge (an archived one is gone: 404); orders that already
    carry it keep what they were charged."""
    current = await _locked_charge(uow, actor, charge_id)
    tax_rate = current.tax_rate
    if changes.tax_rate_id is not UNSET and changes.tax_rate_id != current.tax_rate_id:
        tax_rate = (
            None
            if changes.tax_rate_id is None
            else await live_tax_rate(uow, changes.tax_rate_id, current.location_id)
        )
    charge = changes.applied_to(current, tax_rate=tax_rate)
    if charge == current:
        return current
    if charge.name != current.name:
        await _ensure_charge_name_free(uow, current.location_id, charge.name, other_than=charge_id)
    charge = dataclasses.replace(charge, updated_at=later_than(current.updated_at))
    await ServiceChargeRepository(uow).save(charge)
    return charge


async def delete_service_charge(uow: UnitOfWork, actor: Actor, charge_id: UUID) -> None:
    """Archived, never deleted: past orders name it by id."""
    current = await _locked_charge(uow, actor, charge_id)
    at = later_than(current.updated_at)
    await ServiceChargeRepository(uow).save(
        dataclasses.replace(current, archived_at=at, updated_at=at),
        announced=PricingEvents.SERVICE_CHARGE_DELETED,
    )
