"""Pricing records and their rules: a location's named tax rates and service charges
(docs/design.md §15), and the commands that create and change them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from uuid import UUID

from brigade.access.domain.scopes import Scope
from brigade.kit.access import Needs, Permission, Role, declare_permissions
from brigade.kit.changes import UNSET, Change, changed
from brigade.kit.errors import Conflict, InvalidInput, declare_answers
from brigade.kit.events import Envelope, EventName
from brigade.kit.questions import Question


class PricingPermissions(Permission):
    SET_PRICES = "set tax rates and service charges"


PERMISSIONS = declare_permissions(
    {
        PricingPermissions.SET_PRICES: Needs(
            Role.MANAGER, scopes=frozenset({Scope.CATALOGUE_WRITE})
        ),
    }
)


# What pricing announces (docs/design.md §8).
class PricingEvents(EventName):
    TAX_RATE_CREATED = "tax_rate.created"
    TAX_RATE_UPDATED = "tax_rate.updated"
    TAX_RATE_DELETED = "tax_rate.deleted"
    SERVICE_CHARGE_CREATED = "service_charge.created"
    SERVICE_CHARGE_UPDATED = "service_charge.updated"
    SERVICE_CHARGE_DELETED = "service_charge.deleted"


class ChargeOrderType(StrEnum):
    """The order types a service charge may be limited to: the orders feature's, by value."""

    DINE_IN = "DINE_IN"
    TAKEOUT = "TAKEOUT"
    DELIVERY = "DELIVERY"
    BAR_TAB = "BAR_TAB"


# A takeout rate applies to the orders that leave the building.
TAKEAWAY_ORDER_TYPES = frozenset({ChargeOrderType.TAKEOUT.value, ChargeOrderType.DELIVERY.value})


@dataclass(frozen=True, slots=True)
class TaxRate:
    """A named rate of a location ("VAT 8.1 %"); ``takeout_rate`` replaces it for TAKEOUT and
    DELIVERY orders when set. Archived (``archived_at``) once in use and then deleted."""

    id: UUID
    location_id: UUID
    name: str
    rate: Decimal
    takeout_rate: Decimal | None
    archived_at: datetime | None
    created_at: datetime
    updated_at: datetime

    def rate_for(self, order_type: str) -> Decimal:
        """The rate an order of ``order_type`` is taxed at."""
        if self.takeout_rate is not None and order_type in TAKEAWAY_ORDER_TYPES:
            return self.takeout_rate
        return self.rate


@dataclass(frozen=True, slots=True)
class ServiceCharge:
    """A charge of a location: a ``rate`` of the discounted subtotal or a fixed ``amount``
    (exactly one), taxed at ``tax_rate`` (none when None). An ``automatic`` one applies by
    itself while the order meets ``min_guests`` and ``order_types`` (empty: every type)."""

    id: UUID
    location_id: UUID
    name: str
    rate: Decimal | None
    amount: Decimal | None
    tax_rate: TaxRate | None
    automatic: bool
    min_guests: int | None
    order_types: tuple[str, ...]
    archived_at: datetime | None
    created_at: datetime
    updated_at: datetime

    @property
    def tax_rate_id(self) -> UUID | None:
        return None if self.tax_rate is None else self.tax_rate.id

    def applies_to(self, *, guest_count: int | None, order_type: str) -> bool:
        """Does an order of ``guest_count`` guests and ``order_type`` meet its conditions?"""
        return meets_conditions(self.min_guests, self.order_types, guest_count, order_type)


def meets_conditions(
    min_guests: int | None, order_types: Sequence[str], guest_count: int | None, order_type: str
) -> bool:
    """An automatic charge's conditions: at least ``min_guests`` guests (an unknown guest count
    meets no minimum) and an order of one of ``order_types`` (empty: every type)."""
    if min_guests is not None and (guest_count is None or guest_count < min_guests):
        return False
    return not order_types or order_type in order_types


def ensure_rate_or_amount(rate: Decimal | None, amount: Decimal | None) -> None:
    """A service charge is a rate or an amount: exactly one."""
    if (rate is None) == (amount is None):
        raise InvalidInput("rate", "give exactly one of rate and amount")


def ensure_min_guests(min_guests: int | None) -> None:
    if min_guests is not None and min_guests < 1:
        raise InvalidInput("minGuests", "must be at least 1")


def order_types(values: Sequence[str]) -> tuple[str, ...]:
    """The order types a charge is limited to: known ones, each once, in the order given."""
    known = {kind.value for kind in ChargeOrderType}
    for index, value in enumerate(values):
        if value not in known:
            raise InvalidInput(f"orderTypes.{index}", f"must be one of {', '.join(sorted(known))}")
    if len(set(values)) != len(values):
        raise InvalidInput("orderTypes", "must not list an order type twice")
    return tuple(values)


@dataclass(frozen=True, slots=True)
class PriceListFilter:
    """What a list of rates or charges is narrowed to: a location (None: every one), and
    whether archived ones are shown too."""

    location_id: UUID | None = None
    include_archived: bool = False


