"""Pricing's rules without a database: which rate an order type is taxed at, when an automatic
service charge applies, and the checks of a charge's commands."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from brigade.kit.errors import InvalidInput
from brigade.pricing.domain import (
    CreateServiceCharge,
    ServiceCharge,
    ServiceChargeChanges,
    TaxRate,
    TaxRateChanges,
)

AT = datetime(2026, 11, 26, 9, 0, tzinfo=UTC)
LOCATION = uuid.uuid4()


def _rate(takeout: str | None = None) -> TaxRate:
    return TaxRate(
        uuid.uuid4(),
        LOCATION,
        "VAT",
        Decimal("0.081"),
        None if takeout is None else Decimal(takeout),
        None,
        AT,
        AT,
    )


def _charge(**fields: object) -> ServiceCharge:
    command = CreateServiceCharge(
        **({"location_id": LOCATION, "name": "Service", "rate": Decimal("0.125")} | fields)  # type: ignore[arg-type]
    )
    return command.service_charge(uuid.uuid4(), tax_rate=None, at=AT)


@pytest.mark.parametrize(
    ("order_type", "expected"),
    [("DINE_IN", "0.081"), ("BAR_TAB", "0.081"), ("TAKEOUT", "0.026"), ("DELIVERY", "0.026")],
)
def test_a_takeout_rate_applies_to_takeout_and_delivery(order_type: str, expected: str) -> None:
    assert _rate("0.026").rate_for(order_type) == Decimal(expected)


@pytest.mark.parametrize("order_type", ["DINE_IN", "TAKEOUT", "DELIVERY", "BAR_TAB"])
def test_without_a_takeout_rate_every_order_has_the_rate(order_type: str) -> None:
    assert _rate().rate_for(order_type) == Decimal("0.081")


@pytest.mark.parametrize(
    ("guest_count", "order_type", "applies"),
    [
        (6, "DINE_IN", True),
        (8, "DINE_IN", True),
        (5, "DINE_IN", False),
        (None, "DINE_IN", False),
        (6, "TAKEOUT", False),
    ],
)
def test_an_automatic_charge_applies_from_its_minimum_to_its_order_types(
    guest_count: int | None, order_type: str, applies: bool
) -> None:
    charge = _charge(automatic=True, min_guests=6, order_types=("DINE_IN",))
    assert charge.applies_to(guest_count=guest_count, order_type=order_type) is applies


@pytest.mark.parametrize("order_type", ["DINE_IN", "TAKEOUT", "DELIVERY", "BAR_TAB"])
def test_a_charge_without_conditions_applies_to_every_order(order_type: str) -> None:
    assert _charge(automatic=True).applies_to(guest_count=None, order_type=order_type)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"rate": None}, "rate"),
        ({"amount": Decimal(5)}, "rate"),
        ({"min_guests": 0}, "minGuests"),
        ({"order_types": ("PICNIC",)}, "orderTypes.0"),
        ({"order_types": ("TAKEOUT", "TAKEOUT")}, "orderTypes"),
    ],
)
def test_a_bad_charge_is_refused(fields: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        _charge(**fields)
    assert refused.value.field == field


def test_a_change_switches_between_rate_and_amount() -> None:
    charge = _charge()
    by_amount = ServiceChargeChanges(amount=Decimal(10)).applied_to(charge, tax_rate=None)
    assert (by_amount.rate, by_amount.amount) == (None, Decimal(10))
    by_rate = ServiceChargeChanges(rate=Decimal("0.1")).applied_to(by_amount, tax_rate=None)
    assert (by_rate.rate, by_rate.amount) == (Decimal("0.1"), None)
    with pytest.raises(InvalidInput):
        ServiceChargeChanges(rate=Decimal("0.1"), amount=Decimal(2)).applied_to(
            charge, tax_rate=None
        )
    kept = ServiceChargeChanges(name="Staff").applied_to(charge, tax_rate=None)
    assert (kept.name, kept.rate, kept.order_types) == ("Staff", charge.rate, ())


def test_a_rate_change_keeps_what_it_leaves_out() -> None:
    rate = _rate("0.026")
    changed = TaxRateChanges(rate=Decimal("0.077")).applied_to(rate)
    assert (changed.name, changed.rate, changed.takeout_rate) == (
        "VAT",
        Decimal("0.077"),
        Decimal("0.026"),
    )
    assert TaxRateChanges(takeout_rate=None).applied_to(rate).takeout_rate is None
