"""The scope table and how a scoped actor is checked: no database, no app."""

from __future__ import annotations

import uuid

import pytest

from brigade.access.domain.permissions import AccessPermissions
from brigade.access.domain.scopes import Scope
from brigade.catalogue.domain.permissions import CataloguePermissions
from brigade.events.domain import EventPermissions
from brigade.journal.domain import JournalPermissions
from brigade.kit.access import (
    REQUIRED_ROLE,
    Actor,
    Approver,
    Permission,
    Role,
    scopes_granting,
)
from brigade.kit.errors import Forbidden, InsufficientScope
from brigade.orders.domain.permissions import OrderPermissions
from brigade.pricing.domain import PricingPermissions
from brigade.reports.domain.permissions import ReportPermissions
from brigade.webhooks.domain import WebhookPermissions
from declared import granted_by

SCOPE_PERMISSIONS = {scope: granted_by(scope) for scope in Scope}


def _token(role: Role, *scopes: Scope) -> Actor:
    return Actor(name="Export", role=role, scopes=frozenset(scopes))


def test_every_scope_grants_something_and_only_what_some_role_grants() -> None:
    assert set(SCOPE_PERMISSIONS) == set(Scope)
    for scope, granted in SCOPE_PERMISSIONS.items():
        assert granted, scope
        assert granted <= REQUIRED_ROLE.keys(), scope


@pytest.mark.parametrize(
    ("scope", "granted", "refused"),
    [
        (Scope.ORDERS_READ, AccessPermissions.READ, OrderPermissions.TAKE_ORDERS),
        (Scope.ORDERS_WRITE, OrderPermissions.DISCOUNT, CataloguePermissions.EDIT_CATALOGUE),
        (Scope.PAYMENTS_READ, OrderPermissions.READ_PAYMENTS, OrderPermissions.REFUND),
        (Scope.CATALOGUE_READ, CataloguePermissions.READ_MENU, CataloguePermissions.EDIT_CATALOGUE),
        (Scope.CATALOGUE_WRITE, PricingPermissions.SET_PRICES, OrderPermissions.TAKE_ORDERS),
        (Scope.REPORTS_READ, JournalPermissions.READ_JOURNAL, ReportPermissions.CLOSE_DAY),
        (Scope.AUDIT_READ, AccessPermissions.READ_AUDIT, ReportPermissions.READ_REPORTS),
        (Scope.EVENTS_READ, EventPermissions.READ_EVENTS, AccessPermissions.READ),
        (Scope.WEBHOOKS_WRITE, WebhookPermissions.MANAGE_WEBHOOKS, AccessPermissions.MANAGE_STAFF),
    ],
)
def test_each_scope_grants_its_permissions_and_not_its_neighbours(
    scope: Scope, granted: Permission, refused: Permission
) -> None:
    assert granted in SCOPE_PERMISSIONS[scope]
    assert refused not in SCOPE_PERMISSIONS[scope]


def test_a_write_scope_includes_its_read() -> None:
    assert SCOPE_PERMISSIONS[Scope.ORDERS_READ] <= SCOPE_PERMISSIONS[Scope.ORDERS_WRITE]
    assert SCOPE_PERMISSIONS[Scope.CATALOGUE_READ] <= SCOPE_PERMISSIONS[Scope.CATALOGUE_WRITE]


def test_staff_tokens_and_the_day_close_are_no_scopes_business() -> None:
    assert scopes_granting(AccessPermissions.MANAGE_STAFF) == []
    assert scopes_granting(ReportPermissions.CLOSE_DAY) == []
    reading = [Scope.ORDERS_READ, Scope.ORDERS_WRITE, Scope.CATALOGUE_READ, Scope.CATALOGUE_WRITE]
    assert scopes_granting(AccessPermissions.READ) == reading


def test_an_unscoped_token_has_its_whole_role() -> None:
    Actor(name="Ana", role=Role.MANAGER).ensure(OrderPermissions.DISCOUNT)


def test_a_scoped_token_does_what_both_its_role_and_a_scope_allow() -> None:
    exporter = _token(Role.MANAGER, Scope.REPORTS_READ, Scope.PAYMENTS_READ)
    exporter.ensure(ReportPermissions.READ_REPORTS)
    exporter.ensure(OrderPermissions.READ_PAYMENTS)
    with pytest.raises(InsufficientScope, match="orders:write would allow it"):
        exporter.ensure(OrderPermissions.DISCOUNT)
    with pytest.raises(InsufficientScope, match="no scope allows it"):
        exporter.ensure(ReportPermissions.CLOSE_DAY)


def test_a_scope_never_adds_to_the_role() -> None:
    server = _token(Role.SERVER, Scope.REPORTS_READ)
    with pytest.raises(Forbidden) as refused:
        server.ensure(ReportPermissions.READ_REPORTS)
    assert not isinstance(refused.value, InsufficientScope)


def test_an_approval_lends_a_role_but_not_a_scope() -> None:
    manager = Approver(staff_id=uuid.uuid4(), name="Marco")
    approved = _token(Role.SERVER, Scope.ORDERS_READ).approved_by(manager, Role.MANAGER)
    assert approved.scopes == frozenset({Scope.ORDERS_READ})
    with pytest.raises(InsufficientScope):
        approved.ensure(OrderPermissions.DISCOUNT)
    with pytest.raises(InsufficientScope):
        approved.ensure(AccessPermissions.UNPAIR_OWN_DEVICE)
