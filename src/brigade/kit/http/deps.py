"""Dependencies as Annotated aliases.

Every dependency is ``async def``: FastAPI runs a plain ``def`` one in its thread pool,
which costs more than the work these do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Query, Request

from brigade.kit.db.engine import UnitOfWork
from brigade.settings import Settings


async def _unit_of_work(request: Request) -> UnitOfWork:
    uow: UnitOfWork = request.state.uow
    return uow


UowDep = Annotated[UnitOfWork, Depends(_unit_of_work)]


async def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


# What a service is configured with (a limit, a ratio) is handed to it by the route.
SettingsDep = Annotated[Settings, Depends(_settings)]


@dataclass(frozen=True, slots=True)
class Pagination:
    """`page` ≥ 1 (default 1) and `limit` 1..100 (default 20)."""

    page: int
    limit: int

    def page_of(self, data: list[Any], total: int) -> dict[str, Any]:
        """The fields of a page answer (``Page.of`` in kit/http/schemas.py builds one from them)."""
        return {"data": data, "total": total, "page": self.page, "limit": self.limit}


# `?page=&limit=`, for a hot route that takes them as its own parameters (one dependency
# less to solve on each request: the product list); every other route takes PaginationDep.
PageQuery = Annotated[int, Query(ge=1, le=1_000_000)]
LimitQuery = Annotated[int, Query(ge=1, le=100)]


async def _pagination(page: PageQuery = 1, limit: LimitQuery = 20) -> Pagination:
    return Pagination(page, limit)


PaginationDep = Annotated[Pagination, Depends(_pagination)]


def client_address(request: Request) -> str:
    """The peer's address: uvicorn puts a proxy's X-Forwarded-For there only for the proxies
    in BRIGADE_FORWARDED_ALLOW_IPS (serving.py), so a client cannot choose its own."""
    return (request.client.host if request.client else "unknown")[:64]
