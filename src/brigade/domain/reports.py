"""The sales report: what a location sold, collected and gave back over business days.

Only COMPLETED orders are sales, counted on the business day (in the location's timezone)
of their completion. A line's net sales is its total less its share of the order discount,
spread by the same largest-remainder rule as the order's own totals, so categories,
products, hours, order types and staff all add up to the report's net sales to the cent.
Refunds are reported on the day they were given and never netted out of the sales.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import TypeVar
from uuid import UUID
from zoneinfo import ZoneInfo

from brigade.domain.errors import InvalidInput
from brigade.domain.money import from_cents, quantity_from_units, round_half_up
from brigade.domain.totals import allocate

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
    """A completed order as the report reads it."""

    id: UUID
    order_type: str
    guest_count: int | None
    discount_cents: int
    tax_cents: int
    completed_at: datetime
    staff_id: UUID | None
    staff_name: str | None


@dataclass(frozen=True, slots=True)
class SoldLine:
    """An item of a completed order; voided ones count as voids, not sales."""

    order_id: UUID
    product_id: UUID
    name: str
    category_id: UUID | None
    category_name: str | None
    quantity_units: int
    total_cents: int
    voided: bool


@dataclass(frozen=True, slots=True)
class TakenPayment:
    order_id: UUID
    method: str
    amount_cents: int
    tip_cents: int


@dataclass(frozen=True, slots=True)
class GivenBack:
    """A refund given on one of the report's days (a cancellation's or a completed order's)."""

    amount_cents: int
    tip_cents: int


@dataclass(slots=True)
class Tally:
    """Counts and sums of one group of a breakdown."""

    count: int = 0
    quantity_units: int = 0
    amount_cents: int = 0
    net_cents: int = 0
    tips_cents: int = 0
    name: str | None = None


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


def sales_report(
    first: date,
    last: date,
    timezone: str,
    orders: Sequence[SoldOrder],
    lines: Iterable[SoldLine],
    payments: Iterable[TakenPayment],
    refunds: Iterable[GivenBack],
) -> SalesReport:
    """The report over ``orders`` (completed within the days) with their lines and payments,
    and the refunds given within the days."""
    zone = ZoneInfo(timezone)
    live: dict[UUID, list[SoldLine]] = {order.id: [] for order in orders}
    voids = Tally()
    for line in lines:
        if line.voided:
            voids.count += 1
            voids.amount_cents += line.total_cents
        else:
            live[line.order_id].append(line)

    by_category: dict[UUID | None, Tally] = {}
    product_mix: dict[UUID, Tally] = {}
    by_order_type: dict[str, Tally] = {}
    by_hour = {hour: Tally() for hour in range(HOURS_IN_A_DAY)}
    by_staff: dict[UUID | None, Tally] = {}
    gross = covers = 0
    for order in orders:
        order_lines = live[order.id]
        shares = allocate(order.discount_cents, [line.total_cents for line in order_lines])
        order_net = 0
        for line, share in zip(order_lines, shares, strict=True):
            net = line.total_cents - share
            order_net += net
            gross += line.total_cents
            for tally in (
                _tally(by_category, line.category_id, line.category_name),
                _tally(product_mix, line.product_id, line.name),
            ):
                tally.quantity_units += line.quantity_units
                tally.net_cents += net
        covers += order.guest_count or 0
        hour = order.completed_at.astimezone(zone).hour
        for tally in (
            _tally(by_order_type, order.order_type),
            by_hour[hour],
            _tally(by_staff, order.staff_id, order.staff_name),
        ):
            tally.count += 1
            tally.net_cents += order_net

    by_payment_method: dict[str, Tally] = {}
    staff_of = {order.id: order.staff_id for order in orders}
    collected = tips = 0
    for payment in payments:
        tally = _tally(by_payment_method, payment.method)
        tally.count += 1
        tally.amount_cents += payment.amount_cents
        tally.tips_cents += payment.tip_cents
        collected += payment.amount_cents + payment.tip_cents
        tips += payment.tip_cents
        _tally(by_staff, staff_of[payment.order_id]).tips_cents += payment.tip_cents
    return SalesReport(
        first=first,
        last=last,
        timezone=timezone,
        order_count=len(orders),
        covers=covers,
        gross_cents=gross,
        discount_cents=sum(order.discount_cents for order in orders),
        tax_cents=sum(order.tax_cents for order in orders),
        tips_cents=tips,
        collected_cents=collected,
        refunded_cents=sum(refund.amount_cents + refund.tip_cents for refund in refunds),
        by_payment_method=by_payment_method,
        by_order_type=by_order_type,
        by_category=by_category,
        by_hour=by_hour,
        product_mix=product_mix,
        voids=voids,
        by_staff=by_staff,
    )
