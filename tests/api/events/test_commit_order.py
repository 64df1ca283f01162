"""Event ids become visible in commit order: while one transaction holds an id it has not
committed, no other can take the next one, so a reader never moves past a gap that later
fills. (PostgreSQL: the append lock; SQLite: one writer at a time.)"""

from __future__ import annotations

import asyncio

from api.events.event_helpers import all_events, load_product
from brigade.catalogue.domain.events import product_event
from brigade.kit.clock import now
from brigade.kit.db.outbox import PendingEvent, append
from brigade.kit.events import EventType
from factories import AppClient, make_product


def test_a_second_writer_takes_its_id_only_after_the_first_commits(client: AppClient) -> None:
    product = make_product(client)
    [created] = all_events(client)
    database = client.app.state.database

    async def race() -> list[str]:
        steps: list[str] = []
        first = database.unit_of_work(write=True)
        async with first:
            subject = await load_product(first, product["id"])
            event = product_event(EventType.PRODUCT_UPDATED, subject)
            await append(await first.connection(), [PendingEvent(event, now())])
            steps.append("first appended")

            async def second_writer() -> None:
                async with database.unit_of_work(write=True) as second:
                    second.record([event])
                steps.append("second committed")

            second = asyncio.create_task(second_writer())
            await asyncio.sleep(0.5)
            assert not second.done(), "the second writer waits for the first to commit"
            steps.append("first commits")
        await asyncio.wait_for(second, timeout=10)
        return steps

    steps = client.portal.call(race)
    assert steps == ["first appended", "first commits", "second committed"]
    first_id, second_id = (event["id"] for event in all_events(client, after=created["id"]))
    assert second_id > first_id
