"""What an order prints, line by line, in the kit's 42-column layout: pure, no I/O.

A kitchen ticket puts what a cook reads from across the pass in double size: VOID, the order
number, the table; then each item quantity first, its modifiers and notes indented under it.
A receipt is the order as the guest takes it home. Both speak the location's language: their
words from the message catalogues, money and moments as Babel writes them there, the menu's
names translated where the menu has them (docs/design.md §26).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, tzinfo
from decimal import Decimal
from html import escape
from zoneinfo import ZoneInfo

from brigade.kit.clock import DEFAULT_TIMEZONE
from brigade.kit.escpos import Align, Line, encode
from brigade.kit.languages import DEFAULT_LANGUAGE, RIGHT_TO_LEFT, Language, MenuNames
from brigade.kit.messages import ENGLISH, Words
from brigade.kit.money import TaxMode, rate_label
from brigade.kit.print_layout import BIG_WIDTH, INDENT, RULE, WIDTH, columns, quantity, wrap
from brigade.kitchen.domain import KitchenTicket, TicketItem, TicketKind
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.records import OrderLocation
from brigade.orders.domain.states import ItemStatus, PaymentStatus
from brigade.orders.domain.totals import RateTotal
from brigade.printing.domain import JobKind, KitchenDocument

# --- kitchen tickets ---------------------------------------------------------------------------


def placed(seat: int | None, course: int = 1, words: Words = ENGLISH) -> str | None:
    """Where and when a line goes, as printed under it: "Seat 2", "Course 2", "Seat 2,
    course 2"; None for the table's first course (a line as it always printed)."""
    if seat is not None and course != 1:
        return words("Seat {seat}, course {course}", seat=seat, course=course)
    if seat is not None:
        return words("Seat {seat}", seat=seat)
    return words("Course {course}", course=course) if course != 1 else None


def _spelled(code: str, words: Words) -> str:
    """An order type or payment method as printed: DINE_IN is "DINE IN", in the language."""
    return words(code.replace("_", " "))


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
    # When a takeout or a delivery is promised, local as ``local_time``: called out under it.
    pickup_at: datetime | None = None
    # The location's: the ticket's words and moment (docs/design.md §26).
    language: Language = DEFAULT_LANGUAGE


def kitchen_ticket(heading: TicketHeading, items: Sequence[TicketItem]) -> list[Line]:
    words = Words(heading.language)
    lines: list[Line] = []
    void = heading.kind is TicketKind.VOID
    voided = words("*** VOID ***")
    if void:
        lines.append(Line(voided, bold=True, big=True, align=Align.CENTRE))
    lines.append(Line(f"#{heading.order_number}", bold=True, big=True))
    where = _spelled(heading.order_type, words)
    if heading.table_name:
        lines += [Line(text, bold=True, big=True) for text in wrap(heading.table_name, BIG_WIDTH)]
    if heading.customer_name:
        lines += [Line(t, bold=True, big=True) for t in wrap(heading.customer_name, BIG_WIDTH)]
    if heading.pickup_at is not None:
        pickup = words("Pickup {time}", time=words.clock(heading.pickup_at))
        lines += [Line(text, bold=True, big=True) for text in wrap(pickup, BIG_WIDTH)]
    lines.append(Line(where))
    if heading.server_name:
        lines += [Line(text) for text in wrap(words("Server: {name}", name=heading.server_name))]
    lines.append(Line(words.moment(heading.local_time)))
    if void and heading.reason:
        reason = words("Reason: {reason}", reason=heading.reason)
        lines += [Line(text, bold=True) for text in wrap(reason)]
    lines.append(Line(RULE))
    for item in items:
        how_many = quantity(item.quantity)
        named = (
            words("VOID {quantity} x {name}", quantity=how_many, name=item.name)
            if void
            else f"{how_many} x {item.name}"
        )
        lines += [Line(text, bold=True) for text in wrap(named, hanging=INDENT)]
        seat_and_course = placed(item.seat, item.course, words)
        if seat_and_course:
            lines += [Line(text, bold=True) for text in wrap(seat_and_course, indent=INDENT)]
        for modifier in item.modifiers:
            lines += [Line(text) for text in wrap(f"+ {modifier.name}", indent=INDENT)]
        if item.notes:
            lines += [Line(text, bold=True) for text in wrap(f"! {item.notes}", indent=INDENT)]
    lines.append(Line(RULE))
    if void:
        lines.append(Line(voided, bold=True, big=True, align=Align.CENTRE))
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
    # The location's: the receipt's words, money and moment (docs/design.md §26).
    language: Language = DEFAULT_LANGUAGE


