"""Cards held for tabs on an X or a Z (docs/design.md §27): written only when there are any,
read back as written, printed one line each."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from brigade.reports.domain.day_close import HeldCard, TillFigures

AT = datetime(2026, 12, 3, 23, 45, tzinfo=UTC)


def _held(cents: int = 6000) -> HeldCard:
    return HeldCard(uuid.uuid4(), uuid.uuid4(), cents, "VISA", "4242", AT)


def test_a_till_without_held_cards_writes_what_it_wrote_before() -> None:
    content = TillFigures((), 150).content()
    assert content == {"drawers": [], "unassignedCash": 150}
    assert TillFigures.read(content) == TillFigures((), 150, ())


def test_held_cards_are_read_back_as_written() -> None:
    till = TillFigures((), 0, (_held(), _held(2500)))
    content = till.content()
    assert [card["heldAmount"] for card in content["heldCards"]] == [6000, 2500]
    assert TillFigures.read(content) == till
