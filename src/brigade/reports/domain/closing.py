"""The X and Z reports' figures (docs/design.md §18): pure, the standard library and the kit.

A day's figures are the sum of the journal entries since the last Z: SALEs add, REOPENs (a
SALE negated) take away, TIP_ADJUSTs move a sale's tips, REFUNDs and VOIDs are counted apart.
What a Z makes of them, and a Z on paper, are ``day_close.py``'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from brigade.journal.domain import JournalEntry

SALE, REFUND, VOID, REOPEN, TIP_ADJUST = "SALE", "REFUND", "VOID", "REOPEN", "TIP_ADJUST"


@dataclass(slots=True)
class RateSum:
    id: str | None
    name: str
    units: int
    net_cents: int = 0
    tax_cents: int = 0


@dataclass(slots=True)
class MethodSum:
    method: str
    amount_cents: int = 0
    tips_cents: int = 0
    count: int = 0


@dataclass(slots=True)
class RefundSum:
    count: int = 0
    amount_cents: int = 0
    tips_cents: int = 0
    taxes: dict[tuple[str | None, int], RateSum] = field(default_factory=dict)


@dataclass(slots=True)
class DayFigures:
    """What the entries since the last Z add up to, in cents."""

    order_count: int = 0
    net_sales_cents: int = 0
    discounts_cents: int = 0
    service_charges_cents: int = 0
    tips_cents: int = 0
    rounding_cents: int = 0
    taxes: dict[tuple[str | None, int], RateSum] = field(default_factory=dict)
    by_method: dict[str, MethodSum] = field(default_factory=dict)
    refunds: RefundSum = field(default_factory=RefundSum)
    void_count: int = 0
    void_cents: int = 0
    first_at: datetime | None = None
    last_sequence: int = 0


@dataclass(frozen=True, slots=True)
class Entry:
    """A journal entry as the reports read it."""

    sequence: int
    kind: str
    at: datetime
    content: Mapping[str, Any]

    @classmethod
    def of(cls, entry: JournalEntry) -> Entry:
        return cls(entry.sequence, entry.kind.value, entry.at, entry.content)


def _add_rates(rates: dict[tuple[str | None, int], RateSum], given: Iterable[Any]) -> None:
    for rate in given:
        key = (rate["id"], int(rate["units"]))
        found = rates.get(key)
        if found is None:
            found = rates[key] = RateSum(rate["id"], rate["name"], int(rate["units"]))
        found.net_cents += int(rate["net"])
        found.tax_cents += int(rate["tax"])


def _add_payments(methods: dict[str, MethodSum], given: Iterable[Any]) -> None:
    for paid in given:
        found = methods.setdefault(paid["method"], MethodSum(paid["method"]))
        found.amount_cents += int(paid["amount"])
        found.tips_cents += int(paid["tips"])
        found.count += int(paid["count"])


def _add_sale(figures: DayFigures, content: Mapping[str, Any], sign: int) -> None:
    figures.order_count += sign
    figures.net_sales_cents += int(content["netSales"])
    figures.discounts_cents += int(content["discounts"])
    figures.service_charges_cents += int(content["serviceCharges"])
    figures.tips_cents += int(content["tips"])
    figures.rounding_cents += int(content["rounding"])
    _add_rates(figures.taxes, content["taxes"])
    _add_payments(figures.by_method, content["payments"])


def day_figures(entries: Iterable[Entry]) -> DayFigures:
    """The figures of ``entries`` (those after the last Z, in sequence order)."""
    figures = DayFigures()
    for entry in entries:
        if figures.first_at is None:
            figures.first_at = entry.at
        figures.last_sequence = entry.sequence
        content = entry.content
        if entry.kind == SALE:
            _add_sale(figures, content, 1)
        elif entry.kind == REOPEN:
            # A REOPEN holds its SALE's figures negated: the order no longer counts.
            _add_sale(figures, content, -1)
        elif entry.kind == REFUND:
            refunds = figures.refunds
            refunds.count += 1
            refunds.amount_cents += int(content["amount"])
            refunds.tips_cents += int(content["tips"])
            _add_rates(refunds.taxes, content["taxes"])
        elif entry.kind == TIP_ADJUST:
            # A tip changed on a sale: the difference, by its payment's method.
            change = int(content["tips"])
            figures.tips_cents += change
            method = figures.by_method.setdefault(content["method"], MethodSum(content["method"]))
            method.tips_cents += change
        elif entry.kind == VOID:
            figures.void_count += 1
            figures.void_cents += int(content["amount"])
    return figures


def ordered_rates(rates: Mapping[tuple[str | None, int], RateSum]) -> list[RateSum]:
    """Rates as a Z lists them: the highest first, then by name."""
    return sorted(rates.values(), key=lambda rate: (-rate.units, rate.name))


def ordered_methods(methods: Mapping[str, MethodSum]) -> list[MethodSum]:
    return sorted(methods.values(), key=lambda m: m.method)


def _rates(rates: Mapping[tuple[str | None, int], RateSum]) -> list[dict[str, Any]]:
    return [
        {"id": r.id, "name": r.name, "units": r.units, "net": r.net_cents, "tax": r.tax_cents}
        for r in ordered_rates(rates)
    ]


def figures_content(figures: DayFigures) -> dict[str, Any]:
    """The figures as JSON in cents (a Z's journal entry holds them with its number)."""
    return {
        "orderCount": figures.order_count,
        "netSales": figures.net_sales_cents,
        "discounts": figures.discounts_cents,
        "serviceCharges": figures.service_charges_cents,
        "tips": figures.tips_cents,
        "rounding": figures.rounding_cents,
        "taxes": _rates(figures.taxes),
        "byPaymentMethod": [
            {"method": m.method, "amount": m.amount_cents, "tips": m.tips_cents, "count": m.count}
            for m in ordered_methods(figures.by_method)
        ],
        "refunds": {
            "count": figures.refunds.count,
            "amount": figures.refunds.amount_cents,
            "tips": figures.refunds.tips_cents,
            "taxes": _rates(figures.refunds.taxes),
        },
        "voids": {"count": figures.void_count, "amount": figures.void_cents},
    }


def _read_rates(given: Iterable[Mapping[str, Any]]) -> dict[tuple[str | None, int], RateSum]:
    rates: dict[tuple[str | None, int], RateSum] = {}
    _add_rates(rates, given)
    return rates


def read_figures(content: Mapping[str, Any]) -> DayFigures:
    """The figures ``figures_content`` wrote (a Z's, read back): its inverse."""
    refunds, voids = content["refunds"], content["voids"]
    by_method: dict[str, MethodSum] = {}
    _add_payments(by_method, content["byPaymentMethod"])
    return DayFigures(
        order_count=int(content["orderCount"]),
        net_sales_cents=int(content["netSales"]),
        discounts_cents=int(content["discounts"]),
        service_charges_cents=int(content["serviceCharges"]),
        tips_cents=int(content["tips"]),
        rounding_cents=int(content["rounding"]),
        taxes=_read_rates(content["taxes"]),
        by_method=by_method,
        refunds=RefundSum(
            int(refunds["count"]),
            int(refunds["amount"]),
            int(refunds["tips"]),
            _read_rates(refunds["taxes"]),
        ),
        void_count=int(voids["count"]),
        void_cents=int(voids["amount"]),
    )
