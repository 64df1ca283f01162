"""Exact money, rates and quantities: what is accepted, what is refused, how it rounds."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from brigade.kit.money import (
    MAX_AMOUNT,
    InvalidNumber,
    from_cents,
    line_amount_cents,
    parse_amount,
    parse_quantity,
    parse_rate,
    quantity_from_units,
    quantity_to_units,
    rate_from_units,
    rate_to_units,
    round_half_up,
    to_cents,
)

amounts = st.decimals(min_value=0, max_value=MAX_AMOUNT, places=2)
NOT_FINITE = [Decimal("NaN"), Decimal("sNaN"), Decimal("Infinity"), Decimal("-Infinity")]
NOT_NUMBERS = [1.5, 0.1, float("nan"), True, False, "1.00", "abc", None, [1]]


@given(amounts)
def test_amount_round_trips_through_cents(amount: Decimal) -> None:
    parsed = parse_amount(amount)
    assert parsed == amount
    assert parsed.as_tuple().exponent == -2
    assert from_cents(to_cents(parsed)) == parsed


@given(st.integers(0, 9_999_999))
def test_whole_number_amount_is_accepted(amount: int) -> None:
    assert to_cents(parse_amount(amount)) == amount * 100


def test_trailing_zeros_are_not_extra_places() -> None:
    assert parse_amount(Decimal("1.500")) == Decimal("1.50")


@given(st.integers(0, 10**9).filter(lambda thousandths: thousandths % 10))
def test_amount_with_three_places_is_refused(thousandths: int) -> None:
    with pytest.raises(InvalidNumber, match="2 decimal places"):
        parse_amount(Decimal(thousandths).scaleb(-3))


@given(st.decimals(max_value=Decimal("-0.01"), places=2, allow_nan=False, allow_infinity=False))
def test_negative_amount_is_refused(amount: Decimal) -> None:
    with pytest.raises(InvalidNumber, match="negative"):
        parse_amount(amount)


@pytest.mark.parametrize("value", NOT_FINITE)
def test_non_finite_is_refused(value: Decimal) -> None:
    with pytest.raises(InvalidNumber, match="finite"):
        parse_amount(value)
    with pytest.raises(InvalidNumber):
        parse_rate(value)
    with pytest.raises(InvalidNumber):
        parse_quantity(value)


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_floats_bools_and_strings_are_refused(value: object) -> None:
    with pytest.raises(InvalidNumber, match="must be a number"):
        parse_amount(value)


def test_amount_bounds() -> None:
    assert parse_amount(MAX_AMOUNT) == MAX_AMOUNT
    with pytest.raises(InvalidNumber, match="at most"):
        parse_amount(MAX_AMOUNT + Decimal("0.01"))
    with pytest.raises(InvalidNumber, match="greater than 0"):
        parse_amount(Decimal(0), allow_zero=False)
    assert parse_amount(Decimal("0.01"), allow_zero=False) == Decimal("0.01")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("0.005", "0.01"),
        ("0.015", "0.02"),
        ("2.675", "2.68"),
        ("0.004", "0.00"),
        ("-0.005", "-0.01"),
        ("1.00", "1.00"),
    ],
)
def test_round_half_up_examples(value: str, expected: str) -> None:
    assert round_half_up(Decimal(value)) == Decimal(expected)


@given(st.integers(-(10**9), 10**9))
def test_round_half_up_takes_halves_away_from_zero(cents: int) -> None:
    away = 1 if cents >= 0 else -1
    halfway = Decimal(cents).scaleb(-2) + Decimal("0.005") * away
    assert round_half_up(halfway) == Decimal(cents + away).scaleb(-2)


@pytest.mark.parametrize(
    ("value", "units"),
    [
        (Decimal(0), 0),
        (Decimal(1), 1_000_000),
        (Decimal("0.0825"), 82_500),
        (Decimal("0.000001"), 1),
    ],
)
def test_rate_accepted(value: Decimal, units: int) -> None:
    rate = parse_rate(value)
    assert rate_to_units(rate) == units
    assert rate_from_units(units) == rate


@pytest.mark.parametrize(
    "value", [Decimal("-0.000001"), Decimal("1.000001"), Decimal(2), Decimal("0.0000001")]
)
def test_rate_refused(value: Decimal) -> None:
    with pytest.raises(InvalidNumber):
        parse_rate(value)


@pytest.mark.parametrize(
    ("value", "units"),
    [
        (Decimal("0.001"), 1),
        (Decimal(1), 1000),
        (Decimal("1.250"), 1250),
        (Decimal(9999), 9_999_000),
    ],
)
def test_quantity_accepted(value: Decimal, units: int) -> None:
    quantity = parse_quantity(value)
    assert quantity_to_units(quantity) == units
    assert quantity_from_units(units) == quantity


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        (Decimal(0), "greater than 0"),
        (Decimal("-1"), "greater than 0"),
        (Decimal("9999.001"), "at most 9999"),
        (Decimal("0.0001"), "3 decimal places"),
        (Decimal("1.2345"), "3 decimal places"),
    ],
)
def test_quantity_refused(value: Decimal, reason: str) -> None:
    with pytest.raises(InvalidNumber, match=reason):
        parse_quantity(value)


@pytest.mark.parametrize(
    ("unit_cents", "quantity_units", "expected"),
    [
        (1000, 1000, 1000),  # 10.00 x 1
        (999, 1500, 1499),  # 9.99 x 1.5 = 14.985 → 14.99
        (1, 500, 1),  # 0.005 → 0.01
        (1, 499, 0),
        (333, 333, 111),  # 3.33 x 0.333 = 1.10889
        (0, 9_999_000, 0),
    ],
)
def test_line_amount_cents(unit_cents: int, quantity_units: int, expected: int) -> None:
    assert line_amount_cents(unit_cents, quantity_units) == expected
