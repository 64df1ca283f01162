"""A scripted evening for several terminals, and the model of what the server must hold after
it: pure Python, no browser, no server (tests/browser/test_evening.py).

The rules keep the model exact whatever the network does: each terminal owns its own tables,
so no two terminals ever touch one check; a line is named on screen by its product's name, so
a change or a void only targets a line whose name is the only one of its kind where the button
is shown; a product tapped again as an unsent line has it (the same name, modifiers in any order
and note) raises that line's quantity, as the terminal does (docs/design.md §14, "Same line");
only unsent lines are voided (a sent one needs a manager, and a manager needs the
server); a check is paid (cash, the whole balance) only when every live line is sent, and
completed right after.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

# What a product tap can be: the product, what the chooser picks (nothing for a plain one),
# and the line's name on the check.
PLAIN = ("Fries", "Salad", "Lemonade", "Fish of the day")
SIZES = ("Regular $4.00", "Large $5.25")
TEMPERATURES = ("Rare", "Medium rare", "Medium", "Well done")
EXTRAS = ("Bacon", "Cheese", "Avocado", "Fried egg")
NOTES = ("No salt", "Allergy: nuts", "Extra hot", "On the side", "Birthday: a candle")
VOID_REASONS = ("Guest changed their mind", "Entered by mistake")


@dataclass(frozen=True)
class Op:
    """One thing a person does on a terminal. ``line``: the target line's index in its check."""

    terminal: int
    kind: str  # seat, add, more, note, void, send, pay, complete
    table: str
    guests: int = 0
    product: str = ""
    picks: tuple[str, ...] = ()
    modifiers: tuple[str, ...] = ()  # what the server names on the line (picks without sizes)
    line_name: str = ""
    note: str = ""
    line: int = -1


@dataclass
class Line:
    name: str
    modifiers: tuple[str, ...]
    notes: str | None
    quantity: int = 1
    status: str = "PENDING"  # PENDING, SENT, VOIDED
    void_reason: str | None = None

    def same_as(self, other: Line) -> bool:
        """The same product, size, modifiers (in any order) and note: one line on the check."""
        return (self.name, sorted(self.modifiers), self.notes or "") == (
            other.name,
            sorted(other.modifiers),
            other.notes or "",
        )

    def key(self) -> tuple[Any, ...]:
        """What is compared, sortable: modifiers in any order, no note or reason as ""."""
        return (
            self.name,
            tuple(sorted(self.modifiers)),
            self.notes or "",
            self.quantity,
            self.status,
            self.void_reason or "",
        )


@dataclass
class Check:
    terminal: int
    table: str
    guests: int
    lines: list[Line] = field(default_factory=list)
    sent: bool = False
    paid: bool = False
    completed: bool = False

    @property
    def unsent(self) -> list[Line]:
        return [line for line in self.lines if line.status == "PENDING"]

    @property
    def live(self) -> list[Line]:
        return [line for line in self.lines if line.status != "VOIDED"]

    def status(self) -> str:
        if self.completed:
            return "COMPLETED"
        return "OPEN" if self.sent else "DRAFT"

    def record(self) -> Record:
        return Record(
            table=self.table,
            guests=self.guests,
            status=self.status(),
            lines=tuple(sorted(line.key() for line in self.lines)),
            payments=("CASH",) if self.paid else (),
            paid_in_full=self.paid,
        )


@dataclass(frozen=True)
class Record:
    """A check as compared: the model's, or the server's order read back."""

    table: str | None
    guests: int | None
    status: str
    lines: tuple[tuple[Any, ...], ...]
    payments: tuple[str, ...]
    paid_in_full: bool


def record_of(order: dict[str, Any]) -> Record:
    """The server's order (GET /api/orders/{id}) as a Record."""
    lines = tuple(
        sorted(
            Line(
                name=item["name"],
                modifiers=tuple(modifier["name"] for modifier in item["modifiers"]),
                notes=item["notes"] or None,
                quantity=item["quantity"],
                status=item["status"],
                void_reason=item.get("voidReason"),
            ).key()
            for item in order["items"]
        )
    )
    payments = order["payments"]
    paid = sum((Decimal(str(payment["amount"])) for payment in payments), Decimal(0))
    return Record(
        table=order.get("tableName"),
        guests=order.get("guestCount"),
        status=order["status"],
        lines=lines,
        payments=tuple(sorted(payment["method"] for payment in payments)),
        paid_in_full=bool(payments)
        and paid == Decimal(str(order["total"]))
        and Decimal(str(order["balanceDue"])) == 0,
    )


class Evening:
    """The model: the checks the script has opened, in order, and each table's open one."""

    def __init__(self, terminals: int, tables: list[str]) -> None:
        self.terminals = terminals
        # Each terminal owns every `terminals`-th table: no two ever share a check.
        self.owned = {t: tables[t::terminals] for t in range(terminals)}
        self.checks: list[Check] = []
        self.open: dict[str, Check] = {}

    def apply(self, op: Op) -> None:
        if op.kind == "seat":
            check = Check(op.terminal, op.table, op.guests)
            self.checks.append(check)
            self.open[op.table] = check
            return
        check = self.open[op.table]
        if op.kind == "add":
            added = Line(op.line_name, op.modifiers, op.note or None)
            same = next((line for line in check.unsent if line.same_as(added)), None)
            if same is None:
                check.lines.append(added)
            else:
                same.quantity += 1
        elif op.kind == "more":
            check.lines[op.line].quantity += 1
        elif op.kind == "note":
            check.lines[op.line].notes = op.note
        elif op.kind == "void":
            check.lines[op.line].status = "VOIDED"
            check.lines[op.line].void_reason = op.note
        elif op.kind == "send":
            for line in check.unsent:
                line.status = "SENT"
            check.sent = True
        elif op.kind == "pay":
            check.paid = True
        elif op.kind == "complete":
            check.completed = True
            del self.open[op.table]
        else:
            raise ValueError(f"no such operation: {op.kind}")

    def records(self) -> list[Record]:
        return [check.record() for check in self.checks]


