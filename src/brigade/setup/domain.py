"""The money the first run asks for (docs/design.md §22): each country's usual VAT rates,
offered by `/setup` and editable there, and the named rates a location starts with.

A small table kept by hand (docs/decisions.md "Setup"): for each country, its standard and
reduced rates, the rates a restaurant usually charges on food (soft drinks go with it) and on
alcohol, on food that leaves the building when that differs, and the cash rounding its cash
registers usually apply. Pure stdlib.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from brigade.kit.errors import InvalidInput


def _rate(percent: str) -> Decimal:
    return Decimal(percent) / 100


@dataclass(frozen=True, slots=True)
class UsualRates:
    """A country's rates as fractions (0.2 is 20 %). ``standard`` None: no national rate (US
    sales tax is the state's, county's and city's), the rates are the user's to type."""

    country: str
    name: str
    currency: str
    standard: Decimal | None
    reduced: tuple[Decimal, ...]
    food: Decimal | None
    alcohol: Decimal | None
    # Food that leaves the building (TAKEOUT and DELIVERY orders); None: as ``food``.
    takeout: Decimal | None
    cash_rounding: Decimal | None
    # The timezones that name the country, for the wizard to offer it first.
    timezones: tuple[str, ...]


def _country(
    country: str,
    name: str,
    currency: str,
    rates: tuple[str, ...],
    *,
    food: str | None,
    alcohol: str | None,
    takeout: str | None = None,
    cash_rounding: str | None = None,
    timezones: tuple[str, ...],
) -> UsualRates:
    fractions = tuple(_rate(rate) for rate in rates)
    return UsualRates(
        country,
        name,
        currency,
        fractions[0] if fractions else None,
        tuple(sorted(fractions[1:], reverse=True)),
        None if food is None else _rate(food),
        None if alcohol is None else _rate(alcohol),
        None if takeout is None else _rate(takeout),
        None if cash_rounding is None else Decimal(cash_rounding),
        timezones,
    )


_US_ZONES = (
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Phoenix",
    "America/Los_Angeles",
    "America/Anchorage",
    "America/Detroit",
    "America/Boise",
    "America/Indiana/Indianapolis",
    "Pacific/Honolulu",
)

# By country name. Rates as of 2026; every one is offered, none imposed (docs/decisions.md).
USUAL_RATES: tuple[UsualRates, ...] = (
    _country(
        "AT", "Austria", "EUR", ("20", "10", "13"), food="10", alcohol="20",
        timezones=("Europe/Vienna",),
    ),
    _country(
        "BE", "Belgium", "EUR", ("21", "12", "6"), food="12", alcohol="21", takeout="6",
        cash_rounding="0.05", timezones=("Europe/Brussels",),
    ),
    _country(
        "FR", "France", "EUR", ("20", "10", "5.5"), food="10", alcohol="20",
        timezones=("Europe/Paris",),
    ),
    _country(
        "DE", "Germany", "EUR", ("19", "7"), food="7", alcohol="19",
        timezones=("Europe/Berlin",),
    ),
    _country(
        "IT", "Italy", "EUR", ("22", "10", "5", "4"), food="10", alcohol="10",
        cash_rounding="0.05", timezones=("Europe/Rome",),
    ),
    _country(
        "NL", "Netherlands", "EUR", ("21", "9"), food="9", alcohol="21",
        cash_rounding="0.05", timezones=("Europe/Amsterdam",),
    ),
    _country(
        "ES", "Spain", "EUR", ("21", "10", "4"), food="10", alcohol="10",
        timezones=("Europe/Madrid",),
    ),
    _country(
        "CH", "Switzerland", "CHF", ("8.1", "2.6", "3.8"), food="8.1", alcohol="8.1",
        takeout="2.6", cash_rounding="0.05", timezones=("Europe/Zurich",),
    ),
    _country(
        "GB", "United Kingdom", "GBP", ("20", "5", "0"), food="20", alcohol="20", takeout="0",
        timezones=("Europe/London",),
    ),
    _country(
        "US", "United States", "USD", (), food=None, alcohol=None, timezones=_US_ZONES
    ),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Taxes:
    """What the first run was told: the rate of food (and soft drinks), of alcohol, and of
    food that leaves the building (None: as food)."""

    food: Decimal
    alcohol: Decimal
    takeout: Decimal | None = None


@dataclass(frozen=True, slots=True)
class NamedRate:
    """A named tax rate the location starts with, and what it taxes."""

    name: str
    rate: Decimal
    takeout: Decimal | None
    food: bool
    alcohol: bool


FOOD_AND_DRINKS = "Food and drinks"
FOOD = "Food and soft drinks"
ALCOHOL = "Alcohol"


def check_taxes(taxes: Taxes) -> Taxes:
    """Each rate under 100 % (the API's numbers already are from 0 to 1)."""
    for field, rate in (
        ("taxes.foodRate", taxes.food),
        ("taxes.alcoholRate", taxes.alcohol),
        ("taxes.takeoutRate", taxes.takeout),
    ):
        if rate is not None and not 0 <= rate < 1:
            raise InvalidInput(field, "must be a rate from 0 up to (not including) 1")
    return taxes


def named_rates(taxes: Taxes) -> tuple[NamedRate, ...]:
    """The location's named rates: one when food and alcohol are taxed alike (takeout too),
    else one for food (with its takeout rate when it differs) and one for alcohol."""
    check_taxes(taxes)
    takeout = None if taxes.takeout == taxes.food else taxes.takeout
    if taxes.alcohol == taxes.food and takeout is None:
        return (NamedRate(FOOD_AND_DRINKS, taxes.food, None, food=True, alcohol=True),)
    return (
        NamedRate(FOOD, taxes.food, takeout, food=True, alcohol=False),
        NamedRate(ALCOHOL, taxes.alcohol, None, food=False, alcohol=True),
    )
