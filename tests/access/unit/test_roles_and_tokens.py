"""Roles, the permission table and tokens, with no database and no app."""

from __future__ import annotations

import hashlib
import uuid
from decimal import Decimal

import pytest

from brigade.access.domain.permissions import AccessPermissions
from brigade.access.domain.staff import new_token, token_digest, token_hint
from brigade.catalogue.domain.permissions import CataloguePermissions
from brigade.kit.access import REQUIRED_ROLE, Actor, Permission, Role, allows
from brigade.kit.errors import Conflict, Forbidden
from brigade.orders.domain.errors import TipNeedsApproval
from brigade.orders.domain.permissions import (
    OrderPermissions,
    check_tip_approval,
    permission_to_cancel,
    permission_to_change_item,
    permission_to_void,
    tip_needs_approval,
)
from brigade.orders.domain.states import ItemStatus
from brigade.pricing.domain import PricingPermissions
from declared import ALL_PERMISSIONS


def test_roles_are_ranked_each_with_everything_of_the_one_before() -> None:
    assert [role.rank for role in Role] == [0, 1, 2, 3]
    for permission in REQUIRED_ROLE:
        granted = [role for role in Role if allows(role, permission)]
        assert granted == list(Role)[REQUIRED_ROLE[permission].rank :]


def test_every_permission_has_a_role_but_signing_in_with_a_pin_which_takes_a_terminal() -> None:
    assert set(REQUIRED_ROLE) == set(ALL_PERMISSIONS) - {AccessPermissions.SIGN_IN_WITH_PIN}
    assert not any(allows(role, AccessPermissions.SIGN_IN_WITH_PIN) for role in Role)


@pytest.mark.parametrize(
    ("permission", "lowest"),
    [
        (AccessPermissions.READ, Role.KITCHEN),
        (OrderPermissions.SEE_PAYMENT_DETAILS, Role.SERVER),
        (CataloguePermissions.MARK_86, Role.KITCHEN),
        (OrderPermissions.SET_ITEM_STATUS, Role.KITCHEN),
        (OrderPermissions.TAKE_ORDERS, Role.SERVER),
        (OrderPermissions.VOID_SENT_ITEMS, Role.MANAGER),
        (OrderPermissions.DISCOUNT, Role.MANAGER),
        (OrderPermissions.APPROVE_LARGE_TIPS, Role.MANAGER),
        (OrderPermissions.CANCEL_SENT_OR_PAID, Role.MANAGER),
        (CataloguePermissions.EDIT_CATALOGUE, Role.MANAGER),
        (PricingPermissions.SET_PRICES, Role.MANAGER),
        (AccessPermissions.READ_AUDIT, Role.MANAGER),
        (AccessPermissions.MANAGE_STAFF, Role.ADMIN),
    ],
)
def test_the_table_is_design_section_7(permission: Permission, lowest: Role) -> None:
    assert REQUIRED_ROLE[permission] is lowest


def test_an_actor_below_the_role_is_forbidden_with_the_role_named() -> None:
    server = Actor(name="Sam", role=Role.SERVER)
    server.ensure(OrderPermissions.TAKE_ORDERS)
    with pytest.raises(Forbidden, match="MANAGER"):
        server.ensure(OrderPermissions.DISCOUNT)


def test_tokens_are_random_prefixed_and_stored_as_sha256() -> None:
    first, second = new_token(), new_token()
    assert first != second
    assert first.startswith("brg_")
    assert len(first) == 4 + 43
    assert token_digest(first) == hashlib.sha256(first.encode()).hexdigest()
    assert token_hint(first) == first[:10]


def test_idempotency_callers_are_tokens_or_the_token_less_actor() -> None:
    assert Actor(name="x", role=Role.ADMIN).caller_key == "ADMIN:x"
    long_name = Actor(name="n" * 100, role=Role.ADMIN)
    assert len(long_name.caller_key) == 64


@pytest.mark.parametrize(
    ("status", "needed"),
    [
        (ItemStatus.PENDING, OrderPermissions.TAKE_ORDERS),
        (ItemStatus.SENT, OrderPermissions.VOID_SENT_ITEMS),
        (ItemStatus.PREPARING, OrderPermissions.VOID_SENT_ITEMS),
        (ItemStatus.SERVED, OrderPermissions.VOID_SENT_ITEMS),
    ],
)
def test_voiding_what_the_kitchen_has_seen_takes_more(
    status: ItemStatus, needed: Permission
) -> None:
    assert permission_to_void(status) is needed


def test_cancelling_takes_a_manager_once_anything_was_sent_or_paid() -> None:
    assert permission_to_cancel(anything_sent=False, refund_cents=0) is OrderPermissions.TAKE_ORDERS
    for sent, refund in ((True, 0), (False, 1), (True, 500)):
        needed = permission_to_cancel(anything_sent=sent, refund_cents=refund)
        assert needed is OrderPermissions.CANCEL_SENT_OR_PAID


def test_the_kitchen_may_change_an_items_status_alone() -> None:
    assert permission_to_change_item(["status"]) is OrderPermissions.SET_ITEM_STATUS
    assert permission_to_change_item([]) is OrderPermissions.SET_ITEM_STATUS
    assert permission_to_change_item(["status", "quantity"]) is OrderPermissions.TAKE_ORDERS
    assert permission_to_change_item(["notes"]) is OrderPermissions.TAKE_ORDERS


def test_an_admin_keeps_their_own_access() -> None:
    me = uuid.uuid4()
    admin = Actor(name="Ana", role=Role.ADMIN, staff_id=me)
    admin.ensure_keeps_own_access(me, role=Role.ADMIN, is_active=True)
    admin.ensure_keeps_own_access(uuid.uuid4(), role=Role.KITCHEN, is_active=False)
    for role, active in ((Role.MANAGER, True), (Role.ADMIN, False)):
        with pytest.raises(Conflict):
            admin.ensure_keeps_own_access(me, role=role, is_active=active)


def test_a_tip_above_the_ratio_of_its_amount_needs_a_manager() -> None:
    ratio = Decimal("0.5")
    server = Actor(name="Sam", role=Role.SERVER)
    manager = Actor(name="Mia", role=Role.MANAGER)
    assert not tip_needs_approval(1000, 500, ratio)  # exactly half: fine
    assert tip_needs_approval(1000, 501, ratio)
    assert tip_needs_approval(1, 999_999_999, ratio)
    assert not tip_needs_approval(1000, 0, Decimal(0))
    assert tip_needs_approval(1000, 1, Decimal(0))  # ratio 0: every tip is approved
    assert check_tip_approval(1000, 500, ratio, server) is False
    with pytest.raises(TipNeedsApproval, match="MANAGER"):
        check_tip_approval(1000, 501, ratio, server)
    assert check_tip_approval(1000, 501, ratio, manager) is True
