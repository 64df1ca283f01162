"""Roles, the permission table and tokens, with no database and no app."""

from __future__ import annotations

import hashlib

import pytest

from brigade.domain.access import (
    REQUIRED_ROLE,
    Actor,
    Permission,
    Role,
    allows,
    new_token,
    token_digest,
    token_hint,
)
from brigade.domain.errors import Forbidden


def test_roles_are_ranked_each_with_everything_of_the_one_before():
    assert [role.rank for role in Role] == [0, 1, 2, 3]
    for permission in Permission:
        granted = [role for role in Role if allows(role, permission)]
        assert granted == list(Role)[REQUIRED_ROLE[permission].rank :]


def test_every_permission_has_a_role():
    assert set(REQUIRED_ROLE) == set(Permission)


@pytest.mark.parametrize(
    ("permission", "lowest"),
    [
        (Permission.READ, Role.KITCHEN),
        (Permission.MARK_86, Role.KITCHEN),
        (Permission.SET_ITEM_STATUS, Role.KITCHEN),
        (Permission.TAKE_ORDERS, Role.SERVER),
        (Permission.VOID_SENT_ITEMS, Role.MANAGER),
        (Permission.DISCOUNT, Role.MANAGER),
        (Permission.CANCEL_SENT_OR_PAID, Role.MANAGER),
        (Permission.EDIT_CATALOGUE, Role.MANAGER),
        (Permission.READ_AUDIT, Role.MANAGER),
        (Permission.MANAGE_STAFF, Role.ADMIN),
    ],
)
def test_the_table_is_design_section_7(permission, lowest):
    assert REQUIRED_ROLE[permission] is lowest


def test_an_actor_below_the_role_is_forbidden_with_the_role_named():
    server = Actor(name="Sam", role=Role.SERVER)
    server.ensure(Permission.TAKE_ORDERS)
    with pytest.raises(Forbidden, match="MANAGER"):
        server.ensure(Permission.DISCOUNT)


def test_tokens_are_random_prefixed_and_stored_as_sha256():
    first, second = new_token(), new_token()
    assert first != second
    assert first.startswith("brg_")
    assert len(first) == 4 + 43
    assert token_digest(first) == hashlib.sha256(first.encode()).hexdigest()
    assert token_hint(first) == first[:10]


def test_idempotency_callers_are_tokens_or_the_token_less_actor():
    assert Actor(name="x", role=Role.ADMIN).caller_key == "ADMIN:x"
    long_name = Actor(name="n" * 100, role=Role.ADMIN)
    assert len(long_name.caller_key) == 64
