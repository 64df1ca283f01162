"""Closing the day (docs/design.md §18): ``DayClose`` answers the Z that ``close_day`` answered
before it (issue 52), byte for byte. A Z's content is hashed into the journal's chain, so the
text of every Z must stay what it was: the code below ``# --- the Z as it was made`` is
``close_day``'s and ``reports/closing.py``'s as of d0f4ff0, kept to compare with, and the day's
figures as they were added up from the entries' contents read by key, before each entry was
read as the journal's record (``read_note``)."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brigade.journal.domain import canonical
from brigade.kit.clock import business_day
from brigade.kit.errors import InvalidInput
from brigade.reports.domain.closing import (
    DayFigures,
    Entry,
    MethodSum,
    RateSum,
    figures_content,
)
from brigade.reports.domain.day_close import (
    EVER,
    ChecksStillOpen,
    ClosedZ,
    DayClose,
    StoredZ,
    TillFigures,
    till_start,
    x_content,
)
from brigade.till.domain import DrawerSummary

AT = datetime(2026, 12, 1, 23, 30, 0, 123456, tzinfo=UTC)

# --- the Z as it was made (d0f4ff0: reports/service.py close_day, reports/closing.py) --------


def _old_add_rates(rates: dict[tuple[str | None, int], RateSum], given: Iterable[Any]) -> None:
    for rate in given:
        key = (rate["id"], int(rate["units"]))
        found = rates.get(key)
        if found is None:
            found = rates[key] = RateSum(rate["id"], rate["name"], int(rate["units"]))
        found.net_cents += int(rate["net"])
        found.tax_cents += int(rate["tax"])


def _old_add_sale(figures: DayFigures, content: Mapping[str, Any], sign: int) -> None:
    figures.order_count += sign
    figures.net_sales_cents += int(content["netSales"])
    figures.discounts_cents += int(content["discounts"])
    figures.service_charges_cents += int(content["serviceCharges"])
    figures.tips_cents += int(content["tips"])
    figures.rounding_cents += int(content["rounding"])
    _old_add_rates(figures.taxes, content["taxes"])
    for paid in content["payments"]:
        found = figures.by_method.setdefault(paid["method"], MethodSum(paid["method"]))
        found.amount_cents += int(paid["amount"])
        found.tips_cents += int(paid["tips"])
        found.count += int(paid["count"])


def _old_day_figures(entries: Iterable[Entry]) -> DayFigures:
    figures = DayFigures()
    for entry in entries:
        if figures.first_at is None:
            figures.first_at = entry.at
        figures.last_sequence = entry.sequence
        content = json.loads(entry.content_text)
        if entry.kind in ("SALE", "REOPEN"):
            _old_add_sale(figures, content, 1 if entry.kind == "SALE" else -1)
        elif entry.kind == "REFUND":
            refunds = figures.refunds
            refunds.count += 1
            refunds.amount_cents += int(content["amount"])
            refunds.tips_cents += int(content["tips"])
            _old_add_rates(refunds.taxes, content["taxes"])
        elif entry.kind == "TIP_ADJUST":
            change = int(content["tips"])
            figures.tips_cents += change
            method = figures.by_method.setdefault(content["method"], MethodSum(content["method"]))
            method.tips_cents += change
        elif entry.kind == "VOID":
            figures.void_count += 1
            figures.void_cents += int(content["amount"])
    return figures


def _old_till_content(drawers: Sequence[DrawerSummary], unassigned_cents: int) -> dict[str, Any]:
    return {
        "drawers": [
            {
                "id": str(drawer.id),
                "deviceId": None if drawer.device_id is None else str(drawer.device_id),
                "openedAt": drawer.opened_at.isoformat(),
                "closedAt": None if drawer.closed_at is None else drawer.closed_at.isoformat(),
                "openingFloat": drawer.opening_float_cents,
                "expectedAmount": drawer.expected_cents,
                "countedAmount": drawer.counted_cents,
                "variance": drawer.variance_cents,
            }
            for drawer in drawers
        ],
        "unassignedCash": unassigned_cents,
    }


def _old_z_snapshot(
    figures: DayFigures,
    *,
    number: int,
    business_day: date,
    start: datetime,
    end: datetime,
    currency: str,
    previous_grand_total_cents: int,
    journal_sequence: int,
    forced: bool,
    reason: str | None,
    till: Mapping[str, Any],
) -> dict[str, Any]:
    return {
        "number": number,
        "businessDay": business_day.isoformat(),
        "from": start.isoformat(),
        "to": end.isoformat(),
        "currency": currency,
        **figures_content(figures),
        **till,
        "grandTotal": previous_grand_total_cents + figures.net_sales_cents,
        "journalSequence": journal_sequence,
        "forced": forced,
        "reason": reason,
    }


def _old_start(previous: StoredZ | None, figures: DayFigures, at: datetime) -> datetime:
    if previous is not None:
        return previous.closed_at
    return figures.first_at or at


def _old_close_day(
    *,
    previous: StoredZ | None,
    head_sequence: int,
    entries: Sequence[Entry],
    timezone: str,
    currency: str,
    drawers: Sequence[DrawerSummary],
    unassigned_cents: int,
    force: bool,
    reason: str | None,
    at: datetime,
) -> tuple[dict[str, Any], StoredZ]:
    previous_grand_total = 0
    if previous is not None:
        closed = json.loads(previous.snapshot)
        previous_grand_total = int(closed["grandTotal"])
    figures = _old_day_figures(entries)
    number = 1 if previous is None else previous.number + 1
    snapshot = _old_z_snapshot(
        figures,
        number=number,
        business_day=business_day(at, timezone),
        start=_old_start(previous, figures, at),
        end=at,
        currency=currency,
        previous_grand_total_cents=previous_grand_total,
        journal_sequence=head_sequence,
        forced=force,
        reason=reason if force else None,
        till=_old_till_content(drawers, unassigned_cents),
    )
    return snapshot, StoredZ(number, head_sequence, at, canonical(snapshot))


def _old_x(
    *,
    previous: StoredZ | None,
    last_z: int,
    entries: Sequence[Entry],
    currency: str,
    drawers: Sequence[DrawerSummary],
    unassigned_cents: int,
    at: datetime,
) -> dict[str, Any]:
    figures = _old_day_figures(entries)
    return {
        **figures_content(figures),
        **_old_till_content(drawers, unassigned_cents),
        "lastZ": 0 if previous is None else previous.number,
        "from": _old_start(previous, figures, at).isoformat(),
        "to": at.isoformat(),
        "currency": currency,
        "journalSequence": figures.last_sequence or last_z,
    }


# --- cases ------------------------------------------------------------------------------------

cents = st.integers(min_value=-(10**9), max_value=10**9)
names = st.text(min_size=1, max_size=12)
instants = st.datetimes(
    min_value=datetime(2020, 1, 1), max_value=datetime(2035, 1, 1), timezones=st.just(UTC)
)
rates = st.fixed_dictionaries(
    {
        "id": st.one_of(st.none(), st.uuids().map(str)),
        "name": names,
        "units": st.sampled_from([0, 55000, 100000, 200000]),
        "net": cents,
        "tax": cents,
    }
)
methods = st.sampled_from(["CASH", "CARD", "OTHER", "GIFT_CARD"])
paid = st.fixed_dictionaries(
    {"method": methods, "amount": cents, "tips": cents, "count": st.integers(-3, 3)}
)
figures = st.fixed_dictionaries(
    {
        "netSales": cents,
        "discounts": cents,
        "serviceCharges": cents,
        "tips": cents,
        "rounding": cents,
        "taxes": st.lists(rates, max_size=3),
        "payments": st.lists(paid, max_size=3),
    }
)
numbers = st.integers(1, 10**6)
ids = st.uuids().map(str)
# Each kind's content as the journal writes it (journal/notes.py).
contents = st.one_of(
    st.tuples(st.just("SALE"), st.builds(lambda n, f: {"orderNumber": n, **f}, numbers, figures)),
    st.tuples(st.just("REOPEN"), st.builds(lambda n, f: {"reverses": n, **f}, numbers, figures)),
    st.tuples(
        st.just("REFUND"),
        st.fixed_dictionaries(
            {
                "refundId": ids,
                "amount": cents,
                "tips": cents,
                "taxes": st.lists(rates, max_size=3),
                "payments": st.lists(paid, max_size=3),
            }
        ),
    ),
    st.tuples(
        st.just("TIP_ADJUST"),
        st.fixed_dictionaries(
            {
                "orderNumber": numbers,
                "receiptNumber": st.one_of(st.none(), numbers),
                "paymentId": ids,
                "method": methods,
                "tips": cents,
                "tip": cents,
            }
        ),
    ),
    st.tuples(
        st.just("VOID"),
        st.one_of(
            st.fixed_dictionaries(
                {"cause": st.just("item_voided"), "amount": cents, "itemId": ids}
            ),
            st.fixed_dictionaries({"cause": st.just("order_cancelled"), "amount": cents}),
        ),
    ),
)


@st.composite
def journal_entries(draw: st.DrawFn) -> list[Entry]:
    found = draw(st.lists(st.tuples(contents, instants), max_size=8))
    first = draw(st.integers(1, 1000))
    return [
        Entry(first + offset, kind, at, canonical(content))
        for offset, ((kind, content), at) in enumerate(found)
    ]


drawers = st.builds(
    DrawerSummary,
    id=st.uuids(),
    device_id=st.one_of(st.none(), st.uuids()),
    opened_at=instants,
    closed_at=st.one_of(st.none(), instants),
    opening_float_cents=st.integers(0, 10**7),
    expected_cents=cents,
    counted_cents=st.one_of(st.none(), st.integers(0, 10**7)),
    variance_cents=st.one_of(st.none(), cents),
)


@st.composite
def previous_zs(draw: st.DrawFn) -> StoredZ | None:
    if draw(st.booleans()):
        return None
    # A stored Z's snapshot as the journal holds it: only its grand total is read back.
    number = draw(st.integers(1, 5000))
    snapshot = {"number": number, "grandTotal": draw(cents), "forced": False}
    return StoredZ(number, draw(st.integers(1, 10**6)), draw(instants), canonical(snapshot))


@st.composite
def closings(draw: st.DrawFn) -> dict[str, Any]:
    force = draw(st.booleans())
    reason = draw(st.one_of(st.none(), st.text(max_size=40)))
    if force and not reason:
        reason = draw(st.text(min_size=1, max_size=40))
    return {
        "previous": draw(previous_zs()),
        "head_sequence": draw(st.integers(1, 10**6)),
        "entries": draw(journal_entries()),
        "timezone": draw(
            st.sampled_from(["UTC", "Europe/Paris", "America/New_York", "Pacific/Auckland"])
        ),
        "currency": draw(st.sampled_from(["EUR", "USD", "JPY", "GBP"])),
        "drawers": draw(st.lists(drawers, max_size=3)),
        "unassigned_cents": draw(cents),
        "force": force,
        "reason": reason,
        "at": draw(instants),
    }


def _new_close_day(case: Mapping[str, Any]) -> tuple[dict[str, Any], str, StoredZ]:
    stored: StoredZ | None = case["previous"]
    z = DayClose(force=case["force"], reason=case["reason"]).z(
        previous=None if stored is None else ClosedZ.read(stored),
        journal_sequence=case["head_sequence"],
        entries=case["entries"],
        timezone=case["timezone"],
        currency=case["currency"],
        till=TillFigures(tuple(case["drawers"]), case["unassigned_cents"]),
        at=case["at"],
    )
    return z.content(), z.to_json(), z.stored()


@settings(max_examples=300, deadline=None)
@given(closings())
def test_a_z_is_byte_for_byte_what_close_day_wrote_before(case: dict[str, Any]) -> None:
    old, old_stored = _old_close_day(**case)
    new, new_text, new_stored = _new_close_day(case)
    # What the journal hashes and the Z's copy stores; and the answer, key for key in order.
    assert new_text == canonical(old) == old_stored.snapshot
    assert json.dumps(new, ensure_ascii=False) == json.dumps(old, ensure_ascii=False)
    assert new_stored == old_stored


@settings(max_examples=150, deadline=None)
@given(closings(), st.integers(0, 10**6))
def test_an_x_is_what_it_was(case: dict[str, Any], last_z: int) -> None:
    stored: StoredZ | None = case["previous"]
    old = _old_x(
        previous=stored,
        last_z=last_z,
        entries=case["entries"],
        currency=case["currency"],
        drawers=case["drawers"],
        unassigned_cents=case["unassigned_cents"],
        at=case["at"],
    )
    new = x_content(
        previous=None if stored is None else ClosedZ.read(stored),
        last_z_sequence=last_z,
        entries=case["entries"],
        currency=case["currency"],
        till=TillFigures(tuple(case["drawers"]), case["unassigned_cents"]),
        at=case["at"],
    )
    assert json.dumps(new, ensure_ascii=False) == json.dumps(old, ensure_ascii=False)


# A second Z as d0f4ff0 wrote it (its text and the SHA-256 of its text): a Z already in a
# journal keeps verifying only while the same inputs give the same bytes.
GOLDEN_TEXT = (
    '{"businessDay":"2026-12-02","byPaymentMethod":[{"amount":2583,"count":1,"method":"CA'
    'SH","tips":250}],"currency":"EUR","discounts":150,"drawers":[{"closedAt":"2026-12-01'
    'T23:29:00.123456+00:00","countedAmount":22500,"deviceId":null,"expectedAmount":22583'
    ',"id":"0196a1b2-0000-7000-8000-0000000000d1","openedAt":"2026-12-01T17:30:00.123456+'
    '00:00","openingFloat":20000,"variance":-83}],"forced":true,"from":"2026-11-30T23:30:'
    '00.123456+00:00","grandTotal":102350,"journalSequence":12,"netSales":2350,"number":2'
    ',"orderCount":1,"reason":"the terrace\'s check left open \u2013 «à demain»","refunds":{"am'
    'ount":500,"count":1,"taxes":[],"tips":0},"rounding":-2,"serviceCharges":0,"taxes":[{'
    '"id":null,"name":"10% \u2013 café","net":2350,"tax":235,"units":100000}],"tips":250,"to":'
    '"2026-12-01T23:30:00.123456+00:00","unassignedCash":1000,"voids":{"amount":300,"coun'
    't":1}}'
)
GOLDEN_SHA256 = "cdef72572e79d27a76416b40cb3fff91b3765c470788d46e5f12ada8cb8bf115"


def _golden_case() -> dict[str, Any]:
    sale = {
        "orderNumber": 41,
        "netSales": 2350,
        "discounts": 150,
        "serviceCharges": 0,
        "tips": 200,
        "rounding": -2,
        "taxes": [
            {"id": None, "name": "10% \u2013 café", "units": 100000, "net": 2350, "tax": 235}
        ],
        "payments": [{"method": "CASH", "amount": 2583, "tips": 200, "count": 1}],
    }
    tip = {
        "orderNumber": 41,
        "receiptNumber": 8,
        "paymentId": "0196a1b2-0000-7000-8000-0000000000a1",
        "method": "CASH",
        "tips": 50,
        "tip": 250,
    }
    refund = {
        "refundId": "0196a1b2-0000-7000-8000-0000000000b1",
        "amount": 500,
        "tips": 0,
        "taxes": [],
        "payments": [{"method": "CASH", "amount": 500, "tips": 0, "count": 1}],
    }
    voided = {"cause": "order_cancelled", "amount": 300}
    entries = [
        Entry(8, "SALE", AT - timedelta(hours=3), canonical(sale)),
        Entry(9, "TIP_ADJUST", AT - timedelta(hours=2), canonical(tip)),
        Entry(10, "REFUND", AT - timedelta(hours=1), canonical(refund)),
        Entry(11, "VOID", AT - timedelta(minutes=5), canonical(voided)),
    ]
    drawer = DrawerSummary(
        uuid.UUID("0196a1b2-0000-7000-8000-0000000000d1"),
        None,
        AT - timedelta(hours=6),
        AT - timedelta(minutes=1),
        20000,
        22583,
        22500,
        -83,
    )
    previous_snapshot = {"number": 1, "grandTotal": 100000}
    return {
        "previous": StoredZ(1, 7, AT - timedelta(days=1), canonical(previous_snapshot)),
        "head_sequence": 12,
        "entries": entries,
        "timezone": "Europe/Paris",
        "currency": "EUR",
        "drawers": [drawer],
        "unassigned_cents": 1000,
        "force": True,
        "reason": "the terrace's check left open \u2013 «à demain»",
        "at": AT,
    }


def test_a_z_already_written_is_written_the_same() -> None:
    case = _golden_case()
    _, text, stored = _new_close_day(case)
    assert text == GOLDEN_TEXT == stored.snapshot
    assert hashlib.sha256(text.encode()).hexdigest() == GOLDEN_SHA256
    assert json.loads(text)["businessDay"] == "2026-12-02"  # 00:30 in Paris


# --- the rules --------------------------------------------------------------------------------


def test_a_forced_close_needs_a_reason() -> None:
    for reason in (None, ""):
        with pytest.raises(InvalidInput) as refused:
            DayClose(force=True, reason=reason)
        assert refused.value.field == "reason"


def test_open_checks_refuse_a_close_unless_forced() -> None:
    checks: list[dict[str, object]] = [{"id": str(uuid.uuid4()), "number": 4, "table": "T1"}]
    closing = DayClose(force=False, reason=None)
    assert closing.minds_open_checks
    with pytest.raises(ChecksStillOpen) as refused:
        closing.refuse_open_checks(checks)
    assert refused.value.open_checks == checks
    assert "1 check(s) are still open" in str(refused.value)
    closing.refuse_open_checks([])
    forced = DayClose(force=True, reason="a party still at table 9")
    assert not forced.minds_open_checks
    forced.refuse_open_checks(checks)


def test_zs_are_numbered_from_one_and_carry_the_grand_total() -> None:
    till = TillFigures((), 0)
    sale = _golden_case()["entries"][0]
    first = DayClose(force=False, reason="ignored unless forced").z(
        previous=None,
        journal_sequence=9,
        entries=[sale],
        timezone="UTC",
        currency="EUR",
        till=till,
        at=AT,
    )
    assert (first.number, first.grand_total_cents, first.reason) == (1, 2350, None)
    assert first.start == sale.at  # before the first Z: from its first entry
    closed = ClosedZ.read(first.stored())
    assert closed == ClosedZ(1, 9, AT, 2350)
    second = DayClose(force=False, reason=None).z(
        previous=closed,
        journal_sequence=12,
        entries=[sale],
        timezone="UTC",
        currency="EUR",
        till=till,
        at=AT + timedelta(days=1),
    )
    assert (second.number, second.grand_total_cents, second.start) == (2, 4700, AT)
    assert till_start(None) == EVER
    assert till_start(closed) == AT
    empty = DayClose(force=False, reason=None).z(
        previous=None,
        journal_sequence=1,
        entries=[],
        timezone="UTC",
        currency="EUR",
        till=till,
        at=AT,
    )
    assert (empty.start, empty.end, empty.grand_total_cents) == (AT, AT, 0)
