"""The journal's hash chain and the X and Z figures, without a database."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import uuid
from datetime import UTC, datetime

from brigade.journal.domain import (
    GENESIS_HASH,
    HASH_VERSION,
    EntryKind,
    Head,
    JournalEntry,
    NewEntry,
    StoredRow,
    canonical,
    entry_hash,
    sealed,
    verify_chain,
)
from brigade.reports.domain.closing import Entry, day_figures, figures_content
from brigade.reports.domain.day_close import TillFigures, ZReport, z_text
from brigade.till.domain import DrawerSummary

LOCATION = uuid.UUID("0196a1b2-0000-7000-8000-000000000001")
AT = datetime(2026, 12, 1, 22, 30, 0, 123456, tzinfo=UTC)


ORDER = uuid.UUID("0196a1b2-0000-7000-8000-0000000000aa")


def _stored(entry: JournalEntry, version: int = HASH_VERSION) -> StoredRow:
    return StoredRow(
        entry.sequence,
        entry.kind.value,
        entry.at,
        entry.content_text,
        entry.previous_hash,
        entry.hash,
        entry.order_id,
        version,
    )


def _chain(count: int) -> list[StoredRow]:
    rows, previous = [], GENESIS_HASH
    for sequence in range(1, count + 1):
        sale = NewEntry(EntryKind.SALE, {"netSales": sequence}, ORDER)
        entry = sealed(LOCATION, sequence, sale, AT, previous)
        rows.append(_stored(entry))
        previous = entry.hash
    return rows


def test_the_hash_is_sha256_of_the_canonical_serialization() -> None:
    entry = sealed(
        LOCATION,
        1,
        NewEntry(EntryKind.SALE, {"b": 2, "a": [1, {"d": 1, "c": 0}]}),
        AT,
        GENESIS_HASH,
    )
    canonical = json.dumps(
        {
            "at": "2026-12-01T22:30:00.123456+00:00",
            "content": {"a": [1, {"c": 0, "d": 1}], "b": 2},
            "kind": "SALE",
            "locationId": str(LOCATION),
            "orderId": None,
            "previousHash": "0" * 64,
            "sequence": 1,
        },
        sort_keys=True,
        separators=(",", ":"),
    )
    assert entry.hash == hashlib.sha256(canonical.encode()).hexdigest()
    assert entry.content_text == '{"a":[1,{"c":0,"d":1}],"b":2}'


def test_a_whole_chain_verifies() -> None:
    rows = _chain(5)
    found = verify_chain(LOCATION, rows, Head(5, rows[-1].hash))
    assert (found.ok, found.entries, found.first_broken_sequence) == (True, 5, None)
    assert verify_chain(LOCATION, [], None).ok


def test_a_changed_row_breaks_it_there() -> None:
    rows = _chain(5)
    rows[2] = dataclasses.replace(rows[2], content_text='{"netSales":300}')
    assert verify_chain(LOCATION, rows, Head(5, rows[-1].hash)).first_broken_sequence == 3


def test_a_changed_or_nulled_order_or_kind_breaks_it_there() -> None:
    """The probe: the order an entry names was not hashed."""
    for changed in ({"order_id": uuid.uuid4()}, {"order_id": None}, {"kind": "REFUND"}):
        rows = _chain(5)
        rows[1] = dataclasses.replace(rows[1], **changed)
        assert verify_chain(LOCATION, rows, Head(5, rows[-1].hash)).first_broken_sequence == 2
    # Nor does calling a newer row an older one leave its order out.
    rows = _chain(5)
    rows[1] = dataclasses.replace(rows[1], version=1, order_id=None)
    assert verify_chain(LOCATION, rows, Head(5, rows[-1].hash)).first_broken_sequence == 2


def test_the_rows_from_before_the_order_was_hashed_still_verify() -> None:
    """Version 1 rows (before issue 51) hash without their order; the chain goes on after."""
    old = NewEntry(EntryKind.SALE, {"netSales": 1}, ORDER)
    first = sealed(LOCATION, 1, old, AT, GENESIS_HASH)
    unsealed_text = first.content_text
    v1_hash = entry_hash(
        location_id=LOCATION,
        sequence=1,
        kind="SALE",
        at=AT,
        content_text=unsealed_text,
        order_id=ORDER,
        previous_hash=GENESIS_HASH,
        version=1,
    )
    v1 = dataclasses.replace(_stored(first, version=1), hash=v1_hash)
    second = sealed(LOCATION, 2, NewEntry(EntryKind.SALE, {"netSales": 2}, ORDER), AT, v1_hash)
    rows = [v1, _stored(second)]
    assert verify_chain(LOCATION, rows, Head(2, second.hash)).ok
    # A version 2 row after which a version 1 row comes is a rewrite.
    assert not verify_chain(LOCATION, [rows[1], rows[0]], Head(2, v1_hash)).ok


def test_a_deleted_row_breaks_it_at_the_gap() -> None:
    rows = _chain(5)
    del rows[1]
    assert verify_chain(LOCATION, rows, Head(5, rows[-1].hash)).first_broken_sequence == 2


def test_a_deleted_last_row_or_a_changed_counter_breaks_it() -> None:
    rows = _chain(5)
    assert verify_chain(LOCATION, rows[:4], Head(5, rows[-1].hash)).first_broken_sequence == 5
    assert verify_chain(LOCATION, rows, Head(3, rows[2].hash)).first_broken_sequence == 4
    assert verify_chain(LOCATION, rows, Head(5, GENESIS_HASH)).first_broken_sequence == 5


def _sale(sequence: int, net: int, method: str, sign: int = 1) -> Entry:
    content = {
        ("reverses" if sign < 0 else "orderNumber"): sequence,
        "netSales": sign * net,
        "discounts": 0,
        "serviceCharges": 0,
        "tips": sign * 100,
        "rounding": 0,
        "taxes": [
            {"id": None, "name": "10%", "units": 100000, "net": sign * net, "tax": sign * net // 10}
        ],
        "payments": [
            {"method": method, "amount": sign * net * 11 // 10, "tips": sign * 100, "count": sign}
        ],
    }
    return Entry(sequence, "REOPEN" if sign < 0 else "SALE", AT, canonical(content))


def test_the_days_figures_add_sales_and_take_reopens_off() -> None:
    refund = {"refundId": str(uuid.uuid4()), "amount": 500, "tips": 0, "taxes": [], "payments": []}
    entries = [
        _sale(1, 1000, "CARD"),
        _sale(2, 2000, "CASH"),
        _sale(3, 1000, "CARD", sign=-1),
        Entry(4, "REFUND", AT, canonical(refund)),
        Entry(5, "VOID", AT, canonical({"cause": "item_voided", "amount": 300})),
    ]
    figures = figures_content(day_figures(entries))
    assert (figures["orderCount"], figures["netSales"], figures["tips"]) == (1, 2000, 100)
    assert figures["byPaymentMethod"] == [
        {"method": "CARD", "amount": 0, "tips": 0, "count": 0},
        {"method": "CASH", "amount": 2200, "tips": 100, "count": 1},
    ]
    assert figures["taxes"] == [
        {"id": None, "name": "10%", "units": 100000, "net": 2000, "tax": 200}
    ]
    assert figures["refunds"] == {"count": 1, "amount": 500, "tips": 0, "taxes": []}
    assert figures["voids"] == {"count": 1, "amount": 300}


def test_a_z_holds_and_prints_its_drawers_and_the_cash_no_drawer_took() -> None:
    closed = DrawerSummary(uuid.uuid4(), None, AT, AT, 20000, 21350, 20700, -650)
    still_open = DrawerSummary(uuid.uuid4(), uuid.uuid4(), AT, None, 5000, 5000, None, None)
    till = TillFigures((closed, still_open), 3000)
    drawers_held = till.content()["drawers"]
    assert [(d["expectedAmount"], d["countedAmount"], d["variance"]) for d in drawers_held] == [
        (21350, 20700, -650),
        (5000, None, None),
    ]
    z = ZReport(
        number=1,
        business_day=AT.date(),
        start=AT,
        end=AT,
        currency="EUR",
        figures=day_figures([_sale(1, 1000, "CASH")]),
        till=till,
        grand_total_cents=1000,
        journal_sequence=2,
        forced=False,
        reason=None,
    )
    printed = [" ".join(line.split()) for line in z_text(z, "Quay")]
    drawers = printed[printed.index("Drawer 1 float 200.00") :]
    assert drawers[:8] == [
        "Drawer 1 float 200.00",
        "Expected 213.50",
        "Counted 207.00",
        "Variance -6.50",
        "Drawer 2 float 50.00",
        "Expected 50.00",
        "Counted still open",
        "Cash in no drawer 30.00",
    ]
