"""Closing a location's day: the Z's rules (docs/design.md §18), pure.

A ``DayClose`` is a closing as asked (forced or not, and why). It refuses while checks are
open unless forced, and answers the next Z from what the service loads under the journal's
lock and hands over: the previous Z as read back (``ClosedZ``, None before the first), the
Z's own journal sequence, the entries since the last Z, the location's timezone and currency,
the till's part and the moment. Zs are numbered 1, 2, 3... per location; a Z's figures run from
the previous Z's close (before the first: its first entry, or the moment with none); its grand
total is the previous Z's plus its net sales.

The Z it answers (``ZReport``) is typed; ``content()`` is what its journal entry holds, and
that entry is hashed into the chain: its keys, their order and their values stay as they are
for every Z already written (tests/reports/unit/test_day_close.py holds them to it).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any
from uuid import UUID

from brigade.journal.domain import canonical
from brigade.kit.clock import business_day
from brigade.kit.errors import Conflict, InvalidInput, declare_answers
from brigade.kit.print_layout import RULE, amount, columns, wrap
from brigade.reports.domain.closing import (
    DayFigures,
    Entry,
    day_figures,
    figures_content,
    ordered_methods,
    ordered_rates,
    read_figures,
)
from brigade.till.domain import DrawerSummary

# Before a location's first Z its till window has no start.
EVER = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class StoredZ:
    """A Z as its copy is stored: its snapshot is the text its journal entry holds."""

    number: int
    journal_sequence: int
    closed_at: datetime
    snapshot: str


@dataclass(frozen=True, slots=True)
class ClosedZ:
    """The previous Z as the next one reads it back: its snapshot read once."""

    number: int
    journal_sequence: int
    closed_at: datetime
    grand_total_cents: int

    @classmethod
    def read(cls, stored: StoredZ) -> ClosedZ:
        """Only its grand total is read (``ZReport.read`` reads a Z whole)."""
        snapshot = json.loads(stored.snapshot)
        grand_total = int(snapshot["grandTotal"])
        return cls(stored.number, stored.journal_sequence, stored.closed_at, grand_total)


def till_start(previous: ClosedZ | None) -> datetime:
    """Where the till's part of an X or a Z starts: the last Z's close, or ever."""
    return EVER if previous is None else previous.closed_at


def day_start(previous: ClosedZ | None, figures: DayFigures, at: datetime) -> datetime:
    """Where a day's figures start: the last Z, or the first entry, or ``at`` with neither."""
    if previous is not None:
        return previous.closed_at
    return figures.first_at or at


@dataclass(frozen=True, slots=True)
class HeldCard:
    """A card still held for a tab when the X or the Z was made: authorised, not captured nor
    released (docs/design.md §27), in cents."""

    checkout_id: UUID
    order_id: UUID
    held_cents: int
    card_brand: str | None
    card_last_four: str | None
    held_since: datetime

    def content(self) -> dict[str, Any]:
        return {
            "checkoutId": str(self.checkout_id),
            "orderId": str(self.order_id),
            "heldAmount": self.held_cents,
            "cardBrand": self.card_brand,
            "cardLastFour": self.card_last_four,
            "heldSince": self.held_since.isoformat(),
        }

    @classmethod
    def read(cls, content: Mapping[str, Any]) -> HeldCard:
        return cls(
            checkout_id=UUID(content["checkoutId"]),
            order_id=UUID(content["orderId"]),
            held_cents=int(content["heldAmount"]),
            card_brand=content["cardBrand"],
            card_last_four=content["cardLastFour"],
            held_since=datetime.fromisoformat(content["heldSince"]),
        )


@dataclass(frozen=True, slots=True)
class TillFigures:
    """The till's part of an X or a Z: each drawer of the day (counted and variance None while
    open), the cash taken with no drawer to post to, in cents, and the cards still held for
    tabs (money not yet taken, listed so nobody forgets to close or release them)."""

    drawers: tuple[DrawerSummary, ...]
    unassigned_cents: int
    held_cards: tuple[HeldCard, ...] = ()

    def content(self) -> dict[str, Any]:
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
                for drawer in self.drawers
            ],
            "unassignedCash": self.unassigned_cents,
            # Only when a card is held: every Z without one reads and writes the same bytes.
            **(
                {"heldCards": [held.content() for held in self.held_cards]}
                if self.held_cards
                else {}
            ),
        }

    @classmethod
    def read(cls, content: Mapping[str, Any]) -> TillFigures:
        """The till's part ``content`` wrote, read back (a Z from before tabs on cards lists
        no held card)."""
        drawers = tuple(_read_drawer(drawer) for drawer in content["drawers"])
        held = tuple(HeldCard.read(card) for card in content.get("heldCards", ()))
        return cls(drawers, int(content["unassignedCash"]), held)


