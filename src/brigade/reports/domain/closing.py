"""The X and Z reports' figures (docs/design.md §18): pure, the standard library and the kit.

A day's figures are the sum of the journal entries since the last Z: SALEs add, REOPENs (a
SALE negated) take away, TIP_ADJUSTs move a sale's tips, REFUNDs and VOIDs are counted apart.
Each entry is read as the journal's typed record (journal/notes.py, ``read_note``), whichever
version it was written as: no key of an entry's content is read here. What a Z makes of them,
and a Z on paper, are ``day_close.py``'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from brigade.journal.domain import JournalEntry
from brigade.journal.notes import (
    EntryKind,
    MethodFigures,
    RateFigures,
    RefundNote,
    ReopenNote,
    SaleFigures,
    SaleNote,
    TipAdjustNote,
    VoidNote,
    read_note,
)

# The kinds a day's figures count (a Z's content is the reports' own: ``read_figures``).
_COUNTED: frozenset[str] = frozenset(
    {EntryKind.SALE, EntryKind.REOPEN, EntryKind.REFUND, EntryKind.TIP_ADJUST, EntryKind.VOID}
)


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
    """A journal entry as the reports read it: its content as written (``read_note`` reads
    it as its kind's record)."""

    sequence: int
    kind: str
    at: datetime
    content_text: str

    @classmethod
    def of(cls, entry: JournalEntry) -> Entry:
        return cls(entry.sequence, entry.kind.value, entry.at, entry.content_text)


def _add_rate(
    rates: dict[tuple[str | None, int], RateSum],
    rate_id: str | None,
    name: str,
    units: int,
    net_cents: int,
    tax_cents: int,
) -> None:
    found = rates.get((rate_id, units))
    if found is None:
        found = rates[(rate_id, units)] = RateSum(rate_id, name, units)
    found.net_cents += net_cents
    found.tax_cents += tax_cents


def _add_rates(rates: dict[tuple[str | None, int], RateSum], given: Iterable[RateFigures]) -> None:
    for rate in given:
        rate_id = None if rate.id is None else str(rate.id)
        _add_rate(rates, rate_id, rate.name, rate.units, rate.net_cents, rate.tax_cents)


def _add_method(
    methods: dict[str, MethodSum], method: str, amount_cents: int, tips_cents: int, count: int
) -> None:
    found = methods.get(method)
    if found is None:
        found = methods[method] = MethodSum(method)
    found.amount_cents += amount_cents
    found.tips_cents += tips_cents
    found.count += count


def _add_sale(figures: DayFigures, sale: SaleFigures, sign: int) -> None:
    figures.order_count += sign
    figures.net_sales_cents += sale.net_sales_cents
    figures.discounts_cents += sale.discounts_cents
    figures.service_charges_cents += sale.service_charges_cents
    figures.tips_cents += sale.tips_cents
    figures.rounding_cents += sale.rounding_cents
    _add_rates(figures.taxes, sale.taxes)
    _add_payments(figures.by_method, sale.payments)


def _add_payments(methods: dict[str, MethodSum], given: Iterable[MethodFigures]) -> None:
    for paid in given:
        _add_method(methods, paid.method, paid.amount_cents, paid.tips_cents, paid.count)


def _add_refund(refunds: RefundSum, refund: RefundNote) -> None:
    refunds.count += 1
    refunds.amount_cents += refund.amount_cents
    refunds.tips_cents += refund.tips_cents
    _add_rates(refunds.taxes, refund.taxes)


def day_figures(entries: Iterable[Entry]) -> DayFigures:
    """The figures of ``entries`` (those after the last Z, in sequence order)."""
    figures = DayFigures()
    for entry in entries:
        if figures.first_at is None:
            figures.first_at = entry.at
        figures.last_sequence = entry.sequence
        if entry.kind not in _COUNTED:
            continue
        note = read_note(entry.kind, entry.content_text)
        if isinstance(note, SaleNote):
            _add_sale(figures, note.figures, 1)
        elif isinstance(note, ReopenNote):
            # A REOPEN holds its SALE's figures negated: the order no longer counts.
            _add_sale(figures, note.figures, -1)
        elif isinstance(note, RefundNote):
            _add_refund(figures.refunds, note)
        elif isinstance(note, TipAdjustNote):
            # A tip changed on a sale: the difference, by its payment's method.
            figures.tips_cents += note.tips_cents
            _add_method(figures.by_method, note.method, 0, note.tips_cents, 0)
        elif isinstance(note, VoidNote):
            figures.void_count += 1
            figures.void_cents += note.amount_cents
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
    for rate in given:
        net, tax = int(rate["net"]), int(rate["tax"])
        _add_rate(rates, rate["id"], rate["name"], int(rate["units"]), net, tax)
    return rates


def read_figures(content: Mapping[str, Any]) -> DayFigures:
    """The figures ``figures_content`` wrote (a Z's, read back): its inverse. A Z's content is
    the reports' own record, not one of the journal's notes."""
    refunds, voids = content["refunds"], content["voids"]
    by_method: dict[str, MethodSum] = {}
    for paid in content["byPaymentMethod"]:
        amount, tips, count = int(paid["amount"]), int(paid["tips"]), int(paid["count"])
        _add_method(by_method, paid["method"], amount, tips, count)
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
