"""A Z read back from its text (``ZReport.read``, issue 52), without a database: the one reader
of a Z's snapshot. Reading then writing gives the stored bytes again; the answers and the
printed Z built from the record are what 1cc47ba built from the snapshot's JSON (its code is
kept below ``# --- as it was``, to compare with)."""

from __future__ import annotations

import json
import uuid
from datetime import date, timedelta
from typing import Any

from hypothesis import assume, given, settings

from brigade.kit.money import from_cents, rate_from_units
from brigade.kit.print_layout import RULE, amount, columns, wrap
from brigade.reports.day_close_routes import XReportOut, ZReportOut, x_out, z_out
from brigade.reports.domain.day_close import ClosedZ, StoredZ, TillFigures, ZReport, x_at, z_text
from brigade.reports.domain.sales import OpenCheck, OpenChecks
from brigade.reports.routes import open_checks_json
from reports.unit.test_day_close import AT, GOLDEN_TEXT, _new_close_day, closings

# --- as it was (1cc47ba: reports/day_close_routes.py figures_json, reports/closing.py z_text) ----


def _old_rates(rates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "id": rate["id"],
            "name": rate["name"],
            "rate": rate_from_units(rate["units"]),
            "net": from_cents(rate["net"]),
            "tax": from_cents(rate["tax"]),
        }
        for rate in rates
    ]


def _old_drawer(drawer: dict[str, Any]) -> dict[str, Any]:
    amounts = ("openingFloat", "expectedAmount", "countedAmount", "variance")
    return drawer | {
        key: None if drawer[key] is None else from_cents(drawer[key]) for key in amounts
    }


def _old_figures_json(figures: dict[str, Any]) -> dict[str, Any]:
    refunds, voids = figures["refunds"], figures["voids"]
    plain = (
        "from",
        "to",
        "currency",
        "orderCount",
        "journalSequence",
        "number",
        "businessDay",
        "forced",
        "reason",
        "lastZ",
    )
    shown: dict[str, Any] = {key: figures[key] for key in plain if key in figures}
    money = ("netSales", "serviceCharges", "tips", "discounts", "rounding", "grandTotal")
    shown |= {key: from_cents(figures[key]) for key in money if key in figures}
    return shown | {
        "taxes": _old_rates(figures["taxes"]),
        "byPaymentMethod": [
            paid | {"amount": from_cents(paid["amount"]), "tips": from_cents(paid["tips"])}
            for paid in figures["byPaymentMethod"]
        ],
        "refunds": {
            "count": refunds["count"],
            "amount": from_cents(refunds["amount"]),
            "tips": from_cents(refunds["tips"]),
            "taxes": _old_rates(refunds["taxes"]),
        },
        "voids": {"count": voids["count"], "amount": from_cents(voids["amount"])},
        "drawers": [_old_drawer(drawer) for drawer in figures["drawers"]],
        "unassignedCash": from_cents(figures["unassignedCash"]),
        # A later addition (cards held for tabs): a Z or an X from before holds none.
        "heldCards": [],
    }


def _old_z_text(z: dict[str, Any], location_name: str | None) -> list[str]:
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


# --- the cases --------------------------------------------------------------------------------


def test_a_z_as_stored_reads_as_its_record_and_writes_the_same_bytes() -> None:
    z = ZReport.read(GOLDEN_TEXT)
    assert z.to_json() == GOLDEN_TEXT
    assert (z.number, z.business_day, z.grand_total_cents) == (2, date(2026, 12, 2), 102350)
    assert (z.start, z.end, z.forced) == (AT - timedelta(days=1), AT, True)
    assert (z.figures.net_sales_cents, z.figures.tips_cents, z.figures.refunds.count) == (
        2350,
        250,
        1,
    )
    assert z.till.drawers[0].variance_cents == -83


@settings(max_examples=200, deadline=None)
@given(closings())
def test_writing_then_reading_any_z_gives_it_back(case: dict[str, Any]) -> None:
    content, text, _ = _new_close_day(case)
    read = ZReport.read(text)
    assert read.to_json() == text
    # The same keys in the same order: what the Z answered as JSON before it was read back.
    assert json.dumps(read.content()) == json.dumps(content)
    assert ZReport.read(read.to_json()) == read


@settings(max_examples=200, deadline=None)
@given(closings())
def test_a_z_answers_and_prints_as_it_did(case: dict[str, Any]) -> None:
    # Before, a drawer counted without a variance could not be printed; none is ever stored.
    drawers = case["drawers"]
    assume(all(d.variance_cents is not None for d in drawers if d.counted_cents is not None))
    snapshot, text, _ = _new_close_day(case)
    read = ZReport.read(text)
    old = ZReportOut.model_validate(_old_figures_json(snapshot))
    assert z_out(read).model_dump_json(by_alias=True) == old.model_dump_json(by_alias=True)
    assert z_text(read, "Quay") == _old_z_text(snapshot, "Quay")


@settings(max_examples=100, deadline=None)
@given(closings())
def test_an_x_answers_as_it_did(case: dict[str, Any]) -> None:
    stored: StoredZ | None = case["previous"]
    x = x_at(
        previous=None if stored is None else ClosedZ.read(stored),
        last_z_sequence=case["head_sequence"],
        entries=case["entries"],
        currency=case["currency"],
        till=TillFigures(tuple(case["drawers"]), case["unassigned_cents"]),
        at=case["at"],
    )
    check = OpenCheck(uuid.UUID(int=7), 7, "T4", 2500, 1000)
    open_checks = OpenChecks(1, 2500, 1000, (check,))
    # The open checks are answered as they were (open_checks_json is unchanged).
    shown = _old_figures_json(x.content()) | {"openChecks": open_checks_json(open_checks)}
    old = XReportOut.model_validate(shown)
    new = x_out(x, open_checks)
    assert new.model_dump_json(by_alias=True) == old.model_dump_json(by_alias=True)
