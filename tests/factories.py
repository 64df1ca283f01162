"""Plain factory functions: build a valid resource through the API, override any field."""

from __future__ import annotations

import itertools
import re
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from anyio.from_thread import BlockingPortal
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from brigade.kit.db.engine import UnitOfWork
from brigade.schema import metadata

_sequence = itertools.count(1)

# The tests' BRIGADE_ADMIN_TOKEN: every suite runs with authentication on.
ADMIN_TOKEN = "test-admin-token-0123456789abcdef-0123456789"

LOCATION = "0196a1b2-0000-7000-8000-000000000001"
OTHER_LOCATION = "0196a1b2-0000-7000-8000-000000000002"


class AppClient(TestClient):
    """The ``client`` fixture's TestClient, typed as the tests use it: on a Brigade (FastAPI) app,
    and inside its ``with`` block, where the portal is open."""

    app: FastAPI
    portal: BlockingPortal


def _created(response: Any) -> dict[str, Any]:
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def make_category(client: AppClient, **overrides: Any) -> dict[str, Any]:
    body = {"name": f"Category {next(_sequence)}", "locationId": LOCATION} | overrides
    return _created(client.post("/api/categories", json=body))


def make_product(client: AppClient, **overrides: Any) -> dict[str, Any]:
    body = {"name": f"Product {next(_sequence)}", "price": 10, "locationId": LOCATION} | overrides
    return _created(client.post("/api/products", json=body))


def make_modifier(client: AppClient, **overrides: Any) -> dict[str, Any]:
    """A MODIFIER product: an option of modifier groups."""
    return make_product(client, **({"productType": "MODIFIER", "price": 1} | overrides))


def make_modifier_group(
    client: AppClient, options: list[dict[str, Any]] | None = None, **overrides: Any
) -> dict[str, Any]:
    """A group of ``options`` (MODIFIER products; a new one if not given): 0 to any of them."""
    location = overrides.get("locationId", LOCATION)
    chosen = options if options is not None else [make_modifier(client, locationId=location)]
    body = {
        "name": f"Group {next(_sequence)}",
        "locationId": location,
        "options": [{"productId": option["id"]} for option in chosen],
    }
    return _created(client.post("/api/modifier-groups", json=body | overrides))


def make_tax_rate(client: AppClient, **overrides: Any) -> dict[str, Any]:
    body = {"name": f"Tax {next(_sequence)}", "rate": 0.081, "locationId": LOCATION} | overrides
    return _created(client.post("/api/tax-rates", json=body))


def make_service_charge(client: AppClient, **overrides: Any) -> dict[str, Any]:
    body = {"name": f"Service {next(_sequence)}", "rate": 0.125, "locationId": LOCATION}
    return _created(client.post("/api/service-charges", json=body | overrides))


def make_order(client: AppClient, **overrides: Any) -> dict[str, Any]:
    body = {"orderType": "DINE_IN", "locationId": LOCATION, "tableId": str(uuid.uuid4())}
    return _created(client.post("/api/orders", json=body | overrides))


