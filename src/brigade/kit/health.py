"""Whether this instance can do its work: its database answers."""

from __future__ import annotations

import logging

from sqlalchemy.exc import SQLAlchemyError

from brigade.kit.db import health
from brigade.kit.db.engine import UnitOfWork

log = logging.getLogger("brigade.health")


async def database_answers(uow: UnitOfWork) -> bool:
    try:
        await health.ping(uow)
    except (OSError, SQLAlchemyError) as error:
        log.warning("health check failed: %s", error)
        return False
    return True
