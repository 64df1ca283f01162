"""The 42-column layout every printed document uses: pure, no I/O.

42 columns is 80 mm paper in the printer's normal font; every line fits, long names wrap
under themselves and amounts stay right-aligned. What a document says is its feature's (an
order's receipt and kitchen tickets: orders/domain/documents.py).
"""

from __future__ import annotations

import textwrap
from decimal import Decimal

from brigade.kit.money import from_cents

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
