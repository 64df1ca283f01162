"""The application factory."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from typing import Any
from uuid import UUID

from fastapi import Depends, FastAPI

from brigade import __version__, listening
from brigade.access.repository import terminals as terminal_repository
from brigade.access.routes import audit, auth, devices, pairing, sessions, staff
from brigade.access.security import TokenAuthenticator
from brigade.access.service import token_cache as worker_token_cache
from brigade.access.service.staff import OverLimitAddresses
from brigade.api_examples import api_examples
from brigade.api_guide import API_GUIDE
from brigade.card_payments import providers as card_providers
from brigade.card_payments import repository as card_repository
from brigade.card_payments import routes as card_payments
from brigade.card_payments.service import CardPoller
from brigade.catalogue.repository import categories as category_repository
from brigade.catalogue.repository import menu as menu_repository
from brigade.catalogue.repository import products as product_repository
from brigade.catalogue.routes import categories, modifier_groups, products
from brigade.catalogue.service import ready_menu
from brigade.channels import repository as channel_repository
from brigade.channels import routes as channels
from brigade.channels import service as channel_service
from brigade.dining.repository import rooms as room_repository
from brigade.dining.routes import locations, tables
from brigade.event_payloads import document_events, install_event_payloads
from brigade.events import routes as events
from brigade.events.service import EventWaiter, keep_sweeping
from brigade.guests import repository as guest_repository
from brigade.guests import routes as guests
from brigade.journal import routes as journal_routes
from brigade.kit.db.engine import Database
from brigade.kit.http import health, located
from brigade.kit.http.conditional import ConditionalReads
from brigade.kit.http.cors import install_cors
from brigade.kit.http.errors import install_error_handlers
from brigade.kit.http.limits import BodySizeLimit
from brigade.kit.http.methods import AllowedMethods
from brigade.kit.http.metrics import install_metrics
from brigade.kit.http.openapi import TAGS, install_openapi, operation_id
from brigade.kit.http.permissions import Authenticator
from brigade.kit.http.query import reject_undeclared_query_parameters
from brigade.kit.http.request_id import install_request_id
from brigade.kit.http.routing import ensure_every_route_is_brigade, locate_every_route
from brigade.kit.http.screens import install_screens
from brigade.kit.http.security_headers import install_security_headers
from brigade.kit.metrics import worker_stopped
from brigade.kit.names import Resolver
from brigade.kitchen import repository as kitchen_repository
from brigade.kitchen import routes as kitchen
from brigade.orders import routes as orders
from brigade.orders.repository import orders as order_repository
from brigade.orders.routes import settled_payments as payments
from brigade.pickup import routes as pickup
from brigade.pricing import repository as pricing_repository
from brigade.pricing.routes import service_charges, tax_rates
from brigade.printing import repository as printing_repository
from brigade.printing import routes as printers
from brigade.printing import service as print_service
from brigade.printing.service import PrintOutbox
from brigade.reports import day_close_routes
from brigade.reports import routes as reports
from brigade.reports import service as reports_service
from brigade.reports.checkout import routes as checkout
from brigade.serving import on_shutdown_signal
from brigade.settings import AUTH_OFF_WARNING, Settings, get_settings
from brigade.setup import routes as setup_routes
from brigade.till import repository as till_repository
from brigade.till import routes as till
from brigade.webhooks import routes as webhooks
from brigade.webhooks import service as webhook_service
from brigade.webhooks.service import Deliverer

log = logging.getLogger("brigade")


async def _the_location_itself(_connection: object, location_id: UUID) -> tuple[UUID]:
    return (location_id,)


# The Zs' stored copies, which must be the chain's own and say how many entries it holds.
JOURNAL_WITNESSES = (reports_service.z_reports_agree,)


def register_locations() -> None:
    """Where each resource a path names is, read by its feature's repository: what the location
    boundary compares a location's credential with (kit/http/located.py)."""
    for parameter, reader in (
        ("orderId", order_repository.order_location),
        ("productId", product_repository.product_location),
        ("categoryId", category_repository.category_location),
        ("groupId", menu_repository.modifier_group_location),
        ("ticketId", kitchen_repository.ticket_location),
        ("stationId", kitchen_repository.station_location),
        ("deviceId", terminal_repository.device_location),
        ("taxRateId", pricing_repository.tax_rate_location),
        ("serviceChargeId", pricing_repository.service_charge_location),
        ("tableId", room_repository.table_location),
        ("printerId", printing_repository.printer_location),
        ("drawerId", till_repository.drawer_location),
        ("readerId", card_repository.reader_location),
        ("checkoutId", card_repository.checkout_location),
        ("roundId", guest_repository.round_location),
        ("channelId", channel_repository.channel_location),
        ("incomingId", channel_repository.incoming_location),
        ("locationId", _the_location_itself),
    ):
        located.register(parameter, reader)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Everything a run keeps in memory starts afresh with it: the tests start one app many
        # times (tests/conftest.py), and no run may see what the one before it remembered.
        app.state.settings = settings
        app.state.over_limit_addresses = OverLimitAddresses()
        worker_token_cache.configure(
            seconds=settings.token_cache_seconds, max_entries=settings.token_cache_size
        )
        install_event_payloads(max_bytes=settings.event_max_bytes)
        # Name lookups for webhooks and printers, on threads of their own (kit/names.py).
        app.state.resolver = Resolver()
        database = app.state.database = Database(settings)
        listening.subscribe(database)
        if settings.auth == "off":
            log.warning(AUTH_OFF_WARNING)
        # Set when the server is told to stop: open event streams end at once (uvicorn
        # would wait for them), webhook deliveries stop taking new work.
        stopping = app.state.stopping = asyncio.Event()
        loop = asyncio.get_running_loop()

        def stop() -> None:
            loop.call_soon_threadsafe(stopping.set)

        on_shutdown_signal(stop)
        waiter = app.state.event_waiter = EventWaiter(
            database,
            settings.database_url,
            settings.event_poll_seconds,
            memory_bytes=settings.event_memory_bytes,
        )
        # The menu's ready answers: kept once the waiter follows the log for them.
        ready_menu.ANSWERS.configure(
            max_entries=settings.catalogue_cache_size,
            start_following=lambda: waiter.follow(ready_menu.MenuFollower()),
        )
        database.commit_listeners.append(ready_menu.committed_here)
        deliverer = Deliverer(
            database,
            allowed_hosts=settings.webhook_allowed_hosts,
            configured_key=settings.webhook_key,
            poll_seconds=settings.webhook_poll_seconds,
            resolver=app.state.resolver,
        )
        polling = settings.card_polling == "on"
        card_poller = app.state.card_poller = CardPoller(
            database,
            card_providers.configured(settings),
            poll_seconds=settings.card_poll_seconds,
            nudging=polling,
        )
        tasks = [
            _background(deliverer.run(stopping), "brigade-webhooks"),
            *([_background(card_poller.run(stopping), "brigade-card-readers")] if polling else []),
            *(
                [
                    _background(
                        PrintOutbox(
                            database,
                            poll_seconds=settings.print_poll_seconds,
                            resolver=app.state.resolver,
                            allowed_hosts=settings.printer_allowed_hosts,
                        ).run(stopping),
                        "brigade-printing",
                    )
                ]
                if settings.printing == "on"
                else []
            ),
            _background(
                channel_service.keep_refusing_overdue(
                    database, stopping, settings.channel_overdue_poll_seconds
                ),
                "brigade-channel-orders",
            ),
            _background(
                keep_sweeping(
                    database,
                    settings.event_retention_days,
                    stopping,
                    also=(webhook_service.sweep_deliveries,),
                ),
                "brigade-sweep",
            ),
        ]
        try:
            yield
        finally:
            stopping.set()
            # A delivery in flight is abandoned: its lease runs out and it is made again.
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await card_poller.providers.close()
            await waiter.close()
            await database.dispose()
            app.state.resolver.close()
            worker_stopped()

    app = FastAPI(
        title="Brigade",
        version=__version__,
        summary="Restaurant point of sale: catalogue, orders, the dining room, kitchen and till.",
        description=API_GUIDE,
        lifespan=lifespan,
        openapi_tags=TAGS,
        generate_unique_id_function=operation_id,
        dependencies=[Depends(reject_undeclared_query_parameters)],
        # Served by install_screens from local files: FastAPI's own pages load from a CDN.
        docs_url=None,
        redoc_url=None,
        # FastAPI's OpenTelemetry hooks asked the OTEL providers (environment reads) on every
        # request, about a tenth of a kept answer's time; Brigade's own figures are /metrics.
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    app.state.settings = settings
    # What the journal's verification asks besides its own chain (journal/service.py).
    app.state.journal_witnesses = JOURNAL_WITNESSES
    authenticator: Authenticator = TokenAuthenticator()
    app.state.authenticator = authenticator
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes)
    install_error_handlers(app)
    app.include_router(health.router)
    app.include_router(products.router)
    app.include_router(modifier_groups.router)
    app.include_router(categories.router)
    for router in orders.routers:
        app.include_router(router)
    app.include_router(payments.router)
    app.include_router(kitchen.router)
    app.include_router(kitchen.device_router)
    app.include_router(pickup.router)
    app.include_router(audit.router)
    app.include_router(reports.router)
    app.include_router(day_close_routes.router)
    app.include_router(journal_routes.router)
    # Routes are matched in order: the price list, rarely asked, after the rush's.
    app.include_router(tax_rates.router)
    app.include_router(service_charges.router)
    # The dining room; its /api/staff routes go before the staff router's /{staffId}.
    app.include_router(locations.router)
    app.include_router(tables.router)
    app.include_router(devices.router)
    app.include_router(pairing.device_router)
    app.include_router(pairing.manager_router)
    app.include_router(sessions.staff_pin_router)
    app.include_router(sessions.session_router)
    app.include_router(sessions.approval_router)
    # Before the staff router's /{staffId}: a server's checkout.
    app.include_router(checkout.router)
    app.include_router(setup_routes.router)
    app.include_router(auth.password_router)
    app.include_router(auth.sign_in_router)
    app.include_router(auth.auth_router)
    app.include_router(staff.staff_router)
    app.include_router(staff.token_router)
    app.include_router(events.router)
    app.include_router(webhooks.router)
    app.include_router(printers.router)
    app.include_router(till.drawers_router)
    app.include_router(till.shifts_router)
    app.include_router(card_payments.readers_router)
    app.include_router(card_payments.order_checkouts_router)
    app.include_router(card_payments.checkouts_router)
    app.include_router(card_payments.refunds_router)
    app.include_router(card_payments.provider_webhooks_router)
    app.include_router(guests.router)
    app.include_router(guests.rounds_router)
    app.include_router(channels.inbound_router)
    app.include_router(channels.router)
    app.include_router(channels.orders_router)
    app.include_router(channels.page_router)
    install_screens(app)
    ensure_every_route_is_brigade(app)
    register_locations()
    locate_every_route(app)
    # After every router: these read the routes.
    app.add_middleware(AllowedMethods, routes=app.routes)
    # Inside CORS and the security headers, which then go on a 304 too.
    app.add_middleware(ConditionalReads)
    install_cors(app, settings.cors_origins)
    install_openapi(app, api_examples())
    document_events(app)
    if settings.metrics == "on":
        install_metrics(
            app,
            webhooks=webhook_service.backlog,
            printing=print_service.backlog,
            cache_seconds=settings.metrics_cache_seconds,
            token=settings.metrics_token.get_secret_value() if settings.metrics_token else None,
        )
    # Outermost, outside the 500s' own middleware: every answer gets the headers, errors too.
    install_security_headers(app)
    install_request_id(app)
    return app


# The garbage collector's generations: the youngest collected every 10,000 allocations rather
# than Python's 700, the older ones 5 and 10 times more rarely than its defaults. A request
# allocates thousands of objects that reference counting frees; each collection still walked the
# survivors, and a full one the worker's ~220,000 long-lived objects (modules, routes, schemas):
# tens of milliseconds in the middle of someone's request (docs/decisions.md, "Performance").
GC_THRESHOLDS = (10_000, 50, 100)


def served_app() -> FastAPI:
    """The app as `brigade serve` runs it in each worker, with its collector's thresholds (not
    in create_app: the in-process tests' worker keeps Python's)."""
    app = create_app()
    gc.set_threshold(*GC_THRESHOLDS)
    return app


def _background(work: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
    """A worker's background loop; it ends when told to stop, and is cancelled otherwise."""
    task = asyncio.create_task(work, name=name)
    task.add_done_callback(_log_failure)
    return task


def _log_failure(task: asyncio.Task[None]) -> None:
    with contextlib.suppress(asyncio.CancelledError):
        if task.exception() is not None:
            log.error("%s stopped", task.get_name(), exc_info=task.exception())