def _named_once(lines: list[Line], among: list[Line]) -> list[int]:
    """Indices (in ``lines``) of the lines whose name no other line of ``among`` has."""
    names = Counter(line.name for line in among)
    ids = {id(line) for line in among}
    return [i for i, line in enumerate(lines) if id(line) in ids and names[line.name] == 1]


def _addition(rng: random.Random, terminal: int, table: str) -> Op:
    product = rng.choice((*PLAIN, *PLAIN, "Latte", "Ribeye", "Burger"))
    if product == "Latte":
        size = rng.choice(SIZES)
        name = f"Latte ({size.split()[0]})"
        return Op(terminal, "add", table, product=product, picks=(size,), line_name=name)
    if product == "Ribeye":
        temperature = rng.choice(TEMPERATURES)
        return Op(
            terminal,
            "add",
            table,
            product=product,
            picks=(temperature,),
            modifiers=(temperature,),
            line_name=product,
        )
    if product == "Burger":
        picks = (rng.choice(TEMPERATURES), *rng.sample(EXTRAS, rng.randint(0, 2)))
        note = rng.choice(("", *NOTES))
        return Op(
            terminal,
            "add",
            table,
            product=product,
            picks=picks,
            modifiers=picks,
            line_name=product,
            note=note,
        )
    return Op(terminal, "add", table, product=product, line_name=product)


def _next_on_check(rng: random.Random, terminal: int, check: Check) -> Op:
    table = check.table
    if check.paid:
        return Op(terminal, "complete", table)
    choices: list[tuple[str, float]] = [("add", 4.0)]
    changeable = _named_once(check.lines, check.unsent)
    voidable = [i for i in _named_once(check.lines, check.live) if i in changeable]
    if changeable:
        choices += [("more", 1.0), ("note", 1.0)]
    if check.unsent:
        choices.append(("send", 2.0))
    if voidable:
        choices.append(("void", 1.0))
    if check.live and not check.unsent and len(check.lines) >= 2:
        choices.append(("pay", 2.5))
    kinds, weights = zip(*choices, strict=True)
    kind = rng.choices(kinds, weights)[0]
    if kind == "add":
        return _addition(rng, terminal, table)
    if kind in ("more", "note"):
        line = rng.choice(changeable)
        return Op(
            terminal, kind, table, line=line, note=rng.choice(NOTES) if kind == "note" else ""
        )
    if kind == "void":
        return Op(terminal, "void", table, line=rng.choice(voidable), note=rng.choice(VOID_REASONS))
    return Op(terminal, kind, table)


def plan_evening(
    seed: int, operations: int, terminals: int, tables: list[str]
) -> tuple[list[Op], Evening]:
    """``operations`` ops spread at random over the terminals, and the model after them."""
    rng = random.Random(seed)
    evening = Evening(terminals, tables)
    focus = {t: evening.owned[t][0] for t in range(terminals)}
    ops: list[Op] = []
    while len(ops) < operations:
        terminal = rng.randrange(terminals)
        table = focus[terminal]
        check = evening.open.get(table)
        # A terminal moves to another of its tables now and then, never between paying and
        # completing.
        if (check is None or not check.paid) and rng.random() < 0.2:
            table = rng.choice(evening.owned[terminal])
            focus[terminal] = table
            check = evening.open.get(table)
        if check is None:
            op = Op(terminal, "seat", table, guests=rng.randint(1, 8))
        else:
            op = _next_on_check(rng, terminal, check)
        evening.apply(op)
        ops.append(op)
    return ops, evening


@dataclass
class Tally:
    """How the server's checks differ from the model's."""

    lost_checks: int = 0
    ghost_checks: int = 0
    doubled_checks: int = 0
    lost_lines: int = 0
    doubled_lines: int = 0
    differing: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not (self.lost_checks or self.ghost_checks or self.doubled_checks or self.differing)


def compare(expected: list[Record], held: list[Record]) -> Tally:
    """Matches the server's checks (``held``, in the order they were made) with the model's,
    table by table: equal ones first; what is left is lost (the model's), ghost or doubled
    (the server's), or differs (paired in order, line by line)."""
    tally = Tally()
    tables = {record.table for record in expected} | {record.table for record in held}
    for table in sorted(tables, key=str):
        wanted = [record for record in expected if record.table == table]
        found = [record for record in held if record.table == table]
        unmatched: list[Record] = []
        for record in wanted:
            if record in found:
                found.remove(record)
            else:
                unmatched.append(record)
        extra = [record for record in found if record not in expected]
        doubles = [record for record in found if record in expected]
        tally.doubled_checks += len(doubles)
        for want, got in zip(unmatched, extra, strict=False):
            # A line is itself by its product and modifiers: one there in another state
            # (quantity, note, status) differs, and is neither lost nor doubled.
            want_kinds, got_kinds = Counter(_kinds(want)), Counter(_kinds(got))
            tally.lost_lines += sum((want_kinds - got_kinds).values())
            tally.doubled_lines += sum((got_kinds - want_kinds).values())
            tally.differing.append(f"table {table}: expected {want}, the server holds {got}")
        tally.lost_checks += max(0, len(unmatched) - len(extra))
        tally.ghost_checks += max(0, len(extra) - len(unmatched))
    return tally


def _kinds(record: Record) -> list[tuple[Any, ...]]:
    return [line[:2] for line in record.lines]
