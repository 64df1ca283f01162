"""What an order prints, line by line, in the kit's 42-column layout: pure, no I/O.

A kitchen ticket puts what a cook reads from across the pass in double size: VOID, the order
number, the table; then each item quantity first, its modifiers and notes indented under it.
A receipt is the order as the guest takes it home.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from decimal import Decimal
from html import escape
from zoneinfo import ZoneInfo

from brigade.kit.clock import DEFAULT_TIMEZONE
from brigade.kit.escpos import Align, Line, encode
from brigade.kit.money import TaxMode, rate_label
from brigade.kit.print_layout import BIG_WIDTH, INDENT, RULE, WIDTH, amount, columns, quantity, wrap
from brigade.kitchen.domain import KitchenTicket, TicketItem, TicketKind
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.records import OrderLocation
from brigade.orders.domain.states import ItemStatus, PaymentStatus
from brigade.orders.domain.totals import RateTotal
from brigade.printing.domain import JobKind, KitchenDocument

# --- kitchen tickets ---------------------------------------------------------------------------


def placed(seat: int | None, course: int = 1) -> str | None:
    """Where and when a line goes, as printed under it: "Seat 2", "Course 2", "Seat 2,
    course 2"; None for the table's first course (a line as it always printed)."""
    parts = [] if seat is None else [f"Seat {seat}"]
    if course != 1:
        parts.append(f"course {course}" if parts else f"Course {course}")
    return ", ".join(parts) or None


@dataclass(frozen=True, slots=True)
class TicketHeading:
    """What a kitchen ticket says about its order."""

    kind: TicketKind
    order_number: int
    order_type: str
    table_name: str | None
    server_name: str | None
    local_time: datetime
    reason: str | None
    # The customer's name on a bar tab or a takeout: called out at the pass.
    customer_name: str | None = None


def kitchen_ticket(heading: TicketHeading, items: Sequence[TicketItem]) -> list[Line]:
    lines: list[Line] = []
    void = heading.kind is TicketKind.VOID
    if void:
        lines.append(Line("*** VOID ***", bold=True, big=True, align=Align.CENTRE))
    lines.append(Line(f"#{heading.order_number}", bold=True, big=True))
    where = heading.order_type.replace("_", " ")
    if heading.table_name:
        lines += [Line(text, bold=True, big=True) for text in wrap(heading.table_name, BIG_WIDTH)]
    if heading.customer_name:
        lines += [Line(t, bold=True, big=True) for t in wrap(heading.customer_name, BIG_WIDTH)]
    lines.append(Line(where))
    if heading.server_name:
        lines += [Line(text) for text in wrap(f"Server: {heading.server_name}")]
    lines.append(Line(heading.local_time.strftime("%Y-%m-%d %H:%M")))
    if void and heading.reason:
        lines += [Line(text, bold=True) for text in wrap(f"Reason: {heading.reason}")]
    lines.append(Line(RULE))
    for item in items:
        named = f"{'VOID ' if void else ''}{quantity(item.quantity)} x {item.name}"
        lines += [Line(text, bold=True) for text in wrap(named, hanging=INDENT)]
        seat_and_course = placed(item.seat, item.course)
        if seat_and_course:
            lines += [Line(text, bold=True) for text in wrap(seat_and_course, indent=INDENT)]
        for modifier in item.modifiers:
            lines += [Line(text) for text in wrap(f"+ {modifier.name}", indent=INDENT)]
        if item.notes:
            lines += [Line(text, bold=True) for text in wrap(f"! {item.notes}", indent=INDENT)]
    lines.append(Line(RULE))
    if void:
        lines.append(Line("*** VOID ***", bold=True, big=True, align=Align.CENTRE))
    return lines


# --- receipts --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReceiptLine:
    quantity: Decimal
    name: str
    total_cents: int
    # Each modifier's name and price (0: included).
    modifiers: tuple[tuple[str, int], ...]
    # The guest's seat, printed under the line; None: the table's.
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class ReceiptPayment:
    method: str
    card_last_four: str | None
    amount_cents: int
    tip_cents: int
    refunded: bool
    rounding_cents: int = 0


