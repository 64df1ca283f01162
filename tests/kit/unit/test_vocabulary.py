"""Each feature declares its own event names and permissions beside what uses them, and the kit
only the mechanism (docs/design.md §2, issue 52): no kit module declares an event name or a
permission; every feature's declaration is in its domain; the event names are in the published
list, once, in the published order; every permission is declared with who holds it, once; what
an approval may cover, and the approval errors any permission-checked route may answer, are
access's. Plain imports: no database."""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import TypeVar

import pytest
from fastapi import FastAPI

import brigade
from brigade.access.allowed import Reader
from brigade.access.domain.approvals import ApprovalAction
from brigade.access.domain.scopes import Scope
from brigade.event_types import BOARD_EVENT_TYPES, DECLARED, EventType
from brigade.kit import errors
from brigade.kit.access import Permission, declared_permissions
from brigade.kit.errors import DomainError, checked_route_errors
from brigade.kit.events import EventName, published
from brigade.kit.http.routing import (
    RouteDeclaredTooEarly,
    brigade_router,
    ensure_every_route_is_brigade,
)

_T = TypeVar("_T", bound=StrEnum)
OPENAPI = Path(__file__).parents[3] / "web" / "openapi.json"


def _modules() -> Iterator[str]:
    """Every module of brigade but Alembic's and the command line's entry point."""
    for found in pkgutil.walk_packages(brigade.__path__, "brigade."):
        if not found.name.startswith("brigade.migrations") and found.name != "brigade.__main__":
            yield found.name


def _subclasses(base: type[_T]) -> list[type[_T]]:
    """Every subclass of ``base`` that brigade declares, once every module is imported."""
    for name in _modules():
        importlib.import_module(name)
    found: list[type[_T]] = []
    waiting: list[type[_T]] = list(base.__subclasses__())
    while waiting:
        cls = waiting.pop()
        found.append(cls)
        waiting += cls.__subclasses__()
    return [c for c in found if c.__module__.startswith("brigade.")]


def test_no_kit_module_declares_an_event_name() -> None:
    declaring = {c.__module__ for c in _subclasses(EventName) if len(c)}
    assert declaring, "no feature declares an event name"
    assert not {m for m in declaring if m == "brigade.kit" or m.startswith("brigade.kit.")}


def test_every_declared_event_name_is_a_features_domains_and_published() -> None:
    declarations = [c for c in _subclasses(EventName) if len(c) and c is not EventType]
    assert set(declarations) == set(DECLARED)
    for declaration in declarations:
        assert ".domain" in declaration.__module__, declaration
    assert [e.value for e in EventType] == [e.value for d in DECLARED for e in d]


def test_the_published_list_is_as_the_openapi_publishes_it() -> None:
    schemas = json.loads(OPENAPI.read_text())["components"]["schemas"]
    assert EventType.__name__ == "EventType"
    assert schemas["EventType"]["enum"] == [e.value for e in EventType]


def test_a_name_declared_twice_is_refused() -> None:
    class Again(EventName):
        SENT = "order.sent"

    with pytest.raises(ValueError, match=r"order\.sent"):
        published("Twice", __name__, *DECLARED, Again)


def test_the_board_follows_published_names() -> None:
    assert set(EventType) >= BOARD_EVENT_TYPES


def test_no_kit_module_declares_a_permission_and_each_feature_declares_its_own() -> None:
    classes = _subclasses(Permission)
    assert classes, "no feature declares a permission"
    for cls in classes:
        assert cls.__module__.split(".")[1] != "kit", cls
        assert ".domain" in cls.__module__, cls
    declared = declared_permissions()
    members = [permission for cls in classes for permission in cls]
    # Each one declared with who holds it, once; none declared but a feature's.
    assert set(members) == set(declared)
    assert len(members) == len(declared) == len({p.value for p in members})


def test_every_scope_a_permission_names_is_one_of_accesss() -> None:
    named = {scope for needs in declared_permissions().values() for scope in needs.scopes}
    assert named == set(Scope)


def test_what_an_approval_may_cover_is_accesss() -> None:
    from brigade.kit import access as kit_access

    assert ApprovalAction.__module__ == "brigade.access.domain.approvals"
    assert not hasattr(kit_access, "ApprovalAction")
    assert not hasattr(kit_access, "approvable")


def test_the_errors_any_checked_route_may_answer_beyond_the_kits_are_declared_by_access() -> None:
    modules = [importlib.import_module(name) for name in _modules()]
    in_kit = {
        value.__name__
        for module in modules
        if module.__name__.startswith("brigade.kit.")
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, DomainError)
        and value.__module__ == module.__name__
    }
    assert "ApprovalExceeded" in in_kit  # an approval's amount: the kit checks it
    declared = checked_route_errors()
    assert [c.__name__ for c in declared] == ["ApprovalInvalid", "NotApprovable"]
    for cls in declared:
        assert cls.__module__ == "brigade.access.domain.errors", cls
        assert cls.__name__ not in in_kit, cls


def test_start_up_refuses_a_checked_route_declared_before_what_it_may_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    router = brigade_router(prefix="/api/things", tags=["things"])
    with monkeypatch.context() as before_access:
        before_access.setattr(errors, "_CHECKED_ROUTE_ERRORS", [])  # access not yet imported

        @router.get("")
        async def list_things(staff: Reader) -> list[int]:
            return []

    app = FastAPI()
    app.include_router(router)
    with pytest.raises(RouteDeclaredTooEarly, match=r"GET /api/things .*ApprovalInvalid"):
        ensure_every_route_is_brigade(app)
