"""The health check: public, for load balancers and supervisors."""

from __future__ import annotations

from fastapi import Response
from pydantic import BaseModel, Field

from brigade.kit import health as service
from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import PROBLEM_JSON, Problem, problem
from brigade.kit.http.routing import brigade_router

router = brigade_router(tags=["health"], public=True)


class Health(BaseModel):
    status: str = Field(description="`ok`: the service is up and its database answers")


@router.get(
    "/health",
    response_model=Health,
    responses={503: {"model": Problem, "content": {PROBLEM_JSON: {}}}},
)
async def get_health(uow: UowDep) -> Health | Response:
    if not await service.database_answers(uow):
        return problem(503, "unavailable", "The database does not answer.")
    return Health(status="ok")
