"""Splitting a check, sharing a line, moving lines, merging checks: the money rules.

Lines move between checks whole (a line split by quantity first becomes two lines whose
quantities and totals add up to its own). What the lines carry of the order's discount and
service charges (a ``Portion``) is worked out on the order as it was, by largest remainder, so
every figure before tax of the checks after adds up to the checks' before, to the cent: each
check is then ``settled`` on its portion, its charges adjusted by the cent or two their own
rounding would have made otherwise. Each check's tax is its own, computed from its own lines
and charges (docs/design.md §5, §25): a receipt's VAT is always right for that receipt.

Pure: the ``Order`` aggregate calls these and records what changed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType
from typing import TypeVar
from uuid import UUID

from brigade.kit import money
from brigade.kit.errors import InvalidInput
from brigade.orders.domain.commands import SplitCheck
from brigade.orders.domain.records import OrderCharge, OrderHeader, OrderItem
from brigade.orders.domain.totals import (
    Line,
    OrderTotals,
    allocate,
)

# A line is shared in 2 to 20 parts (docs/design.md §5).
MIN_SHARES = 2
MAX_SHARES = 20

_K = TypeVar("_K")


def _added(one: Mapping[_K, int], other: Mapping[_K, int]) -> dict[_K, int]:
    summed = dict(one)
    for key, cents in other.items():
        summed[key] = summed.get(key, 0) + cents
    return summed


@dataclass(frozen=True, slots=True)
class Portion:
    """A check's part of the money that does not belong to one line: its discount and what
    each service charge comes to (by charge id)."""

    discount_cents: int = 0
    charges: Mapping[UUID, int] = field(default_factory=lambda: MappingProxyType({}))

    def __add__(self, other: Portion) -> Portion:
        return Portion(
            self.discount_cents + other.discount_cents, _added(self.charges, other.charges)
        )


def whole_portion(totals: OrderTotals, charges: Sequence[OrderCharge]) -> Portion:
    """All of an order's money: ``charges`` are those that apply, as its totals took them."""
    return Portion(
        totals.discount_cents,
        {
            c.service_charge_id: cents
            for c, cents in zip(charges, totals.charge_amounts, strict=True)
        },
    )


def spread_over(amount_cents: int, weights: Sequence[int]) -> list[int]:
    """``amount_cents`` over ``weights``; nothing to weigh by leaves it with the first."""
    if sum(weights) == 0:
        return [amount_cents] + [0] * (len(weights) - 1)
    return allocate(amount_cents, weights)


def portions(
    totals: OrderTotals,
    charges: Sequence[OrderCharge],
    pieces: Sequence[Sequence[tuple[int, int]]],
    count: int,
) -> list[Portion]:
    """The ``count`` portions of an order whose live lines (as its ``totals`` took them) go,
    in ``pieces``, to the checks each piece names (0: the order itself): per line, its
    pieces' (check, cents), adding up to the line (a line split by quantity has two). A line
    carries its own part of the discount, shared by its pieces; each charge that applies
    (``charges``) follows what the lines come to after the discount, pro rata."""
    discounts = [0] * count
    bases = [0] * count
    for parts, offs in zip(pieces, piece_discounts(totals, pieces), strict=True):
        for (group, cents), off in zip(parts, offs, strict=True):
            discounts[group] += off
            bases[group] += cents - off
    charged: list[dict[UUID, int]] = [{} for _ in range(count)]
    for charge, cents in zip(charges, totals.charge_amounts, strict=True):
        for group, part in enumerate(spread_over(cents, bases)):
            charged[group][charge.service_charge_id] = part
    return [Portion(discounts[g], charged[g]) for g in range(count)]


def piece_discounts(
    totals: OrderTotals, pieces: Sequence[Sequence[tuple[int, int]]]
) -> list[list[int]]:
    """Each live line's part of the discount (as ``totals`` took it), shared by its pieces
    (``portions``) by amount."""
    return [
        spread_over(discount, [cents for _, cents in parts])
        for parts, discount in zip(pieces, totals.line_discounts, strict=True)
    ]


def carrying(items: Sequence[OrderItem], parts: Mapping[UUID, int]) -> list[OrderItem]:
    """The items a check holds after a split, a move, a merge or a share, each carrying its
    part of the discount (``parts``, by item id; none: 0), so the discount stays on the rates
    it was on (docs/design.md §25); a check left with no discount carries none at all."""
    carried = any(parts.get(item.id, 0) for item in items)
    return [
        dataclasses.replace(item, discount_cents=parts.get(item.id, 0) if carried else None)
        for item in items
    ]


def frozen_charge(charge: OrderCharge) -> OrderCharge:
    """A charge that applied to a check before a split, a move or a merge, as the checks after
    keep it: it applies whatever their guest counts (its minimum was met), and an automatic
    one still takes a manager to waive."""
    return dataclasses.replace(charge, min_guests=None)


def settled(header: OrderHeader, lines: Sequence[Line], portion: Portion) -> OrderHeader:
    """``header`` with ``portion``'s discount, and its charges (those that apply) adjusted so
    that they come to ``portion``'s to the cent over its live ``lines``. Its tax is its own
    (an order settled before docs/design.md §25 loses the tax cents it was adjusted by)."""
    header = dataclasses.replace(header, discount_cents=portion.discount_cents, tax_adjustments=())
    base_cents = sum(line.amount_cents for line in lines) - portion.discount_cents
    applying = {id(c) for c in header.applying_charges()}
    charges = []
    for charge in header.service_charges:
        if id(charge) in applying:
            plain = dataclasses.replace(charge, adjustment_cents=0).charge().cents(base_cents)
            wanted = portion.charges.get(charge.service_charge_id, 0)
            charge = dataclasses.replace(charge, adjustment_cents=wanted - plain)
        charges.append(charge)
    return dataclasses.replace(header, service_charges=tuple(charges))


