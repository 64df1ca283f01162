"""The chaos test's script and model (tests/browser/evening.py): the rules that keep the
model exact, and the comparison that counts what was lost, doubled or made up."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from browser.evening import Evening, Op, Record, compare, plan_evening, record_of

TABLES = ["1", "2", "3", "4", "5", "6"]


def test_a_seed_plans_the_same_evening_every_time() -> None:
    first, _ = plan_evening(42, 300, 3, TABLES)
    again, _ = plan_evening(42, 300, 3, TABLES)
    other, _ = plan_evening(43, 300, 3, TABLES)
    assert first == again
    assert first != other
    assert len(first) == 300


def test_an_evening_does_every_kind_of_operation_on_each_terminal() -> None:
    ops, evening = plan_evening(1, 300, 3, TABLES)
    kinds = {(op.terminal, op.kind) for op in ops}
    every = {"seat", "add", "more", "note", "void", "send", "pay", "complete"}
    assert kinds == {(terminal, kind) for terminal in range(3) for kind in every}
    assert any(op.picks and op.note for op in ops)  # a burger with a note from the chooser
    assert sum(check.completed for check in evening.checks) >= 10


def test_each_terminal_keeps_to_its_own_tables() -> None:
    ops, evening = plan_evening(5, 1000, 3, TABLES)
    assert evening.owned == {0: ["1", "4"], 1: ["2", "5"], 2: ["3", "6"]}
    for op in ops:
        assert op.table in evening.owned[op.terminal]


def test_every_operation_is_one_a_person_can_make_on_screen() -> None:
    ops, _ = plan_evening(9, 2000, 3, TABLES)
    model = Evening(3, TABLES)
    for i, op in enumerate(ops):
        check = model.open.get(op.table)
        if op.kind == "seat":
            assert check is None
            assert 1 <= op.guests <= 8
        else:
            assert check is not None
        if check is not None and op.kind in ("more", "note", "void"):
            target = check.lines[op.line]
            assert target.status == "PENDING"
            # Its buttons name it alone: no other line with the same name shows them.
            shown = check.unsent if op.kind != "void" else check.live
            assert Counter(line.name for line in shown)[target.name] == 1
        if op.kind == "pay":
            assert check is not None
            assert check.live
            assert not check.unsent
            # Completed right after, by the same terminal, before it does anything else.
            following = next(later for later in ops[i + 1 :] if later.terminal == op.terminal)
            assert (following.kind, following.table) == ("complete", op.table)
        model.apply(op)


def test_the_model_follows_a_check_through_its_life() -> None:
    _, evening = plan_evening(3, 400, 3, TABLES)
    completed = next(check for check in evening.checks if check.completed)
    record = completed.record()
    assert record.status == "COMPLETED"
    assert record.payments == ("CASH",)
    assert record.paid_in_full
    assert all(line[4] in ("SENT", "VOIDED") for line in record.lines)
    assert set(evening.open) == {c.table for c in evening.checks if not c.completed}


def test_the_same_product_tapped_again_raises_its_unsent_line() -> None:
    model = Evening(1, TABLES)
    model.apply(Op(0, "seat", "1", guests=2))

    def burger(*picks: str, note: str = "") -> Op:
        return Op(0, "add", "1", product="Burger", picks=picks, modifiers=picks,
                  line_name="Burger", note=note)  # fmt: skip

    model.apply(burger("Medium", "Bacon", "Cheese"))
    model.apply(burger("Medium", "Cheese", "Bacon"))  # the same, picked in another order
    model.apply(burger("Medium", "Bacon"))  # another modifier
    model.apply(burger("Medium", "Bacon", "Cheese", note="No salt"))  # another note
    check = model.open["1"]
    assert [(line.quantity, line.modifiers, line.notes) for line in check.lines] == [
        (2, ("Medium", "Bacon", "Cheese"), None),
        (1, ("Medium", "Bacon"), None),
        (1, ("Medium", "Bacon", "Cheese"), "No salt"),
    ]
    model.apply(Op(0, "send", "1"))
    model.apply(burger("Medium", "Bacon"))  # its line was sent: a line of its own
    assert [(line.quantity, line.status) for line in check.lines][1:] == [
        (1, "SENT"),
        (1, "SENT"),
        (1, "PENDING"),
    ]


def test_an_evening_taps_products_already_on_the_check() -> None:
    ops, evening = plan_evening(1, 300, 3, TABLES)
    adds = sum(op.kind == "add" for op in ops)
    lines = sum(len(check.lines) for check in evening.checks)
    assert lines < adds


def _order(**changes: Any) -> dict[str, Any]:
    item = {
        "name": "Burger",
        "modifiers": [{"name": "Medium"}, {"name": "Bacon"}],
        "notes": "No salt",
        "quantity": 2,
        "status": "SENT",
        "voidReason": None,
    }
    order = {
        "tableName": "4",
        "guestCount": 3,
        "status": "COMPLETED",
        "items": [item],
        "payments": [{"method": "CASH", "amount": 39.6}],
        "total": 39.6,
        "balanceDue": 0,
    }
    return order | changes


def test_a_server_order_reads_as_a_record() -> None:
    record = record_of(_order())
    assert record == Record(
        table="4",
        guests=3,
        status="COMPLETED",
        lines=(("Burger", ("Bacon", "Medium"), "No salt", 2, "SENT", ""),),
        payments=("CASH",),
        paid_in_full=True,
    )
    short = record_of(_order(payments=[{"method": "CASH", "amount": 30}], balanceDue=9.6))
    assert not short.paid_in_full
    twice = record_of(_order(payments=[{"method": "CASH", "amount": 39.6}] * 2, balanceDue=-39.6))
    assert twice.payments == ("CASH", "CASH")
    assert not twice.paid_in_full


def test_comparing_counts_what_was_lost_doubled_or_made_up() -> None:
    _, evening = plan_evening(8, 200, 3, TABLES)
    expected = evening.records()
    assert compare(expected, list(expected)).clean

    lost = compare(expected, expected[1:])
    assert (lost.lost_checks, lost.ghost_checks, lost.doubled_checks) == (1, 0, 0)

    doubled = compare(expected, [*expected, expected[0]])
    assert (doubled.lost_checks, doubled.ghost_checks, doubled.doubled_checks) == (0, 0, 1)

    ghost = replace(expected[0], guests=99, lines=())
    made_up = compare(expected, [*expected, ghost])
    assert (made_up.lost_checks, made_up.ghost_checks, made_up.doubled_checks) == (0, 1, 0)

    with_lines = next(i for i, record in enumerate(expected) if record.lines)
    one_line_twice = replace(
        expected[with_lines], lines=expected[with_lines].lines + expected[with_lines].lines[:1]
    )
    held = [*expected[:with_lines], one_line_twice, *expected[with_lines + 1 :]]
    twice = compare(expected, held)
    assert (twice.lost_checks, twice.ghost_checks, twice.doubled_lines, twice.lost_lines) == (
        0,
        0,
        1,
        0,
    )
    assert len(twice.differing) == 1
    assert not twice.clean


def test_a_line_in_another_state_differs_but_is_neither_lost_nor_doubled() -> None:
    expected = [Record("1", 2, "OPEN", (("Fries", (), "", 1, "VOIDED", "Guest"),), (), False)]
    held = [Record("1", 2, "OPEN", (("Fries", (), "", 1, "PENDING", ""),), (), False)]
    tally = compare(expected, held)
    assert (tally.lost_lines, tally.doubled_lines, len(tally.differing)) == (0, 0, 1)
    assert not tally.clean
