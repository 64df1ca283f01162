"""A webhook is an ADMIN's (only an ADMIN manages them): its deliveries show a payment's card
brand, last four and who took it, in ``payment.created`` and in the order events that carry
payments, where the kitchen reading the same events gets them null; the body is signed as
sent, and a retry sends the very same bytes."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
import standardwebhooks

from brigade.settings import Settings
from events.api.event_helpers import all_events
from factories import AppClient, bearer, make_card_paid_order, make_staff_token
from receivers import LOCAL, Receiver, due_now, local_deliverer, one_round


@pytest.fixture
def settings(settings: Settings) -> Settings:
    # The test runs each delivery round itself (see test_webhook_ordering.py).
    return settings.model_copy(update={"webhook_allow_hosts": LOCAL, "webhook_poll_seconds": 60})


def _card_paid_and_completed(client: AppClient) -> tuple[dict[str, Any], str]:
    """An order a SERVER paid by card and completed, and the server's name."""
    server = bearer(make_staff_token(client, "SERVER"))
    order, paid = make_card_paid_order(client, server)
    assert client.post(f"/api/orders/{order['id']}/complete").status_code == 200
    name: str = paid["takenBy"]["name"]
    return order, name


def test_an_admins_webhook_gets_card_details_signed_and_retried_unchanged(
    client: AppClient, receiver: Receiver
) -> None:
    types = ["payment.created", "order.completed"]
    webhook = client.post("/api/webhooks", json={"url": receiver.url, "types": types}).json()
    order, taken_by = _card_paid_and_completed(client)
    deliverer = local_deliverer(client)

    receiver.failing = True
    assert one_round(client, deliverer)
    [(first_headers, first_body)] = receiver.received
    receiver.failing = False
    due_now(client, webhook["id"])
    for _ in range(3):
        one_round(client, deliverer)
    (retry_headers, retry_body), (completed_headers, completed_body) = receiver.received[1:]
    assert retry_body == first_body
    assert retry_headers["webhook-id"] == first_headers["webhook-id"]

    payment_event, completed = orjson.loads(retry_body), orjson.loads(completed_body)
    assert (payment_event["type"], completed["type"]) == tuple(types)
    for seen in (payment_event["data"], completed["data"]["payments"][0]):
        assert (seen["cardLastFour"], seen["cardBrand"]) == ("4242", "VISA")
        assert seen["takenBy"]["name"] == taken_by
    for headers, body in ((retry_headers, retry_body), (completed_headers, completed_body)):
        standardwebhooks.Webhook(webhook["secret"]).verify(body, headers)

    # The kitchen reading the same events gets them without.
    kitchen = bearer(make_staff_token(client, "KITCHEN"))
    cooks = {event["id"]: event for event in all_events(client, kitchen)}
    cooks_payment = cooks[payment_event["id"]]["data"]
    assert (cooks_payment["cardLastFour"], cooks_payment["cardBrand"]) == (None, None)
    assert cooks_payment["takenBy"] is None
    assert cooks[completed["id"]]["data"]["payments"][0]["cardBrand"] is None
    assert order["id"] == completed["orderId"]
