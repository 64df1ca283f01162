"""A domain event is handled in the transaction of the change that raised it, by every handler
its kind was subscribed to, in the order of subscription; a question is answered by the one
feature that answers its kind; work put off to a change's end runs before its commit
(kit/db/engine.py, kit/questions.py; issue 52)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import pytest

from brigade.kit.db.engine import UnitOfWork
from brigade.kit.events import Envelope, Published
from brigade.kit.questions import Question
from brigade.orders.domain.events import OrderEvents


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


@dataclass(frozen=True)
class Price(Question[int]):
    product: str


def test_a_question_is_answered_by_the_one_feature_that_answers_its_kind() -> None:
    async def catalogue(uow: UnitOfWork, asked: Price) -> int:
        return len(asked.product) * 100

    uow = _Transaction()
    uow.handlers.answer(Price, catalogue)
    assert asyncio.run(uow.ask(Price("soup"))) == 400
    with pytest.raises(ValueError, match="answered already"):
        uow.handlers.answer(Price, catalogue)


def test_a_question_nobody_answers_is_a_bug_said_by_name() -> None:
    with pytest.raises(LookupError, match="no feature answers Price"):
        asyncio.run(_Transaction().ask(Price("soup")))


def test_work_put_off_to_the_end_runs_once_in_order_before_the_commit() -> None:
    done: list[str] = []

    async def change() -> None:
        async with _Transaction() as uow:

            async def announce() -> None:
                done.append("announce")
                uow.before_commit(later)

            async def later() -> None:
                done.append("later")

            uow.before_commit(announce)
            uow.after_commit(lambda: done.append("committed"))
            done.append("change")

    asyncio.run(change())
    assert done == ["change", "announce", "later", "committed"]


def test_work_put_off_to_the_end_is_dropped_with_a_change_that_fails() -> None:
    done: list[str] = []

    async def failing_change() -> None:
        async with _Transaction() as uow:

            async def announce() -> None:
                done.append("announce")

            uow.before_commit(announce)
            raise RuntimeError("refused")

    with pytest.raises(RuntimeError):
        asyncio.run(failing_change())
    assert done == []


def test_a_refusal_at_the_end_refuses_the_change() -> None:
    done: list[str] = []

    async def change() -> None:
        async with _Transaction() as uow:

            async def refuse() -> None:
                raise RuntimeError("refused at the end")

            uow.before_commit(refuse)
            uow.after_commit(lambda: done.append("committed"))

    with pytest.raises(RuntimeError, match="at the end"):
        asyncio.run(change())
    assert done == []


def test_the_outbox_hears_a_changes_published_events_with_no_feature_subscribed() -> None:
    envelope = Envelope(OrderEvents.ORDER_CREATED, object(), None, None)
    uow = _Transaction()
    asyncio.run(uow.handle(Published((envelope,))))
    assert [pending.envelope for pending in uow._events] == [envelope]
