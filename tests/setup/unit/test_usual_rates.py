"""The first run's table of usual rates, and the named rates a location starts with
(src/brigade/setup/domain.py)."""

from __future__ import annotations

import zoneinfo
from dataclasses import replace
from decimal import Decimal

import pytest

from brigade.kit.currencies import ISO_4217
from brigade.kit.errors import InvalidInput
from brigade.setup.domain import (
    ALCOHOL,
    FOOD,
    FOOD_AND_DRINKS,
    USUAL_RATES,
    NamedRate,
    Taxes,
    named_rates,
)

BY_COUNTRY = {usual.country: usual for usual in USUAL_RATES}


def _percent(rate: Decimal | None) -> str | None:
    return None if rate is None else f"{(rate * 100).normalize():f}"


@pytest.mark.parametrize(
    ("country", "standard", "reduced"),
    [
        ("DE", "19", ["7"]),
        ("FR", "20", ["10", "5.5"]),
        ("IT", "22", ["10", "5", "4"]),
        ("ES", "21", ["10", "4"]),
        ("AT", "20", ["13", "10"]),
        ("NL", "21", ["9"]),
        ("GB", "20", ["5", "0"]),
        ("CH", "8.1", ["3.8", "2.6"]),
    ],
)
def test_a_country_s_standard_and_reduced_rates(
    country: str, standard: str, reduced: list[str]
) -> None:
    usual = BY_COUNTRY[country]
    assert _percent(usual.standard) == standard
    assert [_percent(rate) for rate in usual.reduced] == reduced


def test_what_a_restaurant_charges_is_one_of_the_country_s_rates() -> None:
    for usual in USUAL_RATES:
        offered = {usual.standard, *usual.reduced}
        for rate in (usual.food, usual.alcohol, usual.takeout):
            assert rate is None or rate in offered, usual.country


def test_uk_takeout_food_is_zero_rated_and_france_taxes_alcohol_at_its_standard_rate() -> None:
    assert BY_COUNTRY["GB"].takeout == 0
    france = BY_COUNTRY["FR"]
    assert (_percent(france.food), _percent(france.alcohol), france.takeout) == ("10", "20", None)


def test_us_sales_tax_has_no_national_rate() -> None:
    us = BY_COUNTRY["US"]
    assert (us.standard, us.reduced, us.food, us.alcohol, us.takeout) == (
        None,
        (),
        None,
        None,
        None,
    )


def test_the_table_is_by_name_with_real_currencies_roundings_and_timezones() -> None:
    names = [usual.name for usual in USUAL_RATES]
    assert names == sorted(names)
    assert len(BY_COUNTRY) == len(USUAL_RATES)
    zones = zoneinfo.available_timezones()
    for usual in USUAL_RATES:
        assert usual.currency in ISO_4217
        assert usual.timezones
        assert set(usual.timezones) <= zones, usual.country
        assert usual.cash_rounding in (None, Decimal("0.05")), usual.country
    assert {usual.country for usual in USUAL_RATES if usual.cash_rounding} == {
        "BE",
        "CH",
        "IT",
        "NL",
    }


def test_food_and_alcohol_taxed_apart_make_two_rates() -> None:
    rates = named_rates(Taxes(Decimal("0.1"), Decimal("0.2"), Decimal("0.055")))
    assert rates == (
        NamedRate(FOOD, Decimal("0.1"), Decimal("0.055"), food=True, alcohol=False),
        NamedRate(ALCOHOL, Decimal("0.2"), None, food=False, alcohol=True),
    )


def test_a_takeout_rate_equal_to_food_s_is_no_takeout_rate() -> None:
    (rate,) = named_rates(Taxes(Decimal("0.1"), Decimal("0.1"), Decimal("0.1")))
    assert rate == NamedRate(FOOD_AND_DRINKS, Decimal("0.1"), None, food=True, alcohol=True)
    food, alcohol = named_rates(Taxes(Decimal("0.2"), Decimal("0.2"), Decimal(0)))
    assert (food.takeout, alcohol.takeout) == (Decimal(0), None)


@pytest.mark.parametrize("field", ["food", "alcohol", "takeout"])
def test_a_rate_of_100_percent_or_below_zero_is_refused(field: str) -> None:
    for wrong in (Decimal(1), Decimal("-0.1")):
        taxes = replace(Taxes(Decimal("0.1"), Decimal("0.2")), **{field: wrong})
        with pytest.raises(InvalidInput) as refused:
            named_rates(taxes)
        assert refused.value.field.startswith("taxes.")
