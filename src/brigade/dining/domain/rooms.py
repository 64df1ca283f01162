"""The dining room: location profiles and tables with their live status (docs/design.md §10).

Locations stay opaque ids everywhere; a profile only names one and gives its timezone and
currency. A table is FREE or OCCUPIED by the DRAFT and OPEN orders sitting at it.
"""

from __future__ import annotations

import dataclasses
import secrets
import zoneinfo
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from functools import cache
from uuid import UUID

from brigade.kit.clock import DEFAULT_TIMEZONE
from brigade.kit.currencies import DEFAULT_CURRENCY, ISO_4217
from brigade.kit.errors import InvalidInput
from brigade.kit.languages import DEFAULT_LANGUAGE, Language
from brigade.kit.money import CENT, TaxMode
from brigade.orders.domain.states import OrderStatus

# What a location without a profile is taken to use.
# A kitchen ticket older than this many minutes is amber (attention), then red (late).
DEFAULT_TICKET_WARN_MINUTES = 5
DEFAULT_TICKET_LATE_MINUTES = 10
MAX_TICKET_MINUTES = 240
MIN_CASH_ROUNDING = Decimal("0.01")
MAX_CASH_ROUNDING = Decimal("100.00")
# A terminal left untouched this long signs its staff member out (None: never); the terminal
# warns 10 s before, so the shortest leaves time to read the warning.
DEFAULT_IDLE_SIGN_OUT_SECONDS = 180
MIN_IDLE_SIGN_OUT_SECONDS = 30
MAX_IDLE_SIGN_OUT_SECONDS = 3600
# A table's guest code: 128 random bits, URL-safe (docs/design.md §28). Nobody guesses one; a
# code seen (a photo of the table's QR) is replaced from the back office.
GUEST_CODE_BYTES = 16


def new_guest_code() -> str:
    return secrets.token_urlsafe(GUEST_CODE_BYTES)


class GuestOrdering(StrEnum):
    """What guests may do from their phones at a location's tables (docs/design.md §28):
    nothing, browse the menu, order, or order and pay."""

    OFF = "OFF"
    MENU = "MENU"
    ORDER = "ORDER"
    ORDER_AND_PAY = "ORDER_AND_PAY"


@cache
def timezones() -> frozenset[str]:
    """The IANA timezone names this host's tz database knows."""
    return frozenset(zoneinfo.available_timezones())


def check_timezone(name: str) -> str:
    """An IANA timezone name ("Europe/Paris"), exactly as the tz database spells it."""
    if name not in timezones():
        raise InvalidInput("timezone", "must be an IANA timezone name such as Europe/Paris")
    return name


def check_currency(code: str) -> str:
    if code not in ISO_4217:
        raise InvalidInput("currency", "must be an ISO 4217 currency code such as USD")
    return code


def check_cash_rounding(step: Decimal | None) -> Decimal | None:
    """A cash rounding step: 0.01 to 100.00 in whole cents (0.05 for CHF), or None for none."""
    if step is None:
        return None
    if not MIN_CASH_ROUNDING <= step <= MAX_CASH_ROUNDING or step != step.quantize(CENT):
        raise InvalidInput(
            "cashRounding",
            f"must be between {MIN_CASH_ROUNDING} and {MAX_CASH_ROUNDING}, in whole cents",
        )
    return step.quantize(CENT)


def check_idle_sign_out(seconds: int | None) -> int | None:
    """How long a terminal may stay untouched before it signs out, or None for never."""
    if seconds is not None and not (
        MIN_IDLE_SIGN_OUT_SECONDS <= seconds <= MAX_IDLE_SIGN_OUT_SECONDS
    ):
        raise InvalidInput(
            "idleSignOutSeconds",
            f"must be between {MIN_IDLE_SIGN_OUT_SECONDS} and {MAX_IDLE_SIGN_OUT_SECONDS} "
            "seconds, or null for never",
        )
    return seconds


def check_ticket_thresholds(warn_minutes: int, late_minutes: int) -> None:
    """A ticket turns amber, then red: the second threshold comes after the first."""
    for field, minutes in (
        ("ticketWarnMinutes", warn_minutes),
        ("ticketLateMinutes", late_minutes),
    ):
        if not 1 <= minutes <= MAX_TICKET_MINUTES:
            raise InvalidInput(field, f"must be between 1 and {MAX_TICKET_MINUTES} minutes")
    if late_minutes <= warn_minutes:
        raise InvalidInput("ticketLateMinutes", "must be more than ticketWarnMinutes")


@dataclass(frozen=True, slots=True)
class Location:
    """A location's profile. ``created_at`` is None for a location that has none yet."""

    id: UUID
    name: str | None
    timezone: str
    currency: str
    created_at: datetime | None
    updated_at: datetime | None
    ticket_warn_minutes: int = DEFAULT_TICKET_WARN_MINUTES
    ticket_late_minutes: int = DEFAULT_TICKET_LATE_MINUTES
    # docs/design.md §15: tax on top of prices or inside them; the cash rounding step.
    tax_mode: TaxMode = TaxMode.EXCLUSIVE
    cash_rounding: Decimal | None = None
    # A check paid to the cent with nothing left to send completes by itself.
    auto_complete: bool = True
    # Terminals sign out after this many seconds untouched; None: never.
    idle_sign_out_seconds: int | None = DEFAULT_IDLE_SIGN_OUT_SECONDS
    # A SERVER may open a cash drawer here (docs/design.md §17); off: a MANAGER's only.
    servers_open_drawers: bool = True
    # The guests' board shows dine-in orders too (docs/design.md §20); off: takeout, delivery.
    board_shows_dine_in: bool = False
    # Its receipts', kitchen tickets' and staff's screens' language (docs/design.md §26).
    language: Language = DEFAULT_LANGUAGE
    # Guests at its tables, from their phones (docs/design.md §28); a server confirms their
    # rounds before they are sent while ``guest_orders_need_confirm``.
    guest_ordering: GuestOrdering = GuestOrdering.OFF
    guest_orders_need_confirm: bool = True

    @classmethod
    def unprofiled(cls, location_id: UUID) -> Location:
        return cls(location_id, None, DEFAULT_TIMEZONE, DEFAULT_CURRENCY, None, None)


@dataclass(frozen=True, slots=True)
class DiningTable:
    id: UUID
    location_id: UUID
    name: str
    section: str | None
    seats: int | None
    created_at: datetime
    updated_at: datetime
    # What the table's QR code points at (docs/design.md §28): a MANAGER's to see and replace.
    guest_code: str = dataclasses.field(default_factory=new_guest_code)


class TableStatus(StrEnum):
    FREE = "FREE"
    OCCUPIED = "OCCUPIED"


@dataclass(frozen=True, slots=True)
class SeatedOrder:
    """A DRAFT or OPEN order at a table, as the floor view shows it."""

    id: UUID
    table_id: UUID
    order_number: int
    status: OrderStatus
    guest_count: int | None
    customer_name: str | None
    total_cents: int
    paid_cents: int
    created_at: datetime

    @property
    def balance_due_cents(self) -> int:
        return self.total_cents - self.paid_cents


def table_status(seated: Sequence[SeatedOrder]) -> TableStatus:
    return TableStatus.OCCUPIED if seated else TableStatus.FREE
