"""The journal's contents as typed records (journal/notes.py, issue 52), without a database: each
record is written as the text its kind was always written as (the chain hashes it), and every
content written so far, version 1 with no version key, reads back as its record."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brigade.journal.domain import JournalNote, NewEntry, canonical, unsealed
from brigade.journal.notes import (
    EntryKind,
    MethodFigures,
    Note,
    RateFigures,
    RefundNote,
    ReopenNote,
    SaleFigures,
    SaleNote,
    TipAdjustNote,
    VoidCause,
    VoidNote,
    read_note,
    write_note,
)

LOCATION = uuid.UUID("0196a1b2-0000-7000-8000-000000000001")
RATE = uuid.UUID("0196a1b2-0000-7000-8000-0000000000f1")
AT = datetime(2026, 12, 1, 22, 30, 0, 123456, tzinfo=UTC)

# Contents as the journal wrote them before the records (1cc47ba's writers and its ``negated``,
# ``with_tips_adjusted``): the texts stored and hashed in every journal so far.
V1_SALE = (
    '{"discounts":150,"netSales":2350,"orderNumber":1001,"payments":[{"amount":1000,"count":1,'
    '"method":"CARD","tips":200},{"amount":1583,"count":1,"method":"CASH","tips":0}],'
    '"rounding":-2,"serviceCharges":120,"taxes":[{"id":null,"name":"10% \u2013 café","net":2350,'
    '"tax":235,"units":100000},{"id":"0196a1b2-0000-7000-8000-0000000000f1","name":"VAT",'
    '"net":0,"tax":0,"units":200000}],"tips":200}'
)
V1_TIP_ADJUST = (
    '{"method":"CARD","orderNumber":1001,"paymentId":"0196a1b2-0000-7000-8000-0000000000a1",'
    '"receiptNumber":7,"tip":250,"tips":50}'
)
# The REOPEN of V1_SALE (sequence 7) after V1_TIP_ADJUST.
V1_REOPEN = (
    '{"discounts":-150,"netSales":-2350,"payments":[{"amount":-1000,"count":-1,"method":"CARD",'
    '"tips":-250},{"amount":-1583,"count":-1,"method":"CASH","tips":0}],"reverses":7,'
    '"rounding":2,"serviceCharges":-120,"taxes":[{"id":null,"name":"10% \u2013 café","net":-2350,'
    '"tax":-235,"units":100000},{"id":"0196a1b2-0000-7000-8000-0000000000f1","name":"VAT",'
    '"net":0,"tax":0,"units":200000}],"tips":-250}'
)
V1_REFUND = (
    '{"amount":500,"payments":[{"amount":500,"count":1,"method":"CASH","tips":0}],'
    '"refundId":"0196a1b2-0000-7000-8000-0000000000e1","taxes":[{"id":null,'
    '"name":"10% \u2013 café","net":455,"tax":45,"units":100000}],"tips":0}'
)
V1_ITEM_VOID = (
    '{"amount":800,"cause":"item_voided","itemId":"0196a1b2-0000-7000-8000-0000000000b1"}'
)
V1_ORDER_VOID = '{"amount":2000,"cause":"order_cancelled"}'

CAFE = RateFigures(None, "10% \u2013 café", 100000, 2350, 235)
SALE = SaleNote(
    1001,
    SaleFigures(
        net_sales_cents=2350,
        discounts_cents=150,
        service_charges_cents=120,
        tips_cents=200,
        rounding_cents=-2,
        taxes=(CAFE, RateFigures(RATE, "VAT", 200000, 0, 0)),
        payments=(MethodFigures("CARD", 1000, 200, 1), MethodFigures("CASH", 1583, 0, 1)),
    ),
)
TIP = TipAdjustNote(1001, 7, uuid.UUID("0196a1b2-0000-7000-8000-0000000000a1"), "CARD", 50, 250)


def test_each_version_1_content_reads_as_its_record_and_writes_the_same_bytes() -> None:
    refund = RefundNote(
        uuid.UUID("0196a1b2-0000-7000-8000-0000000000e1"),
        500,
        0,
        (RateFigures(None, "10% \u2013 café", 100000, 455, 45),),
        (MethodFigures("CASH", 500, 0, 1),),
    )
    item = uuid.UUID("0196a1b2-0000-7000-8000-0000000000b1")
    cases: list[tuple[EntryKind, str, Note]] = [
        (EntryKind.SALE, V1_SALE, SALE),
        (EntryKind.TIP_ADJUST, V1_TIP_ADJUST, TIP),
        (EntryKind.REFUND, V1_REFUND, refund),
        (EntryKind.VOID, V1_ITEM_VOID, VoidNote(VoidCause.ITEM_VOIDED, 800, item)),
        (EntryKind.VOID, V1_ORDER_VOID, VoidNote(VoidCause.ORDER_CANCELLED, 2000)),
    ]
    for kind, text, record in cases:
        assert read_note(kind, text) == record
        assert record.KIND is kind
        assert record.VERSION == 1
        assert write_note(record) == text
        # What the journal writes of it: the content's canonical text, hashed as it was.
        written = unsealed(LOCATION, NewEntry.of(record, None), AT)
        assert written.content_text == text
        assert written.kind is kind


def test_a_reopen_is_its_sale_as_it_stood_negated_as_before() -> None:
    reopen = SALE.with_tips_adjusted([TIP]).reopened(7)
    assert write_note(reopen) == V1_REOPEN
    assert read_note(EntryKind.REOPEN, V1_REOPEN) == reopen
    assert reopen.figures.tips_cents == -250
    with pytest.raises(LookupError):
        SALE.with_tips_adjusted([TipAdjustNote(1001, 7, uuid.uuid4(), "GIFT_CARD", 5, 5)])


def test_a_content_without_a_version_is_version_1_and_an_unknown_version_is_refused() -> None:
    assert read_note("SALE", V1_SALE) == read_note(EntryKind.SALE, V1_SALE[:-1] + ',"version":1}')
    with pytest.raises(ValueError, match="version 2"):
        read_note(EntryKind.SALE, V1_SALE[:-1] + ',"version":2}')
    with pytest.raises(ValueError):
        read_note(EntryKind.Z, '{"number":1}')  # a Z's content is the reports' to read


def test_an_order_asks_for_its_record_and_a_reopen_for_its_sale() -> None:
    asked = JournalNote.of(SALE)
    assert (asked.kind, asked.note, asked.reverses) == (EntryKind.SALE, SALE, None)
    reopening = JournalNote.reopening(7)
    assert (reopening.kind, reopening.note, reopening.reverses) == (EntryKind.REOPEN, None, 7)


# --- every record, generated --------------------------------------------------------------------

cents = st.integers(min_value=-(10**12), max_value=10**12)
names = st.text(max_size=20)
methods = st.sampled_from(["CASH", "CARD", "OTHER", "GIFT_CARD"])
rates = st.builds(RateFigures, st.one_of(st.none(), st.uuids()), names, cents, cents, cents)
paid = st.builds(MethodFigures, methods, cents, cents, st.integers(-50, 50))
figures = st.builds(
    SaleFigures,
    cents,
    cents,
    cents,
    cents,
    cents,
    st.lists(rates, max_size=3).map(tuple),
    st.lists(paid, max_size=3).map(tuple),
)
sequences = st.integers(min_value=1, max_value=2**31 - 1)
notes: st.SearchStrategy[Note] = st.one_of(
    st.builds(SaleNote, sequences, figures),
    st.builds(ReopenNote, sequences, figures),
    st.builds(
        RefundNote,
        st.uuids(),
        cents,
        cents,
        st.lists(rates, max_size=3).map(tuple),
        st.lists(paid, max_size=2).map(tuple),
    ),
    st.builds(VoidNote, st.sampled_from(VoidCause), cents, st.one_of(st.none(), st.uuids())),
    st.builds(
        TipAdjustNote,
        sequences,
        st.one_of(st.none(), sequences),
        st.uuids(),
        methods,
        cents,
        cents,
    ),
)


@settings(max_examples=300, deadline=None)
@given(notes)
def test_writing_then_reading_any_record_gives_it_back(note: Note) -> None:
    text = write_note(note)
    assert read_note(note.KIND, text) == note
    assert "version" not in json.loads(text)  # version 1: implied


# The REOPEN as 1cc47ba's journal made it, from a SALE's content and its TIP_ADJUSTs'.
def _old_with_tips_adjusted(
    sale_content: Mapping[str, Any], adjustments: Iterable[Mapping[str, Any]]
) -> dict[str, Any]:
    out = dict(sale_content)
    payments = [dict(paid) for paid in sale_content.get("payments", [])]
    for adjusted in adjustments:
        out["tips"] = int(out.get("tips", 0)) + int(adjusted["tips"])
        paid = next(p for p in payments if p["method"] == adjusted["method"])
        paid["tips"] += int(adjusted["tips"])
    out["payments"] = payments
    return out


def _old_negated(sale_content: Mapping[str, Any], reverses: int) -> dict[str, Any]:
    out: dict[str, Any] = {"reverses": reverses}
    figures = ("netSales", "discounts", "serviceCharges", "tips", "rounding")
    out |= {name: -int(sale_content.get(name, 0)) for name in figures}
    out["taxes"] = [
        rate | {"net": -rate["net"], "tax": -rate["tax"]} for rate in sale_content.get("taxes", [])
    ]
    out["payments"] = [
        paid | {"amount": -paid["amount"], "tips": -paid["tips"], "count": -paid["count"]}
        for paid in sale_content.get("payments", [])
    ]
    return out


@settings(max_examples=200, deadline=None)
@given(
    st.builds(SaleNote, sequences, figures),
    st.lists(st.tuples(cents, st.integers(0, 2)), max_size=3),
    sequences,
)
def test_a_reopen_is_written_as_before(
    sale: SaleNote, moves: list[tuple[int, int]], reverses: int
) -> None:
    paid = sale.figures.payments
    tips = [
        TipAdjustNote(sale.order_number, reverses, uuid.uuid4(), paid[at % len(paid)].method, t, 0)
        for t, at in moves
        if paid
    ]
    old = _old_negated(
        _old_with_tips_adjusted(sale.content(), [tip.content() for tip in tips]), reverses
    )
    assert write_note(sale.with_tips_adjusted(tips).reopened(reverses)) == canonical(old)