def split_line(item: OrderItem, quantity: Decimal, new_id: UUID) -> tuple[OrderItem, OrderItem]:
    """``quantity`` of ``item`` as a line of its own (``new_id``), and what the item keeps:
    the two quantities and totals add up to the item's (its total shared by quantity)."""
    if not 0 < quantity < item.quantity:
        raise InvalidInput("quantity", f"must be more than 0 and less than {item.quantity}")
    moved_units = money.quantity_to_units(quantity)
    kept_units = money.quantity_to_units(item.quantity) - moved_units
    moved_cents, kept_cents = allocate(item.total_cents, [moved_units, kept_units])
    kept = dataclasses.replace(
        item, quantity=money.quantity_from_units(kept_units), total_cents=kept_cents
    )
    moved = dataclasses.replace(
        item,
        id=new_id,
        quantity=quantity,
        total_cents=moved_cents,
        sent_as_id=_sent_as(item),
    )
    return kept, moved


def _sent_as(item: OrderItem) -> UUID | None:
    """What a new part of ``item`` is to the kitchen: the line its ticket names, once sent."""
    return item.kitchen_line_id if item.kitchen_ticket_id is not None else None


def share_line(item: OrderItem, new_ids: Sequence[UUID]) -> list[OrderItem]:
    """``item`` shared in ``len(new_ids) + 1`` parts: the item itself and one new line per id,
    each an equal part of its quantity and of its total, the first parts taking the odd cents
    and thousandths (10.00 in 3: 3.34, 3.33, 3.33), so the parts add up to the item."""
    count = len(new_ids) + 1
    if not MIN_SHARES <= count <= MAX_SHARES:
        raise InvalidInput("parts", f"must be between {MIN_SHARES} and {MAX_SHARES}")
    units = money.quantity_to_units(item.quantity)
    if units < count:
        raise InvalidInput("parts", f"{item.quantity} can't be shared in {count} parts")
    quantities = allocate(units, [1] * count)
    totals = allocate(item.total_cents, [1] * count)
    ids = [item.id, *new_ids]
    return [
        dataclasses.replace(
            item,
            id=part_id,
            quantity=money.quantity_from_units(part_units),
            total_cents=part_cents,
            sent_as_id=item.sent_as_id if part_id == item.id else _sent_as(item),
        )
        for part_id, part_units, part_cents in zip(ids, quantities, totals, strict=True)
    ]


def by_seat(seats: Mapping[UUID, int | None]) -> list[list[UUID]]:
    """A split by seat: one new check per distinct seat (in seat order) with that seat's
    items; items with no seat stay, and when every item has a seat the lowest seat's stay
    (the check split is never left empty). ``seats``: each live item's seat (None: none)."""
    seated: dict[int, list[UUID]] = {}
    for item_id, seat in seats.items():
        if seat is not None:
            seated.setdefault(seat, []).append(item_id)
    groups = [seated[seat] for seat in sorted(seated)]
    if None not in seats.values():
        return groups[1:]
    return groups


def selections(
    command: SplitCheck, seats: Mapping[UUID, int | None]
) -> list[Mapping[UUID, Decimal | None]]:
    """What each new check of a split takes: the items the command names, or each seat's
    (``seats``: each live item's seat)."""
    if command.by_seat:
        if command.items:
            raise InvalidInput("items", "a split by seat names no items")
        if all(seat is None for seat in seats.values()):
            raise InvalidInput("bySeat", "no item of the check has a seat")
        seated = by_seat(seats)
        if not seated:
            raise InvalidInput("bySeat", "every item is on one seat: nothing to split off")
        return [dict.fromkeys(group) for group in seated]
    if not command.items:
        raise InvalidInput("items", "name the items of the new check (or split bySeat)")
    return [command.items]


def guests_after_split(
    guest_counts: Sequence[int] | None, guest_count: int | None, new_checks: int, *, by_seat: bool
) -> tuple[int | None, list[int | None]]:
    """The guests of the check split and of each new one, conserved (docs/design.md §25): as
    the caller says (one count per check after, this one first, adding up to this check's
    guests when it has a count); else a split by seat moves one guest per new check while
    there are guests to move and a split by items moves none. A check with no count (None)
    gives its new checks none either."""
    if guest_counts is not None:
        if len(guest_counts) != new_checks + 1:
            raise InvalidInput(
                "guestCounts",
                f"must give {new_checks + 1} counts: this check's, then each new one's",
            )
        if guest_count is not None and sum(guest_counts) != guest_count:
            raise InvalidInput("guestCounts", f"must add up to the check's {guest_count} guests")
        return guest_counts[0], list(guest_counts[1:])
    if guest_count is None:
        return None, [None] * new_checks
    moved = [1 if by_seat and index < guest_count else 0 for index in range(new_checks)]
    return guest_count - sum(moved), list(moved)


def merged_guests(mine: int | None, theirs: int | None) -> int | None:
    """A merge seats both checks' guests at one (None: not said, on both)."""
    if mine is None and theirs is None:
        return None
    return (mine or 0) + (theirs or 0)
