"""Event ids become visible in commit order: an id is given out only as its transaction
commits, so a reader never moves past a gap that later fills. (PostgreSQL: ids drawn inside
COMMIT under the append lock, and a writer never waits for another's uncommitted events;
SQLite: one writer at a time.)"""

from __future__ import annotations

import asyncio

from brigade.catalogue.domain.events import CatalogueEvents, product_event
from brigade.kit.clock import now
from brigade.kit.db.outbox import PendingEvent, append
from events.api.event_helpers import all_events, load_product
from factories import AppClient, make_product


def test_ids_follow_the_order_of_the_commits_not_of_the_appends(client: AppClient) -> None:
    product = make_product(client)
    [created] = all_events(client)
    database = client.app.state.database

    async def race() -> list[str]:
        committed: list[str] = []
        first = database.unit_of_work(write=True)
        async with first:
            subject = await load_product(first, product["id"])
            appended = product_event(CatalogueEvents.PRODUCT_UPDATED, subject)
            await append(await first.connection(), [PendingEvent(appended, now())])

            async def second_writer() -> None:
                async with database.unit_of_work(write=True) as second:
                    second.record([product_event(CatalogueEvents.PRODUCT_86D, subject)])
                committed.append(CatalogueEvents.PRODUCT_86D)

            second = asyncio.create_task(second_writer())
            await asyncio.sleep(0.5)
            if database.dialect == "postgresql":
                assert second.done(), "a writer does not wait for another's uncommitted events"
            else:
                assert not second.done(), "SQLite: the second writer waits for the first"
        committed.append(CatalogueEvents.PRODUCT_UPDATED)
        await asyncio.wait_for(second, timeout=10)
        return committed

    committed = client.portal.call(race)
    seen = all_events(client, after=created["id"])
    assert [event["type"] for event in seen] == committed
    assert seen[0]["id"] < seen[1]["id"]