@dataclass(frozen=True, slots=True)
class CreateTaxRate:
    location_id: UUID
    name: str
    rate: Decimal
    takeout_rate: Decimal | None = None

    def tax_rate(self, id_: UUID, *, at: datetime) -> TaxRate:
        return TaxRate(
            id=id_,
            location_id=self.location_id,
            name=self.name,
            rate=self.rate,
            takeout_rate=self.takeout_rate,
            archived_at=None,
            created_at=at,
            updated_at=at,
        )


@dataclass(frozen=True, slots=True)
class TaxRateChanges:
    """The fields to change; ``UNSET`` ones keep their value, ``None`` clears ``takeout_rate``."""

    name: Change[str] = UNSET
    rate: Change[Decimal] = UNSET
    takeout_rate: Change[Decimal | None] = UNSET

    def applied_to(self, tax_rate: TaxRate) -> TaxRate:
        """The rate with these changes; ``updated_at`` is the caller's to move."""
        return replace(
            tax_rate,
            name=changed(self.name, tax_rate.name),
            rate=changed(self.rate, tax_rate.rate),
            takeout_rate=changed(self.takeout_rate, tax_rate.takeout_rate),
        )


@dataclass(frozen=True, slots=True)
class CreateServiceCharge:
    location_id: UUID
    name: str
    rate: Decimal | None = None
    amount: Decimal | None = None
    tax_rate_id: UUID | None = None
    automatic: bool = False
    min_guests: int | None = None
    order_types: tuple[str, ...] = ()

    def service_charge(self, id_: UUID, *, tax_rate: TaxRate | None, at: datetime) -> ServiceCharge:
        """The new charge, its rules checked; ``tax_rate``: the one ``tax_rate_id`` names,
        checked by the service."""
        ensure_rate_or_amount(self.rate, self.amount)
        ensure_min_guests(self.min_guests)
        return ServiceCharge(
            id=id_,
            location_id=self.location_id,
            name=self.name,
            rate=self.rate,
            amount=self.amount,
            tax_rate=tax_rate,
            automatic=self.automatic,
            min_guests=self.min_guests,
            order_types=order_types(self.order_types),
            archived_at=None,
            created_at=at,
            updated_at=at,
        )


@dataclass(frozen=True, slots=True)
class ServiceChargeChanges:
    """The fields to change; ``UNSET`` ones keep their value, ``None`` clears an optional one.

    Giving ``rate`` clears ``amount`` and the reverse: a charge switches between the two."""

    name: Change[str] = UNSET
    rate: Change[Decimal] = UNSET
    amount: Change[Decimal] = UNSET
    tax_rate_id: Change[UUID | None] = UNSET
    automatic: Change[bool] = UNSET
    min_guests: Change[int | None] = UNSET
    order_types: Change[tuple[str, ...]] = UNSET

    def applied_to(self, charge: ServiceCharge, *, tax_rate: TaxRate | None) -> ServiceCharge:
        """The charge with these changes and ``tax_rate`` (the one it names after them);
        ``updated_at`` is the caller's to move."""
        rate, amount = charge.rate, charge.amount
        if self.rate is not UNSET and self.amount is not UNSET:
            raise InvalidInput("rate", "give exactly one of rate and amount")
        if self.rate is not UNSET:
            rate, amount = self.rate, None
        elif self.amount is not UNSET:
            rate, amount = None, self.amount
        ensure_rate_or_amount(rate, amount)
        min_guests = changed(self.min_guests, charge.min_guests)
        ensure_min_guests(min_guests)
        return replace(
            charge,
            name=changed(self.name, charge.name),
            rate=rate,
            amount=amount,
            tax_rate=tax_rate,
            automatic=changed(self.automatic, charge.automatic),
            min_guests=min_guests,
            order_types=(
                charge.order_types if self.order_types is UNSET else order_types(self.order_types)
            ),
        )


# --- what pricing announces (docs/design.md §8, §15) ----------------------------------------


def tax_rate_event(event_type: PricingEvents, tax_rate: TaxRate) -> Envelope:
    """``tax_rate.*``: the rate as the API shows it (as it was, for a deletion; archived, for
    the deletion of one in use)."""
    return Envelope(event_type, tax_rate, location_id=tax_rate.location_id, entity_id=tax_rate.id)


def service_charge_event(event_type: PricingEvents, charge: ServiceCharge) -> Envelope:
    """``service_charge.*``: the charge as the API shows it (archived, for a deletion)."""
    return Envelope(event_type, charge, location_id=charge.location_id, entity_id=charge.id)


@dataclass(frozen=True, slots=True)
class AutomaticCharges(Question[list[ServiceCharge]]):
    """The location's live automatic charges, with their tax rates, by name (a new order's)."""

    location_id: UUID


@dataclass(frozen=True, slots=True)
class LiveServiceCharge(Question[ServiceCharge]):
    """A live charge with its tax rate (404 ``not_found`` when missing or archived)."""

    service_charge_id: UUID


# Errors and their answers (docs/design.md §2).


class DuplicateTaxRateName(Conflict):
    """A live tax rate of the location already has the name."""


class DuplicateServiceChargeName(Conflict):
    """A live service charge of the location already has the name."""


ERRORS = declare_answers(
    {
        DuplicateTaxRateName: (409, "duplicate_tax_rate_name"),
        DuplicateServiceChargeName: (409, "duplicate_service_charge_name"),
    }
)
