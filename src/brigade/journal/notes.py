"""What the journal's entries hold (docs/design.md §18): each kind's content as a typed record,
written as canonical JSON and read back by ``read_note``; the standard library only.

An entry's content is hashed into the chain, so a record writes exactly the text its kind has
always been written as: the same keys, the same values, in cents. Each record names its schema
``VERSION``. Every content written so far is version 1 and carries no version key (one would
change the bytes every entry is hashed over, docs/decisions.md, the journal): a content without
``version`` is version 1. A later shape would write its ``version`` and ``read_note`` reads
every version by it, the old ones forever.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, ClassVar
from uuid import UUID


class EntryKind(StrEnum):
    SALE = "SALE"
    REFUND = "REFUND"
    VOID = "VOID"
    REOPEN = "REOPEN"
    # A card tip changed on a completed sale: the difference, on its receipt number.
    TIP_ADJUST = "TIP_ADJUST"
    Z = "Z"


def canonical(value: Any) -> str:
    """JSON with sorted keys and no spaces: the one text a value hashes as."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# What a content without a version key is.
IMPLIED_VERSION = 1


def _uuid_or_none(value: Any) -> UUID | None:
    return None if value is None else UUID(value)


def _text_or_none(value: UUID | None) -> str | None:
    return None if value is None else str(value)


@dataclass(frozen=True, slots=True)
class RateFigures:
    """A tax rate's part: ``{id, name, units, net, tax}`` (id null: a product's own rate)."""

    id: UUID | None
    name: str
    units: int
    net_cents: int
    tax_cents: int

    def content(self) -> dict[str, Any]:
        return {
            "id": _text_or_none(self.id),
            "name": self.name,
            "units": self.units,
            "net": self.net_cents,
            "tax": self.tax_cents,
        }

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> RateFigures:
        units, net, tax = int(raw["units"]), int(raw["net"]), int(raw["tax"])
        return cls(_uuid_or_none(raw["id"]), str(raw["name"]), units, net, tax)

    def negated(self) -> RateFigures:
        return replace(self, net_cents=-self.net_cents, tax_cents=-self.tax_cents)


@dataclass(frozen=True, slots=True)
class MethodFigures:
    """A payment method's part: ``{method, amount, tips, count}``."""

    method: str
    amount_cents: int
    tips_cents: int
    count: int

    def content(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "amount": self.amount_cents,
            "tips": self.tips_cents,
            "count": self.count,
        }

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> MethodFigures:
        amount, tips, count = int(raw["amount"]), int(raw["tips"]), int(raw["count"])
        return cls(str(raw["method"]), amount, tips, count)

    def negated(self) -> MethodFigures:
        return MethodFigures(self.method, -self.amount_cents, -self.tips_cents, -self.count)


def _rates(raw: Iterable[Mapping[str, Any]]) -> tuple[RateFigures, ...]:
    return tuple(RateFigures.read(rate) for rate in raw)


def _methods(raw: Iterable[Mapping[str, Any]]) -> tuple[MethodFigures, ...]:
    return tuple(MethodFigures.read(paid) for paid in raw)


@dataclass(frozen=True, slots=True)
class SaleFigures:
    """What a SALE adds to the day and its REOPEN takes away, in cents: net sales (subtotal
    less discount), discounts, service charges, tips, cash rounding, taxes by rate and the
    payments by method."""

    net_sales_cents: int
    discounts_cents: int
    service_charges_cents: int
    tips_cents: int
    rounding_cents: int
    taxes: tuple[RateFigures, ...]
    payments: tuple[MethodFigures, ...]

    def content(self) -> dict[str, Any]:
        return {
            "netSales": self.net_sales_cents,
            "discounts": self.discounts_cents,
            "serviceCharges": self.service_charges_cents,
            "tips": self.tips_cents,
            "rounding": self.rounding_cents,
            "taxes": [rate.content() for rate in self.taxes],
            "payments": [paid.content() for paid in self.payments],
        }

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> SaleFigures:
        return cls(
            net_sales_cents=int(raw["netSales"]),
            discounts_cents=int(raw["discounts"]),
            service_charges_cents=int(raw["serviceCharges"]),
            tips_cents=int(raw["tips"]),
            rounding_cents=int(raw["rounding"]),
            taxes=_rates(raw["taxes"]),
            payments=_methods(raw["payments"]),
        )

    def negated(self) -> SaleFigures:
        return SaleFigures(
            -self.net_sales_cents,
            -self.discounts_cents,
            -self.service_charges_cents,
            -self.tips_cents,
            -self.rounding_cents,
            tuple(rate.negated() for rate in self.taxes),
            tuple(paid.negated() for paid in self.payments),
        )

    def with_tip_moved(self, method: str, tips_cents: int) -> SaleFigures:
        """These figures with ``tips_cents`` more tips, on the (first) payment by ``method``."""
        at = next((i for i, paid in enumerate(self.payments) if paid.method == method), None)
        if at is None:
            raise LookupError(f"the sale has no {method} payment whose tip was adjusted")
        paid = self.payments[at]
        moved = replace(paid, tips_cents=paid.tips_cents + tips_cents)
        payments = (*self.payments[:at], moved, *self.payments[at + 1 :])
        return replace(self, tips_cents=self.tips_cents + tips_cents, payments=payments)