def make_card_paid_order(
    client: AppClient, taken_by: dict[str, str] | None = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """An order of one 20.00 item paid in full by card (a VISA ending 4242), the payment taken
    by ``taken_by``'s token (else the client's): the order, and the payment as answered."""
    order = make_order(client)
    body = {"productId": make_product(client, price=20)["id"], "quantity": 1}
    _created(client.post(f"/api/orders/{order['id']}/items", json=body))
    body = {"amount": 20, "paymentMethod": "CARD", "cardLastFour": "4242", "cardBrand": "VISA"}
    url = f"/api/orders/{order['id']}/payments"
    return order, _created(client.post(url, json=body, headers=taken_by))


async def every_stored_value(app: Any) -> list[str]:
    """Every value in every table of ``app``'s database, as text: to search for secrets."""
    values: list[str] = []
    async with app.state.database.unit_of_work(write=False) as uow:
        connection = await uow.connection()
        for table in metadata.sorted_tables:
            for row in await connection.execute(select(table)):
                values.extend(str(value) for value in row)
    return values


def metric_value(client: AppClient, series: str) -> float:
    """The value of one series of ``/metrics`` (a scrape rendered afresh: the app's
    ``metrics_cache_seconds`` at 0), 0 when it has no sample yet."""
    exposition = client.get("/metrics", headers={"Authorization": ""})
    assert exposition.status_code == 200
    assert exposition.headers["content-type"].startswith("text/plain")
    found = re.search(rf"^{re.escape(series)} (\S+)$", exposition.text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


ADMIN = bearer(ADMIN_TOKEN)


def make_staff_token(
    client: AppClient, role: str, location_id: str | None = None, **overrides: Any
) -> str:
    """A new staff member with ``role`` and a token of theirs (made by the admin client),
    bound to ``location_id`` if given."""
    name = f"{role.title()} {next(_sequence)}"
    member = _created(client.post("/api/staff", json={"name": name, "role": role} | overrides))
    body = {"staffId": member["id"], "name": name, "locationId": location_id}
    token = _created(client.post("/api/tokens", json=body))
    secret: str = token["token"]
    return secret


def in_transaction(client: AppClient, work: Callable[[UnitOfWork], Awaitable[Any]]) -> Any:
    """Run ``work`` in one committed write unit of work of the client's app."""

    async def run() -> Any:
        async with client.app.state.database.unit_of_work(write=True) as uow:
            return await work(uow)

    return client.portal.call(run)


# --- the dining room: devices, PINs and sessions --------------------------------------------


def make_device(client: AppClient, kind: str = "TERMINAL", **overrides: Any) -> dict[str, Any]:
    """A paired device (made by the admin client); its answer holds its ``token``."""
    body = {"name": f"Device {next(_sequence)}", "kind": kind, "locationId": LOCATION} | overrides
    return _created(client.post("/api/devices", json=body))


def make_staff_with_pin(client: AppClient, role: str, pin: str = "4826") -> dict[str, Any]:
    member = _created(
        client.post("/api/staff", json={"name": f"{role.title()} {next(_sequence)}", "role": role})
    )
    response = client.put(f"/api/staff/{member['id']}/pin", json={"pin": pin})
    assert response.status_code == 200, response.text
    return member


def sign_in(client: AppClient, terminal_token: str, staff_id: str, pin: str) -> Any:
    body = {"staffId": staff_id, "pin": pin}
    return client.post("/api/sessions", json=body, headers=bearer(terminal_token))


def approval_ask(
    staff_id: str, pin: str, action: str, url: str, amount: float | None = None
) -> dict[str, Any]:
    """The body asking ``staff_id``'s approval of ``action`` on the order (and item, payment or
    service charge), or the cash drawer, that ``url`` names; up to ``amount`` for an action
    that moves money."""
    asked: dict[str, Any] = {"staffId": staff_id, "pin": pin, "action": action}
    if amount is not None:
        asked["amount"] = amount
    if url.startswith("/api/cash-drawers/"):
        drawer_id = url.removeprefix("/api/cash-drawers/").split("/")[0]
        return asked | {"resource": {"drawerId": drawer_id}}
    parts = url.removeprefix("/api/orders/").split("/")
    resource = {"orderId": parts[0]}
    if len(parts) >= 3:
        named = {"items": "itemId", "service-charges": "serviceChargeId"}
        resource[named.get(parts[1], "paymentId")] = parts[2]
    return asked | {"resource": resource}


def approved_session(
    client: AppClient, action: str, url: str, amount: float | None = None
) -> tuple[dict[str, str], dict[str, Any], dict[str, Any]]:
    """A SERVER signed in on a new terminal, with a MANAGER's approval (PIN 5173) of ``action``
    on what ``url`` names (up to ``amount``): the session's headers carrying it, the server
    and the manager."""
    terminal = make_device(client)["token"]
    server = make_staff_with_pin(client, "SERVER")
    session = bearer(sign_in(client, terminal, server["id"], "4826").json()["token"])
    manager = make_staff_with_pin(client, "MANAGER", "5173")
    asked = approval_ask(manager["id"], "5173", action, url, amount)
    granted = client.post("/api/approvals", json=asked, headers=session)
    assert granted.status_code == 201, granted.text
    return session | {"Brigade-Approval": granted.json()["token"]}, server, manager


def make_session(client: AppClient, role: str, terminal_token: str | None = None) -> str:
    """A PIN session token of a new staff member with ``role``, on a (new) terminal."""
    terminal = terminal_token or make_device(client)["token"]
    member = make_staff_with_pin(client, role)
    token: str = _created(sign_in(client, terminal, member["id"], "4826"))["token"]
    return token


def room_in_this_minute() -> None:
    """Wait, if needed, until at least 15 s are left in the calendar minute: failed
    authentications are counted per minute, and a test that crossed into the next one would
    start a new count. Call it just before the counted requests (after starting a server)."""
    second = datetime.now(UTC).second
    if second >= 45:
        time.sleep(60.5 - second)


def written_strings(value: object) -> Iterator[str]:
    """Every string an answer holds but its ids and timestamps, whose digits can hold "4242"
    by chance (a timestamp's microseconds did once)."""
    if isinstance(value, dict):
        for item in value.values():
            yield from written_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from written_strings(item)
    elif isinstance(value, str):
        for parse in (UUID, datetime.fromisoformat):
            try:
                parse(value)
            except ValueError:
                continue
            return
        yield value


# --- the back office's sign-in --------------------------------------------------------------

PASSWORD = "correct horse battery"
# A request that sends no bearer token: the client's session cookie, if any, signs it in.
NO_BEARER = {"Authorization": ""}


def make_staff_with_password(
    client: AppClient, role: str, password: str = PASSWORD, **overrides: Any
) -> dict[str, Any]:
    """A staff member with a sign-in name (answered as ``login``) and ``password``."""
    number = next(_sequence)
    member = _created(
        client.post("/api/staff", json={"name": f"{role.title()} {number}", "role": role})
    )
    body = {"login": f"{role.lower()}{number}@example.com", "password": password} | overrides
    response = client.put(f"/api/staff/{member['id']}/password", json=body)
    assert response.status_code == 200, response.text
    return member | {"login": response.json()["login"]}


def password_sign_in(client: AppClient, login: str, password: str = PASSWORD) -> Any:
    """Sign in with a password; the client keeps the session cookies it answers."""
    body = {"login": login, "password": password}
    return client.post("/api/auth/sign-in", json=body, headers=NO_BEARER)


def csrf_header(client: AppClient) -> dict[str, str]:
    """What the back office sends with a change: no bearer, and the CSRF cookie's value."""
    return NO_BEARER | {"X-CSRF-Token": client.cookies["brigade_csrf"]}


def back_office_by_pin(client: AppClient, location: str, role: str = "MANAGER") -> dict[str, str]:
    """A back-office session opened by the PIN of a new ``role`` on a terminal at ``location``:
    the headers of a change made with its cookie (no bearer, its CSRF token)."""
    terminal = make_device(client, locationId=location)["token"]
    member = make_staff_with_pin(client, role)
    body = {"staffId": member["id"], "pin": "4826"}
    opened = client.post("/api/auth/pin-sign-in", json=body, headers=bearer(terminal))
    assert opened.status_code == 200, opened.text
    return csrf_header(client)
