"""The sales report: what a location sold, collected and gave back over business days.

Only COMPLETED orders are sales, counted on the business day (in the location's timezone)
of their completion. A line's net sales is its total less its share of the order discount,
spread by the same largest-remainder rule as the order's own totals, so categories,
products, hours, order types and staff all add up to the report's net sales to the cent.
Money is reported the day it is taken: every payment taken within the days counts in the
tenders, whatever its check's state now, and the checks still open are shown apart.
Refunds are reported on the day they were given and never netted out of the sales.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import TypeVar
from uuid import UUID
from zoneinfo import ZoneInfo

from brigade.kit.currencies import DEFAULT_CURRENCY
from brigade.kit.errors import InvalidInput
from brigade.kit.money import TaxMode, from_cents, quantity_from_units, round_half_up
from brigade.orders.domain.records import OrderCharge
from brigade.orders.domain.states import OrderType
from brigade.orders.domain.totals import RateTotal, TaxRateRef, allocate

MAX_REPORT_DAYS = 366
HOURS_IN_A_DAY = 24


def check_report_days(first: date, last: date) -> None:
    """``first``..``last`` inclusive, in order, at most ``MAX_REPORT_DAYS`` days."""
    if last < first:
        raise InvalidInput("to", "must not be before from")
    if (last - first).days + 1 > MAX_REPORT_DAYS:
        raise InvalidInput("to", f"at most {MAX_REPORT_DAYS} days from from, both included")


def business_window(first: date, last: date, timezone: str) -> tuple[datetime, datetime]:
    """The UTC instants where business day ``first`` starts and the day after ``last``
    starts, in ``timezone`` (a day of 23 or 25 hours across a DST change is still a day)."""
    zone = ZoneInfo(timezone)
    start = datetime.combine(first, time.min, tzinfo=zone)
    end = datetime.combine(last + timedelta(days=1), time.min, tzinfo=zone)
    return start.astimezone(UTC), end.astimezone(UTC)


@dataclass(frozen=True, slots=True)
class SoldOrder:
    """A completed order as the report reads it; ``subtotal_cents`` is its live lines' total."""

    id: UUID
    order_type: str
    guest_count: int | None
    subtotal_cents: int
    discount_cents: int
    tax_cents: int
    completed_at: datetime
    staff_id: UUID | None
    staff_name: str | None
    taxes: tuple[RateTotal, ...] = ()
    service_charges: tuple[OrderCharge, ...] = ()
    rounding_cents: int = 0
    tax_mode: TaxMode = TaxMode.EXCLUSIVE

    def charges(self) -> list[tuple[OrderCharge, int]]:
        """The service charges that applied to the order, each with what it came to."""
        kind = OrderType(self.order_type)
        base = self.subtotal_cents - self.discount_cents
        return [
            (charge, charge.charge().cents(base))
            for charge in self.service_charges
            if charge.applies(self.guest_count, kind)
        ]


@dataclass(frozen=True, slots=True)
class ProductSold:
    """How much of a product the orders sold, and for how much before any discount."""

    product_id: UUID
    name: str
    category_id: UUID | None
    category_name: str | None
    quantity_units: int
    total_cents: int


@dataclass(frozen=True, slots=True)
class DiscountedLine:
    """A live item of a discounted order: its share of the discount is worked out here."""

    order_id: UUID
    sold: ProductSold


@dataclass(frozen=True, slots=True)
class PricedLine:
    """A live item of an INCLUSIVE order with a taxed service charge, as the order shares its
    tax between lines and charges: its amount as priced (gross) and its rate."""

    order_id: UUID
    amount_cents: int
    tax: TaxRateRef


@dataclass(frozen=True, slots=True)
class PaymentTotal:
    """The payments of one method taken on the checks of one server (``staff_id``)."""

    method: str
    staff_id: UUID | None
    count: int
    amount_cents: int
    tip_cents: int


@dataclass(frozen=True, slots=True)
class SalesFacts:
    """What the database sums up for the report; only discounted orders come line by line,
    since only they need the discount spread over their lines."""

    orders: Sequence[SoldOrder]
    undiscounted_products: Sequence[ProductSold]
    discounted_lines: Sequence[DiscountedLine]
    void_count: int
    void_cents: int
    payments: Sequence[PaymentTotal]
    refunded_cents: int
    open_checks: OpenChecks
    # In load order (created, then id), like the discounted lines.
    charged_lines: Sequence[PricedLine] = ()


@dataclass(frozen=True, slots=True)
class OpenCheck:
    """A check still open (DRAFT or OPEN): its total and what its payments paid, tips apart."""

    id: UUID
    number: int
    table: str | None
    total_cents: int
    paid_cents: int