@dataclass(frozen=True, slots=True)
class Receipt:
    location_name: str | None
    order_number: int
    order_type: str
    table_name: str | None
    server_name: str | None
    local_time: datetime
    timezone: str
    currency: str
    lines: tuple[ReceiptLine, ...]
    subtotal_cents: int
    discount_cents: int
    tax_cents: int
    total_cents: int
    payments: tuple[ReceiptPayment, ...]
    balance_cents: int
    cancelled: bool
    tax_mode: TaxMode = TaxMode.EXCLUSIVE
    # The service charges that apply: name and amount (revenue, never a tip).
    service_charges: tuple[tuple[str, int], ...] = ()
    taxes: tuple[RateTotal, ...] = ()
    customer_name: str | None = None
    # The journal sequence of its sale (docs/design.md §18); None until completed.
    receipt_number: int | None = None


def _payment(payment: ReceiptPayment) -> list[str]:
    label = payment.method.replace("_", " ")
    if payment.card_last_four:
        label += f" ****{payment.card_last_four}"
    if payment.refunded:
        label += " REFUNDED"
    found = columns(label, amount(payment.amount_cents))
    if payment.rounding_cents:
        found += columns("Cash rounding", amount(payment.rounding_cents), indent="  ")
    if payment.tip_cents:
        found += columns("Tip", amount(payment.tip_cents), indent="  ")
    return found


# The VAT block's columns: the rate's name, then net, tax and gross (42 in all).
_VAT_NAME, _VAT_AMOUNT = 12, 10


def _vat_row(name: str, *amounts: str) -> str:
    return name[: _VAT_NAME - 1].ljust(_VAT_NAME) + "".join(a.rjust(_VAT_AMOUNT) for a in amounts)


def vat_block(taxes: Sequence[RateTotal]) -> list[str]:
    """Per rate: rate, net, tax and gross, and their sums (a VAT receipt's legal minimum)."""
    rows = [_vat_row("VAT", "Net", "Tax", "Gross")]
    for rate in taxes:
        cells = (amount(rate.net_cents), amount(rate.tax_cents), amount(rate.gross_cents))
        # The rate as a percentage: a name ("Standard 20%") may not fit, the number always does.
        rows.append(_vat_row(rate_label(rate.tax.units), *cells))
    net = sum(rate.net_cents for rate in taxes)
    tax = sum(rate.tax_cents for rate in taxes)
    rows.append(_vat_row("Total", amount(net), amount(tax), amount(net + tax)))
    return rows


def receipt_text(receipt: Receipt) -> list[str]:
    """The receipt's lines, each at most ``WIDTH`` columns."""
    out: list[str] = []
    if receipt.location_name:
        out += [line.center(WIDTH).rstrip() for line in wrap(receipt.location_name)]
    out.append(f"Order #{receipt.order_number}")
    if receipt.receipt_number is not None:
        out.append(f"Receipt No. {receipt.receipt_number}")
    where = receipt.order_type.replace("_", " ")
    out += wrap(f"Table {receipt.table_name} ({where})" if receipt.table_name else where)
    if receipt.customer_name:
        out += wrap(f"Name: {receipt.customer_name}")
    if receipt.server_name:
        out += wrap(f"Server: {receipt.server_name}")
    out += wrap(f"{receipt.local_time:%Y-%m-%d %H:%M} {receipt.timezone}")
    if receipt.cancelled:
        out.append("CANCELLED")
    out.append(RULE)
    for line in receipt.lines:
        out += columns(f"{quantity(line.quantity)} x {line.name}", amount(line.total_cents))
        seat = placed(line.seat)
        if seat:
            out += wrap(seat, indent=INDENT)
        for name, price_cents in line.modifiers:
            priced = f"{name} (+{amount(price_cents)})" if price_cents else name
            out += wrap(f"+ {priced}", indent=INDENT)
    out.append(RULE)
    out += columns("Subtotal", amount(receipt.subtotal_cents))
    out += columns("Discount", amount(-receipt.discount_cents))
    for name, cents in receipt.service_charges:
        out += columns(name, amount(cents))
    inclusive = receipt.tax_mode is TaxMode.INCLUSIVE
    if not inclusive:
        out += columns("Tax", amount(receipt.tax_cents))
    out += columns(f"TOTAL {receipt.currency}", amount(receipt.total_cents))
    if inclusive:
        out.append(RULE)
        out += vat_block(receipt.taxes)
    if receipt.payments:
        out.append(RULE)
        for payment in receipt.payments:
            out += _payment(payment)
    out += columns("Balance", amount(receipt.balance_cents))
    return out