def _payment(payment: ReceiptPayment, words: Words, money: Callable[[int], str]) -> list[str]:
    label = _spelled(payment.method, words)
    if payment.card_last_four:
        label += f" ****{payment.card_last_four}"
    if payment.refunded:
        label += " " + words("REFUNDED")
    found = columns(label, money(payment.amount_cents))
    if payment.rounding_cents:
        found += columns(words("Cash rounding"), money(payment.rounding_cents), indent="  ")
    if payment.tip_cents:
        found += columns(words("Tip"), money(payment.tip_cents), indent="  ")
    return found


# The VAT block's columns: the rate's name, then net, tax and gross (42 in all).
_VAT_NAME, _VAT_AMOUNT = 12, 10


def _vat_row(name: str, *amounts: str) -> str:
    return name[: _VAT_NAME - 1].ljust(_VAT_NAME) + "".join(a.rjust(_VAT_AMOUNT) for a in amounts)


def vat_block(taxes: Sequence[RateTotal], words: Words = ENGLISH) -> list[str]:
    """Per rate: rate, net, tax and gross, and their sums (a VAT receipt's legal minimum)."""
    rows = [_vat_row(words("VAT"), words("Net"), words("Tax"), words("Gross"))]
    number = words.number
    for rate in taxes:
        cells = (number(rate.net_cents), number(rate.tax_cents), number(rate.gross_cents))
        # The rate as a percentage: a name ("Standard 20%") may not fit, the number always does.
        rows.append(_vat_row(rate_label(rate.tax.units), *cells))
    net = sum(rate.net_cents for rate in taxes)
    tax = sum(rate.tax_cents for rate in taxes)
    rows.append(_vat_row(words("Total"), number(net), number(tax), number(net + tax)))
    return rows


def _total_label(receipt: Receipt) -> str:
    return Words(receipt.language)("TOTAL {currency}", currency=receipt.currency)


def receipt_text(receipt: Receipt) -> list[str]:
    """The receipt's lines, each at most ``WIDTH`` columns."""
    words = Words(receipt.language)

    def money(cents: int) -> str:
        return words.money(cents, receipt.currency)

    out: list[str] = []
    if receipt.location_name:
        out += [line.center(WIDTH).rstrip() for line in wrap(receipt.location_name)]
    out.append(words("Order #{number}", number=receipt.order_number))
    if receipt.receipt_number is not None:
        out.append(words("Receipt No. {number}", number=receipt.receipt_number))
    where = _spelled(receipt.order_type, words)
    if receipt.table_name:
        out += wrap(words("Table {table} ({where})", table=receipt.table_name, where=where))
    else:
        out += wrap(where)
    if receipt.customer_name:
        out += wrap(words("Name: {name}", name=receipt.customer_name))
    if receipt.server_name:
        out += wrap(words("Server: {name}", name=receipt.server_name))
    out += wrap(f"{words.moment(receipt.local_time)} {receipt.timezone}")
    if receipt.cancelled:
        out.append(words("CANCELLED"))
    out.append(RULE)
    for line in receipt.lines:
        out += columns(f"{quantity(line.quantity)} x {line.name}", money(line.total_cents))
        seat = placed(line.seat, words=words)
        if seat:
            out += wrap(seat, indent=INDENT)
        for name, price_cents in line.modifiers:
            priced = f"{name} (+{money(price_cents)})" if price_cents else name
            out += wrap(f"+ {priced}", indent=INDENT)
    out.append(RULE)
    out += columns(words("Subtotal"), money(receipt.subtotal_cents))
    out += columns(words("Discount"), money(-receipt.discount_cents))
    for name, cents in receipt.service_charges:
        out += columns(name, money(cents))
    inclusive = receipt.tax_mode is TaxMode.INCLUSIVE
    if not inclusive:
        out += columns(words("Tax"), money(receipt.tax_cents))
    out += columns(_total_label(receipt), money(receipt.total_cents))
    if inclusive:
        out.append(RULE)
        out += vat_block(receipt.taxes, words)
    if receipt.payments:
        out.append(RULE)
        for payment in receipt.payments:
            out += _payment(payment, words, money)
    out += columns(words("Balance"), money(receipt.balance_cents))
    return out


