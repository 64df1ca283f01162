"""What a kitchen ticket and a receipt print, line by line: pure layout, no I/O.

A receipt is 42 columns (80 mm paper in the printer's normal font); every line fits, long
names wrap under themselves and amounts stay right-aligned. A kitchen ticket puts what a
cook reads from across the pass in double size: VOID, the order number, the table; then
each item quantity first, its modifiers and notes indented under it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from html import escape

from brigade.kit.escpos import Align, Line
from brigade.kit.money import from_cents
from brigade.kitchen.domain import TicketItem, TicketKind

WIDTH = 42
# Double-size characters are twice as wide.
BIG_WIDTH = WIDTH // 2
RULE = "-" * WIDTH
INDENT = "    "


def wrap(text: str, width: int = WIDTH, indent: str = "", hanging: str = "") -> list[str]:
    """``text`` broken into lines of at most ``width`` columns, each indented by ``indent``
    and the ones after the first by ``hanging`` more. Never empty."""
    return textwrap.wrap(
        text,
        width,
        initial_indent=indent,
        subsequent_indent=indent + hanging,
        break_long_words=True,
        break_on_hyphens=False,
    ) or [indent.rstrip()]


def columns(left: str, right: str, width: int = WIDTH, indent: str = "") -> list[str]:
    """``left`` wrapped (its next lines hanging), ``right`` right-aligned on its first line."""
    room = max(width - len(right) - 1, 1)
    first, *rest = wrap(left, room, indent, hanging=INDENT)
    return [first + right.rjust(width - len(first)), *rest]


def quantity(value: Decimal) -> str:
    """2, 1.25: no trailing zeros, never an exponent."""
    return format(abs(value).normalize(), "f")


def amount(cents: int) -> str:
    return f"{from_cents(cents):.2f}"


# --- kitchen tickets ---------------------------------------------------------------------------


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


def kitchen_ticket(heading: TicketHeading, items: Sequence[TicketItem]) -> list[Line]:
    lines: list[Line] = []
    void = heading.kind is TicketKind.VOID
    if void:
        lines.append(Line("*** VOID ***", bold=True, big=True, align=Align.CENTRE))
    lines.append(Line(f"#{heading.order_number}", bold=True, big=True))
    where = heading.order_type.replace("_", " ")
    if heading.table_name:
        lines += [Line(text, bold=True, big=True) for text in wrap(heading.table_name, BIG_WIDTH)]
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


@dataclass(frozen=True, slots=True)
class ReceiptPayment:
    method: str
    card_last_four: str | None
    amount_cents: int
    tip_cents: int
    refunded: bool


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


def _payment(payment: ReceiptPayment) -> list[str]:
    label = payment.method.replace("_", " ")
    if payment.card_last_four:
        label += f" ****{payment.card_last_four}"
    if payment.refunded:
        label += " REFUNDED"
    found = columns(label, amount(payment.amount_cents))
    if payment.tip_cents:
        found += columns("Tip", amount(payment.tip_cents), indent="  ")
    return found


def receipt_text(receipt: Receipt) -> list[str]:
    """The receipt's lines, each at most ``WIDTH`` columns."""
    out: list[str] = []
    if receipt.location_name:
        out += [line.center(WIDTH).rstrip() for line in wrap(receipt.location_name)]
    out.append(f"Order #{receipt.order_number}")
    where = receipt.order_type.replace("_", " ")
    out += wrap(f"Table {receipt.table_name} ({where})" if receipt.table_name else where)
    if receipt.server_name:
        out += wrap(f"Server: {receipt.server_name}")
    out += wrap(f"{receipt.local_time:%Y-%m-%d %H:%M} {receipt.timezone}")
    if receipt.cancelled:
        out.append("CANCELLED")
    out.append(RULE)
    for line in receipt.lines:
        out += columns(f"{quantity(line.quantity)} x {line.name}", amount(line.total_cents))
        for name, price_cents in line.modifiers:
            priced = f"{name} (+{amount(price_cents)})" if price_cents else name
            out += wrap(f"+ {priced}", indent=INDENT)
    out.append(RULE)
    out += columns("Subtotal", amount(receipt.subtotal_cents))
    out += columns("Discount", amount(-receipt.discount_cents))
    out += columns("Tax", amount(receipt.tax_cents))
    out += columns(f"TOTAL {receipt.currency}", amount(receipt.total_cents))
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
