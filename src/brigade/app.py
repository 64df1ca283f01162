"""The application factory."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI

from brigade import __version__
from brigade.api import audit, categories, health, kitchen, orders, products, staff
from brigade.api.cors import install_cors
from brigade.api.errors import install_error_handlers
from brigade.api.limits import BodySizeLimit
from brigade.api.methods import AllowedMethods
from brigade.api.openapi import TAGS, install_openapi, operation_id
from brigade.api.query import reject_undeclared_query_parameters
from brigade.api.routing import ensure_every_route_is_brigade
from brigade.db.engine import Database
from brigade.services.access import OverLimitAddresses
from brigade.settings import Settings, get_settings

log = logging.getLogger("brigade")

AUTH_OFF_WARNING = (
    "AUTHENTICATION IS OFF (BRIGADE_AUTH=off): anyone who can reach this server is an admin. "
    "For a local demo only."
)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.database = Database(settings)
        if settings.auth == "off":
            log.warning(AUTH_OFF_WARNING)
        try:
            yield
        finally:
            await app.state.database.dispose()

    app = FastAPI(
        title="Brigade",
        version=__version__,
        summary="Restaurant point of sale: catalogue, categories and orders.",
        lifespan=lifespan,
        openapi_tags=TAGS,
        generate_unique_id_function=operation_id,
        dependencies=[Depends(reject_undeclared_query_parameters)],
    )
    app.state.settings = settings
    app.state.over_limit_addresses = OverLimitAddresses()
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes)
    install_error_handlers(app)
    app.include_router(health.router)
    app.include_router(products.router)
    app.include_router(categories.router)
    for router in orders.routers:
        app.include_router(router)
    app.include_router(kitchen.router)
    app.include_router(audit.router)
    app.include_router(staff.staff_router)
    app.include_router(staff.token_router)
    ensure_every_route_is_brigade(app)
    # After every router: these read the routes.
    app.add_middleware(AllowedMethods, routes=app.routes)
    install_cors(app, settings.cors_origins)
    install_openapi(app)
    return app