@dataclass(frozen=True, slots=True)
class OpenChecks:
    """The checks still open that a report shows apart: how many, their totals and payments
    added up, and the first ``MAX_OPEN_CHECKS_LISTED`` of them by number."""

    count: int = 0
    total_cents: int = 0
    paid_cents: int = 0
    checks: tuple[OpenCheck, ...] = ()


# A day has tens of open checks; a location that forgets hundreds gets the first ones listed
# and the exact count.
MAX_OPEN_CHECKS_LISTED = 100


@dataclass(slots=True)
class Tally:
    """Counts and sums of one group of a breakdown."""

    count: int = 0
    quantity_units: int = 0
    amount_cents: int = 0
    net_cents: int = 0
    tips_cents: int = 0
    name: str | None = None


@dataclass(slots=True)
class RateTally:
    """One tax rate over the orders: what was taxed at it, net of tax, and its tax."""

    tax: TaxRateRef
    net_cents: int = 0
    tax_cents: int = 0


@dataclass(slots=True)
class ChargeTally:
    name: str
    count: int = 0
    amount_cents: int = 0


@dataclass(frozen=True, slots=True)
class SalesReport:
    first: date
    last: date
    timezone: str
    order_count: int
    covers: int
    gross_cents: int
    discount_cents: int
    tax_cents: int
    tips_cents: int
    collected_cents: int
    refunded_cents: int
    # Keys: payment method, order type, category id, hour 0..23, product id, staff id.
    by_payment_method: dict[str, Tally]
    by_order_type: dict[str, Tally]
    by_category: dict[UUID | None, Tally]
    by_hour: dict[int, Tally]
    product_mix: dict[UUID, Tally]
    voids: Tally
    by_staff: dict[UUID | None, Tally]
    currency: str = DEFAULT_CURRENCY
    # By rate, as on the orders; by service charge; the cash rounding their payments settled.
    taxes: tuple[RateTally, ...] = ()
    service_charges: dict[UUID, ChargeTally] = field(default_factory=dict)
    rounding_cents: int = 0
    # Net sales less the tax in them: the same as net sales for EXCLUSIVE orders.
    net_of_tax_cents: int = 0
    open_checks: OpenChecks = OpenChecks()

    @property
    def net_cents(self) -> int:
        return self.gross_cents - self.discount_cents

    @property
    def average_check(self) -> Decimal:
        """Net sales per order, half-up to the cent; 0 with no order."""
        if not self.order_count:
            return Decimal("0.00")
        return round_half_up(from_cents(self.net_cents) / self.order_count)


def quantity(tally: Tally) -> Decimal:
    return quantity_from_units(tally.quantity_units)


Key = TypeVar("Key")


def _tally(groups: dict[Key, Tally], key: Key, name: str | None = None) -> Tally:
    """The group ``key`` of a breakdown, made (with ``name``) the first time it is met."""
    found = groups.get(key)
    if found is None:
        found = groups[key] = Tally(name=name)
    return found


def _sold(groups: dict[Key, Tally], key: Key, name: str | None, units: int, net: int) -> None:
    tally = _tally(groups, key, name)
    tally.quantity_units += units
    tally.net_cents += net


def _taxes(orders: Sequence[SoldOrder]) -> tuple[RateTally, ...]:
    """The orders' tax per rate added up, rate by rate (a rate is its id and its number)."""
    rates: dict[tuple[UUID | None, int], RateTally] = {}
    for order in orders:
        for rate in order.taxes:
            key = (rate.tax.id, rate.tax.units)
            tally = rates.get(key)
            if tally is None:
                tally = rates[key] = RateTally(rate.tax)
            tally.net_cents += rate.net_cents
            tally.tax_cents += rate.tax_cents
    return tuple(sorted(rates.values(), key=lambda tally: (-tally.tax.units, tally.tax.label)))


def _service_charges(orders: Sequence[SoldOrder]) -> dict[UUID, ChargeTally]:
    charges: dict[UUID, ChargeTally] = {}
    for order in orders:
        for charge, cents in order.charges():
            tally = charges.setdefault(charge.service_charge_id, ChargeTally(charge.name))
            tally.count += 1
            tally.amount_cents += cents
    return charges


def _tax_in_lines(order: SoldOrder, lines: Sequence[PricedLine]) -> int:
    """The part of an INCLUSIVE order's tax that its lines hold (the rest is its service
    charges'): each rate's tax shared over what is taxed at it as the order's totals share it,
    lines first then charges, by largest remainder (orders/domain/totals.py)."""
    # A charge that came to nothing holds no share of any tax (its lines are not read then).
    charges = [
        (charge.tax, cents)
        for charge, cents in order.charges()
        if charge.tax is not None and cents > 0
    ]
    if not charges:
        return order.tax_cents
    discounts = allocate(order.discount_cents, [line.amount_cents for line in lines])
    taxed = [
        (line.tax, line.amount_cents - share) for line, share in zip(lines, discounts, strict=True)
    ]
    in_lines = 0
    for rate in order.taxes:
        line_amounts = [cents for tax, cents in taxed if tax.key == rate.tax.key]
        charge_amounts = [cents for tax, cents in charges if tax.key == rate.tax.key]
        parts = allocate(rate.tax_cents, line_amounts + charge_amounts)
        in_lines += sum(parts[: len(line_amounts)])
    return in_lines


