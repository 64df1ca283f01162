"""Routes deny by default: a route that names no permission stops the application at
start-up, unless its router is public; a route made outside the factory does too."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi import APIRouter, FastAPI

from brigade.access.allowed import Reader
from brigade.app import create_app
from brigade.kit.http.routing import (
    BrigadeRoute,
    RouteWithoutPermission,
    api_routes,
    brigade_router,
    ensure_every_route_is_brigade,
)
from brigade.settings import Settings

pytestmark = pytest.mark.once("the server's HTTP handling, the same whatever the database")


def test_a_route_without_a_permission_is_refused_and_named() -> None:
    router = brigade_router(prefix="/api/things", tags=["things"])
    with pytest.raises(RouteWithoutPermission, match=r"GET /api/things/\{thing_id\}.*get_thing"):

        @router.get("/{thing_id}")
        async def get_thing(thing_id: int) -> int:
            return thing_id


def test_a_route_with_a_permission_is_accepted() -> None:
    router = brigade_router(prefix="/api/things", tags=["things"])

    @router.get("")
    async def list_things(staff: Reader) -> list[int]:
        return []

    (route,) = router.routes
    assert isinstance(route, BrigadeRoute)
    assert route.permission is not None


def test_a_public_router_takes_routes_without_a_permission() -> None:
    router = brigade_router(tags=["status"], public=True)

    @router.get("/status")
    async def status() -> str:
        return "ok"

    (route,) = router.routes
    assert isinstance(route, BrigadeRoute)
    assert route.permission is None


def test_start_up_refuses_a_route_made_outside_the_factory() -> None:
    stray = APIRouter()

    @stray.get("/api/stray")
    async def stray_route() -> None:
        return None

    app = FastAPI()
    app.include_router(brigade_router(tags=["health"], public=True))
    app.include_router(stray)
    with pytest.raises(RouteWithoutPermission, match="GET /api/stray"):
        ensure_every_route_is_brigade(app)


def test_every_route_of_the_application_is_a_brigade_route(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'x.db'}"))
    routes = api_routes(app)
    assert len(routes) > 30
    assert all(isinstance(route, BrigadeRoute) for route in routes)
    public = {route.path for route in routes if getattr(route, "permission", None) is None}
    # A fresh device asks for a pairing code and claims its token before it has a credential.
    assert public == {
        "/health",
        "/api/setup",
        "/api/auth/sign-in",
        "/api/pairing-codes",
        "/api/pairing-codes/claim",
        # Stripe sends its webhooks with no credential of Brigade's: its signature is checked.
        "/api/card-providers/stripe-terminal/webhook",
        # A guest's phone: the table's code, then the visit's id, are its keys.
        "/api/guest/tables/{guestCode}/visits",
        "/api/guest/visits/{visitId}",
        "/api/guest/visits/{visitId}/calls",
        "/api/guest/visits/{visitId}/orders",
        "/api/guest/visits/{visitId}/menu",
        "/api/guest/visits/{visitId}/payments",
        "/api/guest/visits/{visitId}/payments/{paymentId}",
        "/api/guest/visits/{visitId}/payments/{paymentId}/cancel",
        "/api/guest/visits/{visitId}/payments/{paymentId}/simulate",
        # A delivery platform pushes its orders signed with its channel's secret.
        "/api/channels/{channelId}/orders",
        # The restaurant's own ordering page: anyone orders, an order's id is its key.
        "/api/order-pages/{slug}",
        "/api/order-pages/{slug}/orders",
        "/api/order-pages/{slug}/orders/{incomingId}",
    }
