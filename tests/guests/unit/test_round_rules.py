"""A guests' round's rules (docs/design.md §28): decided once, confirmed or declined; a
visit's limits refuse in words; a decline takes off only what the kitchen has not been sent."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from brigade.guests.domain import (
    ROUND_TRANSITIONS,
    ROUND_WINDOW,
    RoundDecided,
    RoundLimits,
    RoundLine,
    RoundOverLimit,
    RoundSent,
    RoundStatus,
    TooManyRounds,
    VisitOrdered,
    check_limits,
    new_visit,
    placed_round,
    refused_round,
    staff_told_lately,
)
from brigade.orders.domain.states import ItemStatus

AT = datetime(2026, 12, 5, 20, 0, tzinfo=UTC)
LIMITS = RoundLimits(rounds_per_window=3, items_per_round=10, visit_cap_cents=10_000)
VISIT = new_visit(uuid.uuid4(), uuid.uuid4(), (), AT)


def _round(*items: uuid.UUID) -> tuple[RoundLine, ...]:
    return tuple(RoundLine("Tea", 1, 300, None, item) for item in items)


@pytest.mark.parametrize("status", list(RoundStatus))
@pytest.mark.parametrize("to", [RoundStatus.SENT, RoundStatus.DECLINED])
def test_a_round_is_decided_once_by_its_transition_table(
    status: RoundStatus, to: RoundStatus
) -> None:
    guest_round = placed_round(VISIT, "T1", _round(uuid.uuid4()), sent=False, at=AT)
    guest_round = replace(guest_round, status=status)
    if to in ROUND_TRANSITIONS[status]:
        decided = guest_round.decided(to, by="Ana", at=AT, reason="r")
        assert (decided.status, decided.decided_by, decided.decided_at) == (to, "Ana", AT)
    else:
        with pytest.raises(RoundDecided):
            guest_round.decided(to, by="Ana", at=AT)


def test_a_round_placed_waits_or_is_sent_and_totals_its_lines() -> None:
    lines = _round(uuid.uuid4(), uuid.uuid4())
    waiting = placed_round(VISIT, "T1", lines, sent=False, at=AT)
    assert (waiting.status, waiting.total_cents, waiting.placed_at) == (
        RoundStatus.WAITING,
        600,
        AT,
    )
    assert placed_round(VISIT, "T1", lines, sent=True, at=AT).status is RoundStatus.SENT
    refused = refused_round(VISIT, "T1", "too many", AT)
    assert (refused.status, refused.lines, refused.total_cents) == (RoundStatus.REFUSED, (), 0)


@pytest.mark.parametrize(
    ("ordered", "quantity", "total", "refusal"),
    [
        (VisitOrdered(0, 0, None), 10, 10_000, None),
        (VisitOrdered(2, 0, None), 1, None, None),
        (VisitOrdered(3, 0, None), 1, 100, TooManyRounds),
        (VisitOrdered(0, 0, None), 11, None, RoundOverLimit),
        (VisitOrdered(1, 9_000, None), 1, 1_001, RoundOverLimit),
        (VisitOrdered(1, 9_000, None), 1, 1_000, None),
        # Not priced yet: the cap waits for the round's prices.
        (VisitOrdered(1, 9_999, None), 1, None, None),
    ],
)
def test_a_visits_limits_refuse_in_words(
    ordered: VisitOrdered, quantity: int, total: int | None, refusal: type[Exception] | None
) -> None:
    if refusal is None:
        check_limits(LIMITS, ordered, quantity, total)
        return
    with pytest.raises(refusal) as refused:
        check_limits(LIMITS, ordered, quantity, total)
    assert "staff" in str(refused.value) or "another round" in str(refused.value)


def test_the_staff_hear_of_a_visits_refusals_once_a_window() -> None:
    assert not staff_told_lately(VisitOrdered(0, 0, None), AT)
    assert staff_told_lately(VisitOrdered(0, 0, AT - ROUND_WINDOW + timedelta(seconds=1)), AT)
    assert not staff_told_lately(VisitOrdered(0, 0, AT - ROUND_WINDOW), AT)


def test_a_decline_takes_off_what_is_still_unsent_only() -> None:
    pending, voided, moved = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    guest_round = placed_round(VISIT, "T1", _round(pending, voided, moved), sent=False, at=AT)
    statuses = {pending: ItemStatus.PENDING, voided: ItemStatus.VOIDED}
    assert guest_round.unsent_items(statuses) == [pending]
    with pytest.raises(RoundSent):
        guest_round.unsent_items(statuses | {pending: ItemStatus.SENT})
