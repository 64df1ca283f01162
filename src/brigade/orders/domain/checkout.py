"""What the orders tell of one server's business day (the checkout, docs/design.md §17):
figures in cents, read by the orders' repository, put together by the reports' checkout."""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID


@dataclass(frozen=True, slots=True)
class OpenCheck:
    """One of the server's DRAFT or OPEN orders."""

    id: UUID
    order_number: int
    table_id: UUID | None
    table_name: str | None
    total_cents: int
    balance_cents: int


@dataclass(frozen=True, slots=True)
class ServerDay:
    """``sales_cents``: net sales (subtotal - discount) of the orders the server opened that
    completed in the window; tips and amounts of the payments they took in it (refunded or
    not); the cash they refunded in it; their open checks now."""

    sales_cents: int
    order_count: int
    card_tips_cents: int
    cash_tips_cents: int
    cash_taken_cents: int
    cash_refunded_cents: int
    card_total_cents: int
    open_checks: tuple[OpenCheck, ...]

    @property
    def tips_cents(self) -> int:
        return self.card_tips_cents + self.cash_tips_cents

    @property
    def cash_held_cents(self) -> int:
        """Cash payments taken less cash refunds made."""
        return self.cash_taken_cents - self.cash_refunded_cents
