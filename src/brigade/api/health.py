from __future__ import annotations

import logging

from fastapi import APIRouter, Response
from pydantic import BaseModel
from sqlalchemy.exc import SQLAlchemyError

from brigade.api.deps import UowDep
from brigade.api.errors import PROBLEM_JSON, Problem, problem
from brigade.api.routing import BrigadeRoute
from brigade.db import health

log = logging.getLogger("brigade.health")
router = APIRouter(route_class=BrigadeRoute, tags=["health"])


class Health(BaseModel):
    status: str


@router.get(
    "/health",
    response_model=Health,
    responses={503: {"model": Problem, "content": {PROBLEM_JSON: {}}}},
)
async def get_health(uow: UowDep) -> Health | Response:
    try:
        await health.ping(uow)
    except (OSError, SQLAlchemyError) as error:
        log.warning("health check failed: %s", error)
        return problem(503, "unavailable", "The database does not answer.")
    return Health(status="ok")
