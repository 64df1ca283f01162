"""The books' invariants (docs/design.md §25), checked on orders as the API shows them (an
order's detail JSON): the stateful tests over the aggregate and over the API share them.

Each check answers what is wrong, in words (empty: nothing); the tests assert it is empty, so a
failure says every invariant it broke at once. Amounts are read as integer cents.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, run_state_machine_as_test

RATE_SCALE = 1_000_000
OPEN = frozenset({"DRAFT", "OPEN"})
TO_COOK = frozenset({"SENT", "PREPARING"})

Order = Mapping[str, Any]
RateKey = tuple[str | None, int]


def cents(amount: Any) -> int:
    return int(Decimal(str(amount)) * 100)


def units(rate: Any) -> int:
    return int(Decimal(str(rate)) * RATE_SCALE)


def half_up(numerator: int, denominator: int) -> int:
    return (2 * numerator + denominator) // (2 * denominator)


def live_items(order: Order) -> list[Mapping[str, Any]]:
    return [item for item in order["items"] if item["status"] != "VOIDED"]


def _rate_of_charge(order: Order, charge: Mapping[str, Any]) -> RateKey | None:
    if charge["taxRateId"] is None:
        return None
    found = [
        (tax["taxRateId"], units(tax["rate"]))
        for tax in order["taxes"]
        if tax["taxRateId"] == charge["taxRateId"]
    ]
    return found[0] if len(found) == 1 else None


def taxed_by_rate(order: Order) -> dict[RateKey, int]:
    """What each rate taxes: its lines after their part of the discount, and the service
    charges taxed at it (docs/design.md §25)."""
    taxed: dict[RateKey, int] = {}
    for item in live_items(order):
        key = (item["taxRateId"], units(item["taxRate"]))
        taxed[key] = taxed.get(key, 0) + cents(item["total"]) - cents(item["discountAmount"])
    for charge in order["serviceCharges"]:
        rate = _rate_of_charge(order, charge)
        if rate is not None:
            taxed[rate] = taxed.get(rate, 0) + cents(charge["amount"])
    return taxed


def rate_tax(taxed: int, rate_units: int, mode: str) -> int:
    if mode == "INCLUSIVE":
        return half_up(taxed * rate_units, RATE_SCALE + rate_units)
    return half_up(taxed * rate_units, RATE_SCALE)


def order_problems(order: Order) -> list[str]:
    """Every invariant one order breaks: its totals, its tax by rate, its balance."""
    problems: list[str] = []
    name = f"#{order['orderNumber']}"

    def expect(what: str, found: int, wanted: int) -> None:
        if found != wanted:
            problems.append(f"{name}: {what} is {found}, not {wanted}")

    mode = order["taxMode"]
    live = live_items(order)
    subtotal = sum(cents(item["total"]) for item in live)
    expect("subtotal", cents(order["subtotal"]), subtotal)
    discount = cents(order["discountAmount"])
    if not 0 <= discount <= subtotal:
        problems.append(f"{name}: discount {discount} is outside 0..{subtotal}")
    expect("the lines' discounts", sum(cents(item["discountAmount"]) for item in live), discount)
    for item in live:
        if not 0 <= cents(item["discountAmount"]) <= cents(item["total"]):
            problems.append(f"{name}: {item['name']} carries {item['discountAmount']} off")
    charges = sum(cents(charge["amount"]) for charge in order["serviceCharges"])
    expect("serviceChargeTotal", cents(order["serviceChargeTotal"]), charges)
    taxed = taxed_by_rate(order)
    shown = {(tax["taxRateId"], units(tax["rate"])): tax for tax in order["taxes"]}
    if set(shown) != set(taxed):
        problems.append(f"{name}: rates {sorted(map(str, shown))} != {sorted(map(str, taxed))}")
    tax_total = 0
    for key, tax in shown.items():
        base = taxed.get(key, 0)
        wanted = rate_tax(base, key[1], mode)
        found = cents(tax["taxAmount"])
        tax_total += found
        expect(f"tax at {tax['name']}", found, wanted)
        if mode == "INCLUSIVE":
            expect(f"gross at {tax['name']}", cents(tax["grossAmount"]), base)
            expect(f"net at {tax['name']}", cents(tax["netAmount"]), base - found)
        else:
            expect(f"net at {tax['name']}", cents(tax["netAmount"]), base)
        parts = sum(
            cents(item["taxAmount"])
            for item in live
            if (item["taxRateId"], units(item["taxRate"])) == key
        ) + sum(
            cents(charge["taxAmount"])
            for charge in order["serviceCharges"]
            if _rate_of_charge(order, charge) == key
        )
        expect(f"lines' and charges' tax at {tax['name']}", parts, found)
    expect("taxAmount", cents(order["taxAmount"]), tax_total)
    total = subtotal - discount + charges + (tax_total if mode == "EXCLUSIVE" else 0)
    expect("total", cents(order["total"]), total)
    taken = [p for p in order["payments"] if p["status"] == "COMPLETED"]
    paid = sum(cents(p["amount"]) for p in taken)
    expect("paidAmount", cents(order["paidAmount"]), paid)
    expect("tipTotal", cents(order["tipTotal"]), sum(cents(p["tipAmount"]) for p in taken))
    rounding = sum(cents(p["roundingAdjustment"]) for p in taken)
    expect("roundingAdjustment", cents(order["roundingAdjustment"]), rounding)
    balance = cents(order["balanceDue"])
    if order["status"] != "CANCELLED":
        expect("balanceDue", balance, total + rounding - paid)
        if balance < 0:
            problems.append(f"{name}: paid {paid} is more than it comes to")
    if order["status"] == "COMPLETED":
        expect("a completed check's balance", balance, 0)
    if order["guestCount"] is not None and order["guestCount"] < 0:
        problems.append(f"{name}: {order['guestCount']} guests")
    return problems


def _sums(orders: Iterable[Order]) -> dict[str, Any]:
    sums: dict[str, Any] = {
        "subtotal": 0,
        "discount": 0,
        "total": 0,
        "paid": 0,
        "tips": 0,
        "rounding": 0,
        "guests": 0,
        "charges": Counter[str](),
        "taxes": Counter[RateKey](),
        "payments": Counter[str](),
        "cooking": Counter[tuple[str, str, int | None, int]](),
    }
    for order in orders:
        sums["subtotal"] += cents(order["subtotal"])
        sums["discount"] += cents(order["discountAmount"])
        sums["total"] += cents(order["total"])
        sums["paid"] += cents(order["paidAmount"])
        sums["tips"] += cents(order["tipTotal"])
        sums["rounding"] += cents(order["roundingAdjustment"])
        sums["guests"] += order["guestCount"] or 0
        for charge in order["serviceCharges"]:
            sums["charges"][charge["serviceChargeId"]] += cents(charge["amount"])
        for tax in order["taxes"]:
            sums["taxes"][(tax["taxRateId"], units(tax["rate"]))] += cents(tax["taxAmount"])
        for payment in order["payments"]:
            sums["payments"][payment["id"]] += 1
        for item in live_items(order):
            kind = (item["productId"], item["status"], item["seat"], item["course"])
            sums["cooking"][kind] += round(Decimal(str(item["quantity"])) * 1000)
    return sums


def conservation_problems(
    before: Sequence[Order], after: Sequence[Order], *, guests_move: bool = True
) -> list[str]:
    """What a split, share, move or merge changed that it must conserve across the checks it
    touched (``before`` and ``after``): every figure before tax, the payments, the guests, what
    the kitchen must cook; in INCLUSIVE mode the totals. Each check's tax is its own, so the
    rates' tax may differ by a cent per resulting check (docs/design.md §25)."""
    was, now = _sums(before), _sums(after)
    problems = [
        f"{figure} was {was[figure]}, is {now[figure]}"
        for figure in ("subtotal", "discount", "paid", "tips", "rounding")
        if was[figure] != now[figure]
    ]
    problems += [
        f"{figure} were {dict(was[figure])}, are {dict(now[figure])}"
        for figure in ("charges", "payments", "cooking")
        if +was[figure] != +now[figure]
    ]
    if guests_move and was["guests"] != now["guests"]:
        problems.append(f"guests were {was['guests']}, are {now['guests']}")
    checks = len(after)
    for key in set(was["taxes"]) | set(now["taxes"]):
        if abs(was["taxes"][key] - now["taxes"][key]) > checks:
            problems.append(f"tax at {key} was {was['taxes'][key]}, is {now['taxes'][key]}")
    inclusive = all(order["taxMode"] == "INCLUSIVE" for order in after)
    if inclusive and was["total"] != now["total"]:
        problems.append(f"the totals were {was['total']}, are {now['total']}")
    return problems


# Each night is a state machine's run of this many steps; CI's number of nights is each test's,
# new nights each run (docs/testing.md); BRIGADE_SOAK_EXAMPLES sets another.
SOAK_NIGHTS = os.environ.get("BRIGADE_SOAK_EXAMPLES")
STEPS = 30


def nights(machine: type[RuleBasedStateMachine], *, in_ci: int) -> None:
    """Run ``in_ci`` random nights of ``machine`` (CI's bound); with BRIGADE_SOAK_SECONDS set
    (`make soak`), run batches of new nights until that many seconds have gone."""
    run = settings(
        max_examples=int(SOAK_NIGHTS) if SOAK_NIGHTS else in_ci,
        stateful_step_count=STEPS,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    until = time.monotonic() + float(os.environ.get("BRIGADE_SOAK_SECONDS", "0"))
    while True:
        run_state_machine_as_test(machine, settings=run)
        if time.monotonic() >= until:
            return
