"""Each feature declares its own event names beside what records them, and the kit only the
mechanism (docs/design.md §2, issue 52): no kit module declares an event name; every feature's
declaration is in its domain and in the published list, once, in the published order.
Plain imports: no database."""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import brigade
from brigade.event_types import BOARD_EVENT_TYPES, DECLARED, EventType
from brigade.kit.events import EventName, published

OPENAPI = Path(__file__).parents[2] / "web" / "openapi.json"


def _modules() -> Iterator[str]:
    """Every module of brigade but Alembic's and the command line's entry point."""
    for found in pkgutil.walk_packages(brigade.__path__, "brigade."):
        if not found.name.startswith("brigade.migrations") and found.name != "brigade.__main__":
            yield found.name


def _subclasses(base: type[EventName]) -> list[type[EventName]]:
    for name in _modules():
        importlib.import_module(name)
    found: list[type[EventName]] = []
    waiting: list[type[EventName]] = list(base.__subclasses__())
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
