"""The rules the screens mirror, against the one table of cases their Vitest test also runs
(web/src/shared/rules/cases.json): a rule changed here fails there until it follows, and the
other way round."""

from __future__ import annotations

import dataclasses
import json
import uuid
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from brigade.access.domain.errors import TrivialPin, WeakPassword
from brigade.access.domain.passwords import check_login, check_password
from brigade.access.domain.terminals import check_pin
from brigade.catalogue.domain.errors import ModifierSelectionInvalid
from brigade.catalogue.domain.menu import check_modifier_selection, sold_as
from brigade.catalogue.domain.records import ModifierGroup, ModifierOption, ProductVariant
from brigade.kit.access import Role, allows
from brigade.kit.errors import InvalidInput
from brigade.kit.money import TaxMode
from brigade.kitchen.domain import (
    BoardItem,
    BoardTicket,
    KitchenTicket,
    LiveItem,
    LivePart,
    TicketItem,
    TicketKind,
    TicketOrder,
)
from brigade.orders.domain.commands import SplitCheck
from brigade.orders.domain.courses import sent_by_a_send
from brigade.orders.domain.permissions import permission_to_cancel
from brigade.orders.domain.refunds import line_share
from brigade.orders.domain.splitting import selections
from brigade.orders.domain.states import (
    ITEM_TRANSITIONS,
    ItemStatus,
    OrderStatus,
    OrderType,
    is_sent,
)
from catalogue.unit.test_catalogue import BURGER

CASES: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[3] / "web/src/shared/rules/cases.json").read_text("utf-8")
)
NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _group(low: int, high: int | None) -> ModifierGroup:
    options = tuple(
        ModifierOption(uuid.uuid4(), f"Option {n}", Decimal(0), is_86d=False) for n in range(6)
    )
    return ModifierGroup(uuid.uuid4(), None, "Sides", low, high, options, NOW, NOW)


@pytest.mark.parametrize("case", CASES["modifierLimits"])
def test_a_modifier_groups_limits(case: dict[str, Any]) -> None:
    group = _group(case["min"], case["max"])
    chosen = [option.modifier_option_id for option in group.options[: case["chosen"]]]
    try:
        check_modifier_selection([group], chosen)
        holds = True
    except ModifierSelectionInvalid:
        holds = False
    assert holds is case["holds"]


@pytest.mark.parametrize("case", CASES["sentByASend"])
def test_which_courses_a_send_sends(case: dict[str, Any]) -> None:
    assert list(sent_by_a_send(case["fired"])) == case["sent"]


@pytest.mark.parametrize("case", CASES["splitBySeat"])
def test_which_lines_a_split_by_seat_moves(case: dict[str, Any]) -> None:
    lines = [uuid.uuid4() for _ in case["seats"]]
    seats = dict(zip(lines, case["seats"], strict=True))
    try:
        checks = selections(SplitCheck(by_seat=True), seats)
    except InvalidInput:
        assert case["newChecks"] is None
        return
    assert [[lines.index(line) for line in check] for check in checks] == case["newChecks"]


@pytest.mark.parametrize("case", CASES["lineNames"])
def test_an_items_name_with_its_variant(case: dict[str, Any]) -> None:
    product = dataclasses.replace(BURGER, name=case["product"])
    variant = None
    if case["variant"] is not None:
        variant = ProductVariant(
            uuid.uuid4(), product.id, None, case["variant"], Decimal(1), None, None, True, NOW, NOW
        )
    assert sold_as(product, variant).name == case["name"]


def test_item_statuses_move_only_as_the_table_says() -> None:
    moves = CASES["itemStatusMoves"]
    assert set(moves) == {status.value for status in ItemStatus}
    for status, allowed in ITEM_TRANSITIONS.items():
        assert {target.value for target in allowed} == set(moves[status.value]), status


@pytest.mark.parametrize("status", list(ItemStatus))
def test_what_is_still_to_cook(status: ItemStatus) -> None:
    line = TicketItem(uuid.uuid4(), uuid.uuid4(), "Burger", Decimal(1), (), None)
    ticket = KitchenTicket(
        uuid.uuid4(), uuid.uuid4(), None, 1, None, (line,), NOW, None, None, TicketKind.ORDER, None
    )
    order = TicketOrder(OrderType.DINE_IN, OrderStatus.OPEN, None, None)
    live = LiveItem(status, Decimal(1), None, None)
    part = LivePart(line.item_id, line.item_id, ticket.order_id, live)
    item = BoardItem(line, live, added=False, parts=((part, False),))
    to_cook = BoardTicket(ticket, order, (item,)).items_to_ready() == {
        ticket.order_id: [line.item_id]
    }
    assert to_cook is CASES["stillToCook"][status.value]


@pytest.mark.parametrize("case", CASES["cancelNeedsManager"])
def test_who_may_cancel_a_check(case: dict[str, Any]) -> None:
    permission = permission_to_cancel(
        anything_sent=is_sent(ItemStatus(case["itemStatus"])),
        refund_cents=500 if case["paid"] else 0,
    )
    assert allows(Role(case["role"]), permission) is not case["needsManager"]


def _refusal(check: Any, value: str, kinds: dict[type[InvalidInput], str]) -> str | None:
    """None when ``check`` takes ``value``, else the kind of its refusal."""
    try:
        check(value)
    except InvalidInput as refused:
        return kinds.get(type(refused), "format")
    return None


@pytest.mark.parametrize("case", CASES["pins"])
def test_a_pin_when_it_is_set(case: dict[str, Any]) -> None:
    assert _refusal(check_pin, case["pin"], {TrivialPin: "trivial"}) == case["refused"]


@pytest.mark.parametrize("case", CASES["logins"])
def test_a_sign_in_name(case: dict[str, Any]) -> None:
    assert (_refusal(check_login, case["login"], {}) is None) == case["holds"]


@pytest.mark.parametrize("case", CASES["passwords"])
def test_a_password_when_it_is_set(case: dict[str, Any]) -> None:
    refused = _refusal(check_password, case["password"], {WeakPassword: "weak"})
    length = "short" if len(case["password"]) < 10 else "long"
    assert (length if refused == "format" else refused) == case["refused"]


@pytest.mark.parametrize("case", CASES["refundLineShares"])
def test_a_lines_share_of_what_was_charged(case: dict[str, Any]) -> None:
    cents = {
        key: int(Decimal(str(case[key])) * 100) for key in ("total", "discountAmount", "taxAmount")
    }
    share = line_share(
        cents["total"], cents["discountAmount"], cents["taxAmount"], TaxMode(case["taxMode"])
    )
    assert share == int(Decimal(str(case["share"])) * 100)
