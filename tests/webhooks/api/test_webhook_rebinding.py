"""DNS rebinding: the probe's DNS server answered a public address to the guard and
127.0.0.1 to the connection, and 3 of 3 deliveries reached 127.0.0.1/internal-admin. A
delivery resolves once, judges the addresses and connects to the one judged, with the
webhook's host in Host (and in TLS's SNI). The resolver here is a test's: no DNS server, and
no traffic beyond 127.0.0.1 (the outside "connection" is an httpx mock transport)."""

from __future__ import annotations

import itertools
import socket
from typing import Any

import httpx
import pytest

from brigade.kit.names import Resolver
from brigade.settings import Settings
from brigade.webhooks.service import Deliverer
from factories import AppClient, make_order
from receivers import Receiver

PUBLIC = "93.184.216.34"


def _answering(*addresses: str) -> Resolver:
    """A resolver answering each lookup with the next of ``addresses``, round and round."""
    answers = itertools.cycle(addresses)

    def lookup(host: str, port: int, **_: object) -> list[tuple[Any, ...]]:
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (next(answers), port))]

    return Resolver(lookup)


def _deliverer(
    client: AppClient, resolver: Resolver, allowed: frozenset[str] = frozenset()
) -> Deliverer:
    return Deliverer(
        client.app.state.database,
        allowed_hosts=allowed,
        configured_key=None,
        poll_seconds=1,
        resolver=resolver,
    )


def _webhook(client: AppClient, url: str) -> dict[str, Any]:
    response = client.post("/api/webhooks", json={"url": url, "types": ["order.created"]})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_a_name_turning_to_loopback_after_the_check_is_never_connected_to(
    client: AppClient,
) -> None:
    client.app.state.resolver = _answering(PUBLIC)
    webhook = _webhook(client, "https://hooks.example/brigade")
    make_order(client)
    make_order(client)
    seen: list[httpx.Request] = []

    def outside(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(204, stream=httpx.ByteStream(b""))

    # Public to one lookup, loopback to the next: a rebinding DNS server.
    deliverer = _deliverer(client, _answering(PUBLIC, "127.0.0.1"))

    async def rounds() -> None:
        async with httpx.AsyncClient(transport=httpx.MockTransport(outside)) as http:
            for _ in range(3):
                await deliverer.deliver_due(http)

    client.portal.call(rounds)
    log = client.get(f"/api/webhooks/{webhook['id']}/deliveries").json()["data"]
    outcomes = sorted((d["eventId"], d["attempt"], d["outcome"], d["error"]) for d in log)
    assert [outcome[:3] for outcome in outcomes[:2]] == [
        (outcomes[0][0], 1, "delivered"),
        (outcomes[1][0], 1, "retrying"),
    ]
    assert "loopback" in outcomes[1][3]
    # Every connection went to the address judged public, named as the webhook names it.
    assert len(seen) == 1
    (request,) = seen
    assert (request.url.scheme, request.url.host, request.url.path) == (
        "https",
        PUBLIC,
        "/brigade",
    )
    assert request.headers["Host"] == "hooks.example"
    assert request.extensions["sni_hostname"] == "hooks.example"


@pytest.mark.parametrize(
    "address", ["::127.0.0.1", "::ffff:127.0.0.1", "64:ff9b::7f00:1", "2002:7f00:1::", "10.0.0.7"]
)
def test_a_name_resolving_to_an_embedded_private_address_is_refused(
    client: AppClient, address: str
) -> None:
    client.app.state.resolver = _answering(address)
    response = client.post(
        "/api/webhooks", json={"url": "https://hooks.example/in", "types": ["order.created"]}
    )
    assert response.status_code == 422
    assert response.json()["code"] == "validation_failed"


@pytest.mark.parametrize(
    "url", ["http://[::127.0.0.1]/", "http://[64:ff9b::7f00:1]/", "http://[2002:7f00:1::]/"]
)
def test_an_embedded_private_address_in_the_url_is_refused(client: AppClient, url: str) -> None:
    response = client.post("/api/webhooks", json={"url": url, "types": ["order.created"]})
    assert response.status_code == 422


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"webhook_allow_hosts": "receiver.test"})


def test_an_allowed_name_is_reached_at_its_address_with_its_name_in_host(
    client: AppClient,
) -> None:
    receiver = Receiver()
    try:
        client.app.state.resolver = _answering("127.0.0.1")
        _webhook(client, f"http://receiver.test:{receiver.port}/hooks")
        make_order(client)
        deliverer = _deliverer(client, _answering("127.0.0.1"), frozenset({"receiver.test"}))

        async def one_round() -> bool:
            async with Deliverer.client() as http:
                return await deliverer.deliver_due(http)

        assert client.portal.call(one_round)
        ((headers, _body),) = receiver.received
        assert headers["Host"] == f"receiver.test:{receiver.port}"
    finally:
        receiver.close()
