"""Exact money, rates and quantities.

Amounts travel as ``Decimal`` with at most two places and are stored as integer
cents; rates (tax) as integer millionths; quantities as integer thousandths.
Floats are never accepted: a float has already lost the amount the client meant.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from enum import StrEnum

CENT = Decimal("0.01")
MAX_AMOUNT = Decimal("9999999.99")
RATE_PLACES = 6
RATE_SCALE: int = 10**RATE_PLACES
QUANTITY_PLACES = 3
QUANTITY_SCALE: int = 10**QUANTITY_PLACES
MAX_QUANTITY = Decimal(9999)
# JSON numbers are doubles: past 2**53 cents (90,071,992,547,409.92) an amount's last cent is
# lost on its way out. An order's figures (its lines, totals, payments) stay a ninth of that, so a
# day's report over a few such orders still carries its sums exactly (docs/decisions.md, "Money").
MAX_ORDER_AMOUNT = Decimal(10**13)
MAX_ORDER_CENTS = 10**15


class InvalidNumber(ValueError):
    """A value that is not an acceptable amount, rate or quantity; the message says why."""


def _as_decimal(value: object) -> Decimal:
    # bool is an int subclass; True is not a price.
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise InvalidNumber("must be a number")
    number = Decimal(value)
    if not number.is_finite():
        raise InvalidNumber("must be a finite number")
    return number


def _places(number: Decimal) -> int:
    # From the digits alone: normalize() obeys the decimal context and overflows on 1e1000000.
    _sign, digits, exponent = number.as_tuple()
    if not isinstance(exponent, int):  # "n", "N" or "F": callers check finiteness first
        raise InvalidNumber("must be a finite number")
    if not any(digits):
        return 0
    trailing_zeros = next(count for count, digit in enumerate(reversed(digits)) if digit)
    return max(0, -(exponent + trailing_zeros))


def parse_amount(value: object, *, allow_zero: bool = True) -> Decimal:
    """A money amount from a JSON number: ≥ 0 (or > 0), at most 2 places, bounded."""
    number = _as_decimal(value)
    if _places(number) > 2:
        raise InvalidNumber("must have at most 2 decimal places")
    if number < 0:
        raise InvalidNumber("must not be negative")
    if not allow_zero and number == 0:
        raise InvalidNumber("must be greater than 0")
    if number > MAX_AMOUNT:
        raise InvalidNumber(f"must be at most {MAX_AMOUNT}")
    return number.quantize(CENT)


def parse_rate(value: object) -> Decimal:
    """A fraction in [0, 1] (0.0825 is 8.25 %), at most 6 places."""
    number = _as_decimal(value)
    if _places(number) > RATE_PLACES:
        raise InvalidNumber(f"must have at most {RATE_PLACES} decimal places")
    if not 0 <= number <= 1:
        raise InvalidNumber("must be between 0 and 1")
    return number.normalize() if number else Decimal(0)


def parse_quantity(value: object, *, allow_zero: bool = False) -> Decimal:
    """A quantity > 0 (≥ 0 for a stock level), at most 3 places (weighed items), at most 9999."""
    number = _as_decimal(value)
    if _places(number) > QUANTITY_PLACES:
        raise InvalidNumber(f"must have at most {QUANTITY_PLACES} decimal places")
    if number < 0 or (number == 0 and not allow_zero):
        raise InvalidNumber("must not be negative" if allow_zero else "must be greater than 0")
    if number > MAX_QUANTITY:
        raise InvalidNumber(f"must be at most {MAX_QUANTITY}")
    return number.normalize()


def parse_stock_change(value: object) -> Decimal:
    """A change of stock: a quantity with its sign (negative takes), not 0."""
    number = _as_decimal(value)
    if number == 0:
        raise InvalidNumber("must not be 0")
    # copy_abs is exact: abs() rounds in the context and overflows on 1e999999999.
    size = parse_quantity(number.copy_abs())
    return -size if number.is_signed() else size


def round_half_up(value: Decimal) -> Decimal:
    """Round to the cent, halves away from zero (the till's rounding)."""
    try:
        return value.quantize(CENT, rounding=ROUND_HALF_UP)
    except InvalidOperation as error:  # pragma: no cover - only for absurd magnitudes
        raise InvalidNumber("amount out of range") from error


def to_cents(amount: Decimal) -> int:
    """Integer cents of an amount that already has at most 2 places."""
    cents = amount * 100
    if cents != cents.to_integral_value():
        raise InvalidNumber("must have at most 2 decimal places")
    return int(cents)


def from_cents(cents: int) -> Decimal:
    return (Decimal(cents) / 100).quantize(CENT)


def rate_to_units(rate: Decimal) -> int:
    return int(rate * RATE_SCALE)


def rate_from_units(units: int) -> Decimal:
    return (Decimal(units) / RATE_SCALE).normalize() if units else Decimal(0)


def quantity_to_units(quantity: Decimal) -> int:
    return int(quantity * QUANTITY_SCALE)


def quantity_from_units(units: int) -> Decimal:
    return (Decimal(units) / QUANTITY_SCALE).normalize()


def line_amount_cents(unit_cents: int, quantity_units: int) -> int:
    """(unit price in cents) x quantity, rounded half-up to the cent."""
    exact = Decimal(unit_cents) * quantity_units / QUANTITY_SCALE
    return int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def divide_half_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` to the nearest integer, halves up (both ≥ 0, exact)."""
    return (2 * numerator + denominator) // (2 * denominator)


def round_to_step(cents: int, step_cents: int) -> int:
    """``cents`` to the nearest multiple of ``step_cents``, ties up (cash rounding: 149.97 to
    149.95, 149.98 to 150.00 with a 0.05 step)."""
    return divide_half_up(cents, step_cents) * step_cents if cents >= 0 else cents


def rate_label(units: int) -> str:
    """A rate as people name it: 200_000 is "20%", 82_500 is "8.25%"."""
    return f"{rate_from_units(units * 100):f}%"


class TaxMode(StrEnum):
    EXCLUSIVE = "EXCLUSIVE"
    INCLUSIVE = "INCLUSIVE"
