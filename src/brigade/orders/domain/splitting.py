"""Splitting a check, sharing a line, moving lines, merging checks: the money rules.

Lines move between checks whole (a line split by quantity first becomes two lines whose
quantities and totals add up to its own). What the lines carry of the order's discount,
service charges and tax (a ``Portion``) is worked out on the order as it was, by largest
remainder, so every total of the checks after adds up to the checks' before, to the cent:
each check is then ``settled`` on its portion, its charges and taxes adjusted by the cent
or two their own rounding would have made otherwise (docs/design.md §5).

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
    TaxKey,
    allocate,
    compute_totals,
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
    """A check's part of the money that does not belong to one line: its discount, what each
    service charge comes to (by charge id) and each rate's tax (lines' and charges')."""

    discount_cents: int = 0
    charges: Mapping[UUID, int] = field(default_factory=lambda: MappingProxyType({}))
    taxes: Mapping[TaxKey, int] = field(default_factory=lambda: MappingProxyType({}))

    def __add__(self, other: Portion) -> Portion:
        return Portion(
            self.discount_cents + other.discount_cents,
            _added(self.charges, other.charges),
            _added(self.taxes, other.taxes),
        )


def whole_portion(totals: OrderTotals, charges: Sequence[OrderCharge]) -> Portion:
    """All of an order's money: ``charges`` are those that apply, as its totals took them."""
    return Portion(
        totals.discount_cents,
        {
            c.service_charge_id: cents
            for c, cents in zip(charges, totals.charge_amounts, strict=True)
        },
        {rate.tax.key: rate.tax_cents for rate in totals.taxes},
    )


def _spread(amount_cents: int, weights: Sequence[int]) -> list[int]:
    """``amount_cents`` over ``weights``; nothing to weigh by leaves it with the first."""
    if sum(weights) == 0:
        return [amount_cents] + [0] * (len(weights) - 1)
    return allocate(amount_cents, weights)


def portions(
    totals: OrderTotals,
    lines: Sequence[Line],
    charges: Sequence[OrderCharge],
    pieces: Sequence[Sequence[tuple[int, int]]],
    count: int,
) -> list[Portion]:
    """The ``count`` portions of an order whose live ``lines`` (as its ``totals`` took them)
    go, in ``pieces``, to the checks each piece names (0: the order itself): per line, its
    pieces' (check, cents), adding up to the line (a line split by quantity has two). A line
    carries its own part of the discount and of its rate's tax, shared by its pieces; each
    charge that applies (``charges``) follows what the lines come to after the discount, pro
    rata, and its tax follows it."""
    discounts = [0] * count
    bases = [0] * count
    taxes: list[dict[TaxKey, int]] = [{} for _ in range(count)]
    for line, parts, discount, tax in zip(
        lines, pieces, totals.line_discounts, totals.line_taxes, strict=True
    ):
        amounts = [cents for _, cents in parts]
        discount_parts = _spread(discount, amounts)
        net_parts = [cents - off for cents, off in zip(amounts, discount_parts, strict=True)]
        for (group, _), off, net, part in zip(
            parts, discount_parts, net_parts, _spread(tax, net_parts), strict=True
        ):
            discounts[group] += off
            bases[group] += net
            taxes[group][line.tax.key] = taxes[group].get(line.tax.key, 0) + part
    charged: list[dict[UUID, int]] = [{} for _ in range(count)]
    for charge, cents, tax_cents in zip(
        charges, totals.charge_amounts, totals.charge_taxes, strict=True
    ):
        charge_parts = _spread(cents, bases)
        tax_parts = _spread(tax_cents, charge_parts)
        for group in range(count):
            charged[group][charge.service_charge_id] = charge_parts[group]
            if charge.tax is not None:
                key = charge.tax.key
                taxes[group][key] = taxes[group].get(key, 0) + tax_parts[group]
    return [Portion(discounts[g], charged[g], taxes[g]) for g in range(count)]


def frozen_charge(charge: OrderCharge) -> OrderCharge:
    """A charge that applied to a check before a split, a move or a merge, as the checks after
    keep it: it applies whatever their guest counts (its minimum was met), and an automatic
    one still takes a manager to waive."""
    return dataclasses.replace(charge, min_guests=None)


def settled(header: OrderHeader, lines: Sequence[Line], portion: Portion) -> OrderHeader:
    """``header`` with ``portion``'s discount, and its charges (those that apply) and taxes
    adjusted so that its totals over its live ``lines`` come to ``portion``'s to the cent."""
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
    header = dataclasses.replace(header, service_charges=tuple(charges))
    totals = compute_totals(
        lines,
        portion.discount_cents,
        (),
        [charge.charge() for charge in header.applying_charges()],
        header.terms,
    )
    adjustments = tuple(
        (rate.tax.key, portion.taxes.get(rate.tax.key, 0) - rate.tax_cents)
        for rate in totals.taxes
        if portion.taxes.get(rate.tax.key, 0) != rate.tax_cents
    )
    return dataclasses.replace(header, tax_adjustments=adjustments)


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
    moved = dataclasses.replace(item, id=new_id, quantity=quantity, total_cents=moved_cents)
    return kept, moved


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
    guest_counts: Sequence[int] | None, guest_count: int | None, new_checks: int
) -> tuple[int | None, list[int | None]]:
    """The guests of the check split and of each new one: as the caller says (one count per
    check after, this one first), else it keeps its own and each new check has one."""
    if guest_counts is None:
        return guest_count, [1] * new_checks
    if len(guest_counts) != new_checks + 1:
        raise InvalidInput(
            "guestCounts", f"must give {new_checks + 1} counts: this check's, then each new one's"
        )
    return guest_counts[0], list(guest_counts[1:])
