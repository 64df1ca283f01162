"""A flood of bad tokens from one address costs no database write once it is over the limit."""

from __future__ import annotations

from fastapi import FastAPI
from sqlalchemy import select

from brigade.access.tables import auth_failures
from factories import AppClient, bearer


async def _counted_failures(app: FastAPI) -> int:
    async with app.state.database.unit_of_work(write=False) as uow:
        connection = await uow.connection()
        counts = await connection.execute(select(auth_failures.c.failures))
        return sum(count for (count,) in counts)


def test_past_the_limit_guesses_are_refused_from_memory(
    client: AppClient, within_one_minute: None
) -> None:
    wrong = bearer("brg_guess")
    statuses = [client.get("/api/products", headers=wrong).status_code for _ in range(60)]
    assert statuses == [401] * 20 + [429] * 40
    # The 21st was counted (it found the address over the limit); the 39 after it were not.
    assert client.portal.call(_counted_failures, client.app) == 21
    assert client.get("/api/products").status_code == 200
