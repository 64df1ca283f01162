"""Printing rules with no database: hosts, ESC/POS bytes, ticket and receipt layout, backoff."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest

from brigade.kit.errors import InvalidInput
from brigade.kit.escpos import INITIALISE, Line, encode, printable
from brigade.kit.print_layout import INDENT, RULE, WIDTH, columns, quantity
from brigade.kit.retries import GiveUp, Retry
from brigade.kitchen.domain import TicketItem, TicketKind
from brigade.orders.domain.documents import (
    Receipt,
    ReceiptLine,
    ReceiptPayment,
    TicketHeading,
    kitchen_ticket,
    placed,
    receipt_html,
    receipt_text,
)
from brigade.orders.domain.records import Modifier
from brigade.printing.domain import BACKOFF, HOST_PATTERN, Printer, PrinterKind, check_host

T0 = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("host", "kept"),
    [("192.168.1.50", "192.168.1.50"), ("Kitchen-1.LOCAL", "kitchen-1.local"), ("pass", "pass")],
)
def test_hosts_are_names_or_ipv4_addresses(host: str, kept: str) -> None:
    assert check_host(host) == kept


@pytest.mark.parametrize(
    "host",
    [
        "",
        "http://printer",
        "printer:9100",
        "printer/x",
        "user@printer",
        "10.0.0.256",
        "1.2.3",
        "a..b",
        "-a.local",
        "a-.local",
        "printer\n",
        " printer",
        "x" * 64,
        ".".join(["a"] * 126) + ".bc",  # 254 characters
        "::1",
    ],
)
def test_anything_else_is_refused_naming_the_host(host: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        check_host(host)
    assert refused.value.field == "host"


def test_the_host_pattern_is_the_one_the_api_documents() -> None:
    assert HOST_PATTERN.startswith("^")
    assert HOST_PATTERN.endswith("$")


def test_a_station_prints_its_categories_and_a_plain_printer_everything() -> None:
    grill, bar = uuid.uuid4(), uuid.uuid4()
    station = Printer(
        uuid.uuid4(), "Grill", uuid.uuid4(), "h", 9100, PrinterKind.KITCHEN, (grill,), T0, T0
    )
    assert station.prints_category(grill)
    assert not station.prints_category(bar)
    assert not station.prints_category(None)
    everything = Printer(
        uuid.uuid4(), "Expo", uuid.uuid4(), "h", 9100, PrinterKind.KITCHEN, (), T0, T0
    )
    assert everything.prints_category(bar)
    assert everything.prints_category(None)


def test_encoding_initialises_first_cuts_last_and_never_passes_a_command_through() -> None:
    payload = encode([Line("Burger \x1bd\x05 crème", bold=True, big=True)])
    assert payload.startswith(INITIALISE)
    assert payload.endswith(b"\x1dVB\x03")
    assert b"\x1bd" not in payload  # the ESC in the text became a space
    assert "crème".encode("cp858") in payload
    assert printable("a\nb\tc\x9bd") == "a b c d"
    assert encode([Line("سلطة")]).count(b"?") == 4  # PC858 lacks it: printed, not a crash


def _item(
    name: str, qty: str = "1", modifiers: Sequence[str] = (), notes: str | None = None
) -> TicketItem:
    modifier_records = tuple(Modifier(uuid.uuid4(), m, 0) for m in modifiers)
    return TicketItem(uuid.uuid4(), uuid.uuid4(), name, Decimal(qty), modifier_records, notes)


def _heading(kind: TicketKind = TicketKind.ORDER, reason: str | None = None) -> TicketHeading:
    return TicketHeading(kind, 1042, "DINE_IN", "Patio 3", "Ann", T0, reason)


def test_a_kitchen_ticket_reads_quantity_first_with_modifiers_and_notes_indented() -> None:
    items = [_item("Burger", "2", ["No onion", "Cheddar"], "allergy: nuts"), _item("Tea", "1.50")]
    texts = [line.text for line in kitchen_ticket(_heading(), items)]
    assert texts[:3] == ["#1042", "Patio 3", "DINE IN"]
    assert "Server: Ann" in texts
    assert "11/25/26 12:00\xa0PM" in texts  # Babel's English (docs/design.md §26)
    start = texts.index("2 x Burger")
    assert texts[start + 1 : start + 4] == [
        "    + No onion",
        "    + Cheddar",
        "    ! allergy: nuts",
    ]
    assert "1.5 x Tea" in texts
    assert all(
        len(line.text) <= (21 if line.big else WIDTH) for line in kitchen_ticket(_heading(), items)
    )


def test_a_void_ticket_says_void_at_both_ends_and_on_every_line() -> None:
    lines = kitchen_ticket(_heading(TicketKind.VOID, "guest left"), [_item("Soup", "-1")])
    texts = [line.text for line in lines]
    assert texts[0] == texts[-1] == "*** VOID ***"
    assert lines[0].big
    assert "VOID 1 x Soup" in texts
    assert "Reason: guest left" in texts


def test_a_tab_s_ticket_and_receipt_name_its_customer_and_a_long_name_still_fits() -> None:
    name = "Samantha " + "W" * 51  # 60 characters: wraps on the ticket's double-size lines
    heading = TicketHeading(TicketKind.ORDER, 1043, "BAR_TAB", None, "Ann", T0, None, "Sam")
    lines = kitchen_ticket(heading, [_item("Beer")])
    assert [line.text for line in lines][:3] == ["#1043", "Sam", "BAR TAB"]
    assert (lines[1].big, lines[1].bold) == (True, True)
    long = kitchen_ticket(dataclasses.replace(heading, customer_name=name), [_item("Beer")])
    assert all(len(line.text) <= (21 if line.big else WIDTH) for line in long)
    assert [line.text for line in long if line.big][1:] == [
        "Samantha " + "W" * 12,
        "W" * 21,
        "W" * 18,
    ]
    assert "Name: Sam" in receipt_text(_receipt(customer_name="Sam"))
    assert not any(line.startswith("Name:") for line in receipt_text(_receipt()))
    assert all(len(line) <= WIDTH for line in receipt_text(_receipt(customer_name=name)))


def test_columns_keep_the_amount_right_aligned_and_wrap_long_names() -> None:
    found = columns("3 x " + "Very long name " * 5, "123.45")
    assert all(len(line) <= WIDTH for line in found)
    assert found[0].endswith(" 123.45")
    assert len(found[0]) == WIDTH
    assert all(line.startswith("    ") for line in found[1:])
    assert quantity(Decimal("2.000")) == "2"
    assert quantity(Decimal("-1.250")) == "1.25"


def _receipt(**overrides: Any) -> Receipt:
    fields: dict[str, Any] = dict(
        location_name="Le <Bistro>",
        order_number=1001,
        order_type="TAKEOUT",
        table_name=None,
        server_name="Bob",
        local_time=T0,
        timezone="UTC",
        currency="USD",
        lines=(ReceiptLine(Decimal(1), "W" * 80, 999_999_999, (("Extra", 150),)),),
        subtotal_cents=999_999_999,
        discount_cents=0,
        tax_cents=0,
        total_cents=999_999_999,
        payments=(ReceiptPayment("GIFT_CARD", None, 100, 0, refunded=True),),
        balance_cents=999_999_899,
        cancelled=False,
    )
    return Receipt(**(fields | overrides))


def test_every_receipt_line_fits_even_with_long_names_and_large_amounts() -> None:
    text = receipt_text(_receipt())
    assert all(len(line) <= WIDTH for line in text)
    assert "TAKEOUT" in text
    assert "GIFT CARD REFUNDED" in " ".join(text)
    assert any(line.endswith("$9,999,999.99") for line in text)


def test_the_html_receipt_escapes_every_name() -> None:
    page = receipt_html(_receipt(server_name="<script>x</script>"))
    assert "<script>" not in page
    assert "&lt;script&gt;" in page
    assert "Le &lt;Bistro&gt;" in page


def test_a_printer_is_retried_every_second_doubling_to_30_then_given_up_after_a_day() -> None:
    delays = []
    attempts, since, moment = 0, None, T0
    for _ in range(8):
        step = BACKOFF.after_failure(attempts, since, moment)
        assert isinstance(step, Retry)
        delays.append((step.at - moment).total_seconds())
        attempts, since, moment = step.attempts, step.retrying_since, step.at
    assert delays == [1, 2, 4, 8, 16, 30, 30, 30]
    assert isinstance(BACKOFF.after_failure(99, T0, T0 + timedelta(hours=24)), GiveUp)


def test_a_kitchen_ticket_prints_a_lines_seat_and_a_later_course_under_it() -> None:
    seated = dataclasses.replace(_item("Steak", modifiers=["Rare"]), seat=2, course=2)
    texts = [line.text for line in kitchen_ticket(_heading(), [seated, _item("Tea")])]
    start = texts.index("1 x Steak")
    assert texts[start + 1 : start + 3] == [f"{INDENT}Seat 2, course 2", f"{INDENT}+ Rare"]
    assert texts[texts.index("1 x Tea") + 1] == RULE
    assert (placed(None, 3), placed(4), placed(None)) == ("Course 3", "Seat 4", None)
