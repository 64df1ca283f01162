"""The X and Z reports' figures (docs/design.md §18): pure, the standard library and the kit.

A day's figures are the sum of the journal entries since the last Z: SALEs add, REOPENs (a
SALE negated) take away, TIP_ADJUSTs move a sale's tips, REFUNDs and VOIDs are counted apart.
What a Z makes of them is ``day_close.py``'s; a Z on paper is ``z_text``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from brigade.journal.domain import JournalEntry
from brigade.kit.print_layout import RULE, amount, columns, wrap

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


def _rates(rates: Mapping[tuple[str | None, int], RateSum]) -> list[dict[str, Any]]:
    ordered = sorted(rates.values(), key=lambda rate: (-rate.units, rate.name))
    return [
        {"id": r.id, "name": r.name, "units": r.units, "net": r.net_cents, "tax": r.tax_cents}
        for r in ordered
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
            for m in sorted(figures.by_method.values(), key=lambda m: m.method)
        ],
        "refunds": {
            "count": figures.refunds.count,
            "amount": figures.refunds.amount_cents,
            "tips": figures.refunds.tips_cents,
            "taxes": _rates(figures.refunds.taxes),
        },
        "voids": {"count": figures.void_count, "amount": figures.void_cents},
    }


def z_text(z: dict[str, Any], location_name: str | None) -> list[str]:
    """A Z on 42 columns, for a receipt printer."""
    out: list[str] = []
    if location_name:
        out += [line.center(42).rstrip() for line in wrap(location_name)]
    out += [f"Z REPORT #{z['number']}", f"Business day {z['businessDay']}"]
    out += wrap(f"{z['from'][:16]} to {z['to'][:16]} UTC")
    if z["forced"]:
        out += wrap(f"FORCED: {z['reason']}")
    out.append(RULE)
    out += columns("Orders", str(z["orderCount"]))
    for label, key in (
        ("Net sales", "netSales"),
        ("Discounts", "discounts"),
        ("Service charges", "serviceCharges"),
        ("Tips", "tips"),
        ("Rounding", "rounding"),
    ):
        out += columns(label, amount(z[key]))
    out.append(RULE)
    for rate in z["taxes"]:
        out += columns(f"Tax {rate['name']}", amount(rate["tax"]))
    for paid in z["byPaymentMethod"]:
        out += columns(f"{paid['method']} x{paid['count']}", amount(paid["amount"]))
    out.append(RULE)
    refunds, voids = z["refunds"], z["voids"]
    out += columns(f"Refunds x{refunds['count']}", amount(refunds["amount"]))
    out += columns(f"Voids x{voids['count']}", amount(voids["amount"]))
    out.append(RULE)
    for number, drawer in enumerate(z["drawers"], start=1):
        out += columns(f"Drawer {number} float", amount(drawer["openingFloat"]))
        out += columns("  Expected", amount(drawer["expectedAmount"]))
        if drawer["countedAmount"] is None:
            out += columns("  Counted", "still open")
        else:
            out += columns("  Counted", amount(drawer["countedAmount"]))
            out += columns("  Variance", amount(drawer["variance"]))
    if z["unassignedCash"]:
        out += columns("Cash in no drawer", amount(z["unassignedCash"]))
    if z["drawers"] or z["unassignedCash"]:
        out.append(RULE)
    out += columns(f"GRAND TOTAL {z['currency']}", amount(z["grandTotal"]))
    out += columns("Journal sequence", str(z["journalSequence"]))
    return out