def _instant(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _cents(value: Any) -> int | None:
    return None if value is None else int(value)


def _read_drawer(drawer: Mapping[str, Any]) -> DrawerSummary:
    device = drawer["deviceId"]
    return DrawerSummary(
        id=UUID(drawer["id"]),
        device_id=None if device is None else UUID(device),
        opened_at=datetime.fromisoformat(drawer["openedAt"]),
        closed_at=_instant(drawer["closedAt"]),
        opening_float_cents=int(drawer["openingFloat"]),
        expected_cents=int(drawer["expectedAmount"]),
        counted_cents=_cents(drawer["countedAmount"]),
        variance_cents=_cents(drawer["variance"]),
    )


@dataclass(frozen=True, slots=True)
class ZReport:
    """A Z whole: what its journal entry holds and what it answers forever. ``grand_total`` is
    the running sum of every Z's net sales at the location."""

    number: int
    business_day: date
    start: datetime
    end: datetime
    currency: str
    figures: DayFigures
    till: TillFigures
    grand_total_cents: int
    journal_sequence: int
    forced: bool
    reason: str | None

    def content(self) -> dict[str, Any]:
        """The Z as JSON, in cents: its journal entry's content (hashed; never reshaped)."""
        return {
            "number": self.number,
            "businessDay": self.business_day.isoformat(),
            "from": self.start.isoformat(),
            "to": self.end.isoformat(),
            "currency": self.currency,
            **figures_content(self.figures),
            **self.till.content(),
            "grandTotal": self.grand_total_cents,
            "journalSequence": self.journal_sequence,
            "forced": self.forced,
            "reason": self.reason,
        }

    def to_json(self) -> str:
        """The content's canonical text: what the journal hashes and the Z's copy stores."""
        return canonical(self.content())

    def stored(self) -> StoredZ:
        return StoredZ(self.number, self.journal_sequence, self.end, self.to_json())

    @classmethod
    def read(cls, text: str) -> ZReport:
        """The Z a journal entry's content (or its stored copy) holds: the one reader of a Z's
        text, ``to_json``'s inverse. Every Z so far is its version 1, with no version key."""
        content = json.loads(text)
        return cls(
            number=int(content["number"]),
            business_day=date.fromisoformat(content["businessDay"]),
            start=datetime.fromisoformat(content["from"]),
            end=datetime.fromisoformat(content["to"]),
            currency=str(content["currency"]),
            figures=read_figures(content),
            till=TillFigures.read(content),
            grand_total_cents=int(content["grandTotal"]),
            journal_sequence=int(content["journalSequence"]),
            forced=bool(content["forced"]),
            reason=content["reason"],
        )


@dataclass(frozen=True, slots=True)
class DayClose:
    """A closing of the day as asked: forced (closed with checks still open) only with a
    reason (422 on ``reason`` without one)."""

    force: bool
    reason: str | None

    def __post_init__(self) -> None:
        if self.force and not self.reason:
            raise InvalidInput("reason", "is required to close the day with open checks (force)")

    @property
    def minds_open_checks(self) -> bool:
        """Whether the checks still open may refuse it: unless forced."""
        return not self.force

    def refuse_open_checks(self, open_checks: list[dict[str, object]]) -> None:
        """409 ``open_checks`` (each: id, number, table) while any is open, unless forced."""
        if self.minds_open_checks and open_checks:
            raise ChecksStillOpen(
                f"{len(open_checks)} check(s) are still open: close them, or force the Z "
                "with a reason",
                open_checks,
            )

    def z(
        self,
        *,
        previous: ClosedZ | None,
        journal_sequence: int,
        entries: Iterable[Entry],
        timezone: str,
        currency: str,
        till: TillFigures,
        at: datetime,
    ) -> ZReport:
        """The next Z at ``at``: the ``entries`` since ``previous`` (in sequence order, those
        before ``journal_sequence``, the Z's own), numbered after it."""
        figures = day_figures(entries)
        previous_grand_total = 0 if previous is None else previous.grand_total_cents
        return ZReport(
            number=1 if previous is None else previous.number + 1,
            business_day=business_day(at, timezone),
            start=day_start(previous, figures, at),
            end=at,
            currency=currency,
            figures=figures,
            till=till,
            grand_total_cents=previous_grand_total + figures.net_sales_cents,
            journal_sequence=journal_sequence,
            forced=self.force,
            reason=self.reason if self.force else None,
        )


@dataclass(frozen=True, slots=True)
class XReport:
    """The figures since the last Z as a Z would hold them, unnumbered: with the last Z's
    number (0 before the first) and the last entry's sequence (the last Z's with none since)."""

    figures: DayFigures
    till: TillFigures
    last_z: int
    start: datetime
    end: datetime
    currency: str
    journal_sequence: int

    def content(self) -> dict[str, Any]:
        return {
            **figures_content(self.figures),
            **self.till.content(),
            "lastZ": self.last_z,
            "from": self.start.isoformat(),
            "to": self.end.isoformat(),
            "currency": self.currency,
            "journalSequence": self.journal_sequence,
        }


def x_at(
    *,
    previous: ClosedZ | None,
    last_z_sequence: int,
    entries: Sequence[Entry],
    currency: str,
    till: TillFigures,
    at: datetime,
) -> XReport:
    """The X at ``at``: the ``entries`` since ``previous``."""
    figures = day_figures(entries)
    return XReport(
        figures=figures,
        till=till,
        last_z=0 if previous is None else previous.number,
        start=day_start(previous, figures, at),
        end=at,
        currency=currency,
        journal_sequence=figures.last_sequence or last_z_sequence,
    )


def x_content(**given: Any) -> dict[str, Any]:
    """The X ``x_at`` answers for ``given``, as JSON in cents."""
    return x_at(**given).content()


def z_text(z: ZReport, location_name: str | None) -> list[str]:
    """A Z on 42 columns, for a receipt printer."""
    out: list[str] = []
    if location_name:
        out += [line.center(42).rstrip() for line in wrap(location_name)]
    out += [f"Z REPORT #{z.number}", f"Business day {z.business_day.isoformat()}"]
    out += wrap(f"{z.start.isoformat()[:16]} to {z.end.isoformat()[:16]} UTC")
    if z.forced:
        out += wrap(f"FORCED: {z.reason}")
    out.append(RULE)
    figures = z.figures
    out += columns("Orders", str(figures.order_count))
    for label, cents in (
        ("Net sales", figures.net_sales_cents),
        ("Discounts", figures.discounts_cents),
        ("Service charges", figures.service_charges_cents),
        ("Tips", figures.tips_cents),
        ("Rounding", figures.rounding_cents),
    ):
        out += columns(label, amount(cents))
    out.append(RULE)
    for rate in ordered_rates(figures.taxes):
        out += columns(f"Tax {rate.name}", amount(rate.tax_cents))
    for paid in ordered_methods(figures.by_method):
        out += columns(f"{paid.method} x{paid.count}", amount(paid.amount_cents))
    out.append(RULE)
    refunds = figures.refunds
    out += columns(f"Refunds x{refunds.count}", amount(refunds.amount_cents))
    out += columns(f"Voids x{figures.void_count}", amount(figures.void_cents))
    out.append(RULE)
    for number, drawer in enumerate(z.till.drawers, start=1):
        out += columns(f"Drawer {number} float", amount(drawer.opening_float_cents))
        out += columns("  Expected", amount(drawer.expected_cents))
        if drawer.counted_cents is None or drawer.variance_cents is None:
            out += columns("  Counted", "still open")
        else:
            out += columns("  Counted", amount(drawer.counted_cents))
            out += columns("  Variance", amount(drawer.variance_cents))
    unassigned = z.till.unassigned_cents
    if unassigned:
        out += columns("Cash in no drawer", amount(unassigned))
    for held in z.till.held_cards:
        card = " ".join(part for part in (held.card_brand, held.card_last_four) if part)
        out += columns(f"Card held {card}".rstrip(), amount(held.held_cents))
    if z.till.drawers or unassigned or z.till.held_cards:
        out.append(RULE)
    out += columns(f"GRAND TOTAL {z.currency}", amount(z.grand_total_cents))
    out += columns("Journal sequence", str(z.journal_sequence))
    return out


# Errors and their answers (docs/design.md §2).


class ChecksStillOpen(Conflict):
    """A Z asked for while checks are still open; ``open_checks``: (id, number, table name)."""

    def __init__(self, detail: str, open_checks: list[dict[str, object]]) -> None:
        super().__init__(detail)
        self.open_checks = open_checks


ERRORS = declare_answers(
    {
        ChecksStillOpen: (409, "open_checks"),
    }
)
