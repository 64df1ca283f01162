"""A domain event is handled in the transaction of the change that raised it, by every handler
its kind was subscribed to, in the order of subscription (kit/db/engine.py; issue 52)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from brigade.kit.db.engine import UnitOfWork


@dataclass(frozen=True)
class Bumped:
    ticket: str


@dataclass(frozen=True)
class Unheard:
    pass


class _Transaction(UnitOfWork):
    async def _open(self) -> Any:
        raise AssertionError("handling an event opens nothing by itself")


def test_each_handler_of_the_events_kind_runs_in_the_same_unit_of_work_in_order() -> None:
    heard: list[tuple[str, object, UnitOfWork]] = []

    async def kitchen_display(uow: UnitOfWork, event: Bumped) -> None:
        heard.append(("display", event, uow))

    async def orders(uow: UnitOfWork, event: Bumped) -> None:
        heard.append(("orders", event, uow))

    uow = _Transaction()
    uow.handlers.subscribe(Bumped, kitchen_display)
    uow.handlers.subscribe(Bumped, orders)
    asyncio.run(uow.handle(Bumped("T1")))
    asyncio.run(uow.handle(Unheard()))
    assert heard == [("display", Bumped("T1"), uow), ("orders", Bumped("T1"), uow)]