def receipt_document(receipt: Receipt) -> list[Line]:
    """The receipt for an ESC/POS printer: the same lines, the total in bold."""
    total_label = _total_label(receipt)
    return [Line(text, bold=text.startswith(total_label)) for text in receipt_text(receipt)]


def receipt_html(receipt: Receipt) -> str:
    """A self-contained printable page: the receipt's lines, escaped, in a monospace column,
    right to left in Arabic."""
    title = escape(Words(receipt.language)("Receipt #{number}", number=receipt.order_number))
    body = escape("\n".join(receipt_text(receipt)))
    direction = "rtl" if receipt.language in RIGHT_TO_LEFT else "ltr"
    return (
        "<!doctype html>\n"
        f'<html lang="{receipt.language}" dir="{direction}"><head><meta charset="utf-8">'
        f"<title>{title}</title>"
        "<style>body{margin:0;display:flex;justify-content:center;background:#fff}"
        "pre{font:14px/1.35 ui-monospace,Menlo,Consolas,monospace;margin:16px;color:#000}"
        "@media print{pre{margin:0}}</style></head>"
        f"<body><pre>{body}</pre></body></html>\n"
    )


# --- what an order gives printing --------------------------------------------------------------


def kitchen_document(order: Order, ticket: KitchenTicket) -> KitchenDocument:
    """The ticket for the kitchen printers: each renders the lines of its categories."""
    kind = JobKind.VOID if ticket.kind is TicketKind.VOID else JobKind.TICKET
    pickup_at = order.header.pickup_at

    def render(lines: Sequence[int], zone: tzinfo, names: MenuNames) -> bytes:
        heading = TicketHeading(
            kind=ticket.kind,
            order_number=ticket.order_number,
            order_type=order.header.order_type.value,
            table_name=order.header.table_name,
            server_name=ticket.sent_by_name,
            local_time=ticket.created_at.astimezone(zone),
            reason=ticket.reason,
            customer_name=order.header.customer_name,
            pickup_at=None if pickup_at is None else pickup_at.astimezone(zone),
            language=names.language,
        )
        items = [_named_in(ticket.items[line], names) for line in lines]
        return encode(kitchen_ticket(heading, items))

    product_ids = tuple(item.product_id for item in ticket.items)
    modifier_ids = tuple(
        sorted({m.modifier_option_id for item in ticket.items for m in item.modifiers})
    )
    return KitchenDocument(kind, order.id, ticket.id, product_ids, render, modifier_ids)


def _named_in(item: TicketItem, names: MenuNames) -> TicketItem:
    """A ticket's line and its modifiers named in the location's language."""
    modifiers = tuple(
        replace(m, name=names.printed(m.modifier_option_id, m.name)) for m in item.modifiers
    )
    return replace(item, name=names.printed(item.product_id, item.name), modifiers=modifiers)


def receipt_of(
    order: Order, location: OrderLocation | None, at: datetime, names: MenuNames | None = None
) -> Receipt:
    """The order as its receipt shows it, at its location's local time: when it completed,
    or ``at`` for an order still open (a check printed before paying); in the location's
    language, the menu's names as ``names`` has them."""
    header = order.header
    timezone = location.timezone if location else DEFAULT_TIMEZONE
    language = location.language if location else DEFAULT_LANGUAGE
    names = names or MenuNames(language)
    lines = tuple(
        ReceiptLine(
            quantity=item.quantity,
            name=names.printed(item.product_id, item.name),
            total_cents=item.total_cents,
            modifiers=tuple(
                (names.printed(m.modifier_option_id, m.name), m.price_cents) for m in item.modifiers
            ),
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
        language=language,
    )
