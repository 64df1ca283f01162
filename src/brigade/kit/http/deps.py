"""Dependencies as Annotated aliases.

Every dependency is ``async def``: FastAPI runs a plain ``def`` one in its thread pool,
which costs more than the work these do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Query, Request

from brigade.kit.cursor import Cursor
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import InvalidInput
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
PageQuery = Annotated[
    int, Query(ge=1, le=1_000_000, description="The page to answer, from 1 (default 1).")
]
LimitQuery = Annotated[
    int, Query(ge=1, le=100, description="At most this many rows a page (default 20).")
]


async def _pagination(page: PageQuery = 1, limit: LimitQuery = 20) -> Pagination:
    return Pagination(page, limit)


PaginationDep = Annotated[Pagination, Depends(_pagination)]


@dataclass(frozen=True, slots=True)
class CursorPagination:
    """A list read by pages or by cursor (docs/design.md §3, "Paging"): ``cursor``, the last
    page's ``nextCursor``, replaces ``page``."""

    pagination: Pagination
    cursor: Cursor | None


CursorQuery = Annotated[
    str | None,
    Query(
        max_length=200,
        description="The `nextCursor` of the page before: the rows after it, however many were "
        "added since (leave `page` out).",
    ),
]


async def _cursor_pagination(
    page: PageQuery = 1, limit: LimitQuery = 20, cursor: CursorQuery = None
) -> CursorPagination:
    if cursor is not None and page != 1:
        raise InvalidInput("page", "a cursor replaces the page number: send one or the other")
    return CursorPagination(
        Pagination(page, limit), None if cursor is None else Cursor.decode(cursor)
    )


CursorPaginationDep = Annotated[CursorPagination, Depends(_cursor_pagination)]


def client_address(request: Request) -> str:
    """The peer's address: uvicorn puts a proxy's X-Forwarded-For there only for the proxies
    in BRIGADE_FORWARDED_ALLOW_IPS (serving.py), so a client cannot choose its own."""
    return (request.client.host if request.client else "unknown")[:64]