@dataclass(frozen=True, slots=True)
class SaleNote:
    """An order completed: its number and its figures."""

    KIND: ClassVar[EntryKind] = EntryKind.SALE
    VERSION: ClassVar[int] = 1

    order_number: int
    figures: SaleFigures

    def content(self) -> dict[str, Any]:
        return {"orderNumber": self.order_number, **self.figures.content()}

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> SaleNote:
        return cls(int(raw["orderNumber"]), SaleFigures.read(raw))

    def with_tips_adjusted(self, adjustments: Iterable[TipAdjustNote]) -> SaleNote:
        """The sale with the tip changes of its TIP_ADJUSTs since: what it stands at."""
        figures = self.figures
        for adjusted in adjustments:
            figures = figures.with_tip_moved(adjusted.method, adjusted.tips_cents)
        return replace(self, figures=figures)

    def reopened(self, reverses: int) -> ReopenNote:
        """The REOPEN of this sale (its sequence: ``reverses``): its figures negated."""
        return ReopenNote(reverses, self.figures.negated())


@dataclass(frozen=True, slots=True)
class ReopenNote:
    """An order reopened: the SALE it reverses (its sequence) with that sale's figures, as it
    stood with its tips adjusted, negated."""

    KIND: ClassVar[EntryKind] = EntryKind.REOPEN
    VERSION: ClassVar[int] = 1

    reverses: int
    figures: SaleFigures

    def content(self) -> dict[str, Any]:
        return {"reverses": self.reverses, **self.figures.content()}

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> ReopenNote:
        return cls(int(raw["reverses"]), SaleFigures.read(raw))


@dataclass(frozen=True, slots=True)
class RefundNote:
    """Money given back: its amount and tips, by method, and its tax by rate."""

    KIND: ClassVar[EntryKind] = EntryKind.REFUND
    VERSION: ClassVar[int] = 1

    refund_id: UUID
    amount_cents: int
    tips_cents: int
    taxes: tuple[RateFigures, ...]
    payments: tuple[MethodFigures, ...]

    def content(self) -> dict[str, Any]:
        return {
            "refundId": str(self.refund_id),
            "amount": self.amount_cents,
            "tips": self.tips_cents,
            "taxes": [rate.content() for rate in self.taxes],
            "payments": [paid.content() for paid in self.payments],
        }

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> RefundNote:
        return cls(
            refund_id=UUID(raw["refundId"]),
            amount_cents=int(raw["amount"]),
            tips_cents=int(raw["tips"]),
            taxes=_rates(raw["taxes"]),
            payments=_methods(raw["payments"]),
        )


class VoidCause(StrEnum):
    # An item voided once sent: its total.
    ITEM_VOIDED = "item_voided"
    # An order cancelled with anything sent or paid: its subtotal less its discount.
    ORDER_CANCELLED = "order_cancelled"


@dataclass(frozen=True, slots=True)
class VoidNote:
    """What a void took off; ``item_id`` an item voided (the key is absent for an order)."""

    KIND: ClassVar[EntryKind] = EntryKind.VOID
    VERSION: ClassVar[int] = 1

    cause: VoidCause
    amount_cents: int
    item_id: UUID | None = None

    def content(self) -> dict[str, Any]:
        content: dict[str, Any] = {"cause": self.cause.value, "amount": self.amount_cents}
        if self.item_id is not None:
            content["itemId"] = str(self.item_id)
        return content

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> VoidNote:
        item_id = _uuid_or_none(raw.get("itemId"))
        return cls(VoidCause(raw["cause"]), int(raw["amount"]), item_id)


@dataclass(frozen=True, slots=True)
class TipAdjustNote:
    """A card tip changed on a completed sale (its receipt number, which stays the order's):
    ``tips_cents`` the difference, ``tip_cents`` the tip now."""

    KIND: ClassVar[EntryKind] = EntryKind.TIP_ADJUST
    VERSION: ClassVar[int] = 1

    order_number: int
    receipt_number: int | None
    payment_id: UUID
    method: str
    tips_cents: int
    tip_cents: int

    def content(self) -> dict[str, Any]:
        return {
            "orderNumber": self.order_number,
            "receiptNumber": self.receipt_number,
            "paymentId": str(self.payment_id),
            "method": self.method,
            "tips": self.tips_cents,
            "tip": self.tip_cents,
        }

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> TipAdjustNote:
        receipt = raw["receiptNumber"]
        return cls(
            order_number=int(raw["orderNumber"]),
            receipt_number=None if receipt is None else int(receipt),
            payment_id=UUID(raw["paymentId"]),
            method=str(raw["method"]),
            tips_cents=int(raw["tips"]),
            tip_cents=int(raw["tip"]),
        )


# What an order's change writes (a REOPEN is made by the journal from the SALE it reverses).
OrderNote = SaleNote | RefundNote | VoidNote | TipAdjustNote
Note = OrderNote | ReopenNote

# Each kind's reader of each version written. A Z's content is the reports' (ZReport.read).
_READERS: dict[tuple[EntryKind, int], Callable[[Mapping[str, Any]], Note]] = {
    (EntryKind.SALE, 1): SaleNote.read,
    (EntryKind.REOPEN, 1): ReopenNote.read,
    (EntryKind.REFUND, 1): RefundNote.read,
    (EntryKind.VOID, 1): VoidNote.read,
    (EntryKind.TIP_ADJUST, 1): TipAdjustNote.read,
}


def read_note(kind: EntryKind | str, content_text: str) -> Note:
    """The record an entry of ``kind`` holds, whichever version it was written as (a content
    without ``version`` is version 1)."""
    raw = json.loads(content_text)
    version = int(raw.get("version", IMPLIED_VERSION))
    reader = _READERS.get((EntryKind(kind), version))
    if reader is None:
        raise ValueError(f"no {kind} content of version {version} is known to the journal")
    return reader(raw)


def write_note(note: Note) -> str:
    """The text ``note`` is written and hashed as: its content's canonical JSON (version 1
    writes no version key)."""
    return canonical(note.content())