def _net_of_tax(orders: Sequence[SoldOrder], charged_lines: Sequence[PricedLine]) -> int:
    """The orders' net sales less the tax in them: an INCLUSIVE order's lines hold theirs; an
    EXCLUSIVE order's tax is on top of its net sales."""
    lines_of: dict[UUID, list[PricedLine]] = {}
    for line in charged_lines:
        lines_of.setdefault(line.order_id, []).append(line)
    net = 0
    for order in orders:
        net += order.subtotal_cents - order.discount_cents
        if order.tax_mode is TaxMode.INCLUSIVE:
            net -= _tax_in_lines(order, lines_of.get(order.id, []))
    return net


def sales_report(
    first: date,
    last: date,
    timezone: str,
    facts: SalesFacts,
    currency: str = DEFAULT_CURRENCY,
) -> SalesReport:
    """The report over ``facts``: the orders completed within the days and what they sold,
    the payments taken and the refunds given within the days, and the checks still open."""
    by_category: dict[UUID | None, Tally] = {}
    product_mix: dict[UUID, Tally] = {}

    def sold(product: ProductSold, net_cents: int) -> None:
        units = product.quantity_units
        _sold(by_category, product.category_id, product.category_name, units, net_cents)
        _sold(product_mix, product.product_id, product.name, units, net_cents)

    for product in facts.undiscounted_products:
        sold(product, product.total_cents)
    discount_of = {order.id: order.discount_cents for order in facts.orders}
    lines_of: dict[UUID, list[ProductSold]] = {}
    for line in facts.discounted_lines:
        lines_of.setdefault(line.order_id, []).append(line.sold)
    for order_id, lines in lines_of.items():
        shares = allocate(discount_of[order_id], [product.total_cents for product in lines])
        for product, share in zip(lines, shares, strict=True):
            sold(product, product.total_cents - share)

    zone = ZoneInfo(timezone)
    by_order_type: dict[str, Tally] = {}
    by_hour = {hour: Tally() for hour in range(HOURS_IN_A_DAY)}
    by_staff: dict[UUID | None, Tally] = {}
    for order in facts.orders:
        hour = order.completed_at.astimezone(zone).hour
        for tally in (
            _tally(by_order_type, order.order_type),
            by_hour[hour],
            _tally(by_staff, order.staff_id, order.staff_name),
        ):
            tally.count += 1
            tally.net_cents += order.subtotal_cents - order.discount_cents
    by_payment_method: dict[str, Tally] = {}
    for paid in facts.payments:
        method = _tally(by_payment_method, paid.method)
        method.count += paid.count
        method.amount_cents += paid.amount_cents
        method.tips_cents += paid.tip_cents
        _tally(by_staff, paid.staff_id).tips_cents += paid.tip_cents
    tips = sum(paid.tip_cents for paid in facts.payments)
    return SalesReport(
        first=first,
        last=last,
        timezone=timezone,
        order_count=len(facts.orders),
        covers=sum(order.guest_count or 0 for order in facts.orders),
        gross_cents=sum(order.subtotal_cents for order in facts.orders),
        discount_cents=sum(order.discount_cents for order in facts.orders),
        tax_cents=sum(order.tax_cents for order in facts.orders),
        tips_cents=tips,
        collected_cents=sum(paid.amount_cents for paid in facts.payments) + tips,
        refunded_cents=facts.refunded_cents,
        by_payment_method=by_payment_method,
        by_order_type=by_order_type,
        by_category=by_category,
        by_hour=by_hour,
        product_mix=product_mix,
        voids=Tally(count=facts.void_count, amount_cents=facts.void_cents),
        by_staff=by_staff,
        currency=currency,
        taxes=_taxes(facts.orders),
        service_charges=_service_charges(facts.orders),
        rounding_cents=sum(order.rounding_cents for order in facts.orders),
        net_of_tax_cents=_net_of_tax(facts.orders, facts.charged_lines),
        open_checks=facts.open_checks,
    )


# What a spreadsheet reads as the start of a formula (=, +, -, @) or of a hidden one (tab, CR).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def inert_text(text: str) -> str:
    """A text cell of an export as a spreadsheet shows it and never runs: one starting like a
    formula gets a leading ``'`` (OWASP's CSV injection rule). Numbers are not text: money
    such as -1.50 stays a number, written by the caller as one."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text
