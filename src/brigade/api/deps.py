"""Dependencies as Annotated aliases."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Query, Request

from brigade.db.engine import UnitOfWork


def _unit_of_work(request: Request) -> UnitOfWork:
    uow: UnitOfWork = request.state.uow
    return uow


UowDep = Annotated[UnitOfWork, Depends(_unit_of_work)]


class Pagination:
    """`page` ≥ 1 (default 1) and `limit` 1..100 (default 20)."""

    def __init__(
        self,
        page: Annotated[int, Query(ge=1, le=1_000_000)] = 1,
        limit: Annotated[int, Query(ge=1, le=100)] = 20,
    ) -> None:
        self.page = page
        self.limit = limit

    def page_of(self, data: list[Any], total: int) -> dict[str, Any]:
        """The fields of a page answer: ``ThingPage(**pagination.page_of(things, total))``."""
        return {"data": data, "total": total, "page": self.page, "limit": self.limit}


PaginationDep = Annotated[Pagination, Depends()]