def receipt_document(receipt: Receipt) -> list[Line]:
    """The receipt for an ESC/POS printer: the same lines, the total in bold."""
    total_label = f"TOTAL {receipt.currency}"
    return [Line(text, bold=text.startswith(total_label)) for text in receipt_text(receipt)]


def receipt_html(receipt: Receipt) -> str:
    """A self-contained printable page: the receipt's lines, escaped, in a monospace column."""
    title = escape(f"Receipt #{receipt.order_number}")
    body = escape("\n".join(receipt_text(receipt)))
    return (
        "<!doctype html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        "<style>body{margin:0;display:flex;justify-content:center;background:#fff}"
        "pre{font:14px/1.35 ui-monospace,Menlo,Consolas,monospace;margin:16px;color:#000}"
        "@media print{pre{margin:0}}</style></head>"
        f"<body><pre>{body}</pre></body></html>\n"
    )


# --- what an order gives printing --------------------------------------------------------------


def kitchen_document(order: Order, ticket: KitchenTicket) -> KitchenDocument:
    """The ticket for the kitchen printers: each renders the lines of its categories."""
    kind = JobKind.VOID if ticket.kind is TicketKind.VOID else JobKind.TICKET

    def render(lines: Sequence[int], zone: tzinfo) -> bytes:
        heading = TicketHeading(
            kind=ticket.kind,
            order_number=ticket.order_number,
            order_type=order.header.order_type.value,
            table_name=order.header.table_name,
            server_name=ticket.sent_by_name,
            local_time=ticket.created_at.astimezone(zone),
            reason=ticket.reason,
            customer_name=order.header.customer_name,
        )
        return encode(kitchen_ticket(heading, [ticket.items[line] for line in lines]))

    product_ids = tuple(item.product_id for item in ticket.items)
    return KitchenDocument(kind, order.id, ticket.id, product_ids, render)


def receipt_of(order: Order, location: OrderLocation | None, at: datetime) -> Receipt:
    """The order as its receipt shows it, at its location's local time: when it completed,
    or ``at`` for an order still open (a check printed before paying)."""
    header = order.header
    timezone = location.timezone if location else DEFAULT_TIMEZONE
    lines = tuple(
        ReceiptLine(
            quantity=item.quantity,
            name=item.name,
            total_cents=item.total_cents,
            modifiers=tuple((m.name, m.price_cents) for m in item.modifiers),
            seat=item.seat,
        )
        for item in order.items
        if item.status is not ItemStatus.VOIDED
    )
    payments = tuple(
        ReceiptPayment(
            method=payment.method.value,
            card_last_four=payment.card_last_four,
            amount_cents=payment.amount_cents,
            tip_cents=payment.tip_cents,
            refunded=payment.status is PaymentStatus.REFUNDED,
            rounding_cents=payment.rounding_cents,
        )
        for payment in order.payments
    )
    return Receipt(
        location_name=location.name if location else None,
        order_number=header.order_number,
        order_type=header.order_type.value,
        table_name=header.table_name,
        server_name=header.opened_by_name,
        local_time=(header.completed_at or at).astimezone(ZoneInfo(timezone)),
        timezone=timezone,
        currency=header.currency,
        lines=lines,
        subtotal_cents=header.subtotal_cents,
        discount_cents=header.discount_cents,
        tax_cents=header.tax_cents,
        total_cents=header.total_cents,
        payments=payments,
        balance_cents=header.balance_due_cents,
        cancelled=header.cancelled_at is not None,
        tax_mode=header.tax_mode,
        service_charges=tuple(
            (charge.name, cents)
            for charge, cents in zip(
                header.applying_charges(), order.totals().charge_amounts, strict=True
            )
        ),
        taxes=header.taxes,
        customer_name=header.customer_name,
        receipt_number=header.receipt_number,
    )
