"""A provider's webhook on a server without that provider's settings (docs/design.md §27):
there is nothing to verify it with, and it is refused in words."""

from __future__ import annotations

from factories import AppClient


def test_without_stripes_settings_its_webhook_is_not_there(client: AppClient) -> None:
    payload = b'{"id": "evt_1", "object": "event"}'
    sent = client.post(
        "/api/card-providers/stripe-terminal/webhook",
        content=payload,
        headers={"Stripe-Signature": "t=1,v1=00"},
    )
    assert (sent.status_code, sent.json()["code"]) == (409, "provider_not_configured")
