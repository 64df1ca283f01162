"""A route's handler is planned when the route is defined (kit/http/handling.py): what the
plan does not run is refused then, so the application does not start with it. (No
``from __future__ import annotations``: the endpoints below name a local dependency.)"""

from collections.abc import AsyncIterator, Iterator
from typing import Annotated

import pytest
from fastapi import BackgroundTasks, Depends

from brigade.kit.http.handling import UnplannableRoute
from brigade.kit.http.routing import brigade_router


def _plain() -> int:
    return 1


async def _async_generator() -> AsyncIterator[int]:
    yield 1


def _generator() -> Iterator[int]:
    yield 1


async def _with_background(tasks: BackgroundTasks) -> int:
    return 1


@pytest.mark.parametrize(
    ("dependency", "refusal"),
    [
        (_plain, "is a plain function, not a coroutine"),
        (_async_generator, "is a generator"),
        (_generator, "is a generator"),
        (_with_background, "takes background tasks"),
    ],
)
def test_a_route_whose_dependency_the_plan_does_not_run_is_refused(
    dependency: object, refusal: str
) -> None:
    router = brigade_router(tags=["test"], public=True)

    async def endpoint(value: Annotated[int, Depends(dependency)]) -> dict[str, int]:
        return {"value": value}

    with pytest.raises(UnplannableRoute, match=refusal):
        router.get("/planned")(endpoint)


def test_a_plain_function_endpoint_is_refused() -> None:
    router = brigade_router(tags=["test"], public=True)

    def endpoint() -> dict[str, int]:
        return {}

    with pytest.raises(UnplannableRoute, match="endpoint is a plain function"):
        router.get("/planned")(endpoint)
