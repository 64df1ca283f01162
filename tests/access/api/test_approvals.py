"""A manager's approval on a terminal: a one-shot token for the next change of the session
that asked, acting with the manager's role, audited with both names, never reused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import update

from brigade.access.tables import approvals
from factories import (
    AppClient,
    approval_ask,
    bearer,
    make_device,
    make_order,
    make_product,
    make_staff_with_pin,
    sign_in,
)

APPROVAL = "Brigade-Approval"


def _floor(client: Any) -> tuple[dict[str, str], dict[str, Any], str]:
    """A SERVER signed in on a terminal, a manager with PIN 5173, and a sent item's URL."""
    terminal = make_device(client)["token"]
    server = make_staff_with_pin(client, "SERVER")
    session = bearer(sign_in(client, terminal, server["id"], "4826").json()["token"])
    manager = make_staff_with_pin(client, "MANAGER", "5173")
    order = make_order(client)
    product = make_product(client, price=10)
    item = client.post(
        f"/api/orders/{order['id']}/items", json={"productId": product["id"], "quantity": 1}
    ).json()
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    return (
        session | {"server": server["name"]},
        manager,
        f"/api/orders/{order['id']}/items/{item['id']}",
    )


def _approve(
    client: Any,
    session: dict[str, str],
    staff_id: str,
    url: str,
    pin: str = "5173",
    action: str = "item.void",
    amount: float | None = None,
) -> Any:
    headers = {"Authorization": session["Authorization"]}
    body = approval_ask(staff_id, pin, action, url, amount)
    return client.post("/api/approvals", json=body, headers=headers)


def _as(session: dict[str, str], approval: str | None = None) -> dict[str, str]:
    headers = {"Authorization": session["Authorization"]}
    return headers | ({APPROVAL: approval} if approval else {})


def test_a_server_voids_a_sent_item_with_a_managers_approval_audited_with_both(
    client: AppClient,
) -> None:
    session, manager, item_url = _floor(client)
    refused = client.request("DELETE", item_url, json={"reason": "spilled"}, headers=_as(session))
    assert refused.status_code == 403

    started = datetime.now(UTC)
    granted = _approve(client, session, manager["id"], item_url)
    assert granted.status_code == 201, granted.text
    assert granted.headers["cache-control"] == "no-store"
    body = granted.json()
    assert body["approver"] == {"id": manager["id"], "name": manager["name"], "role": "MANAGER"}
    assert body["token"].startswith("bra_")
    lifetime = datetime.fromisoformat(body["expiresAt"]) - started
    assert timedelta(seconds=59) < lifetime <= timedelta(seconds=61)

    voided = client.request(
        "DELETE", item_url, json={"reason": "spilled"}, headers=_as(session, body["token"])
    )
    assert voided.status_code == 200, voided.text
    assert client.get(item_url).json()["status"] == "VOIDED"

    (entry,) = client.get("/api/audit", params={"action": "order.item_voided"}).json()["data"]
    assert entry["staffName"] == session["server"]
    assert (entry["approvedById"], entry["approvedByName"]) == (manager["id"], manager["name"])

    again = client.request(
        "DELETE", item_url, json={"reason": "twice"}, headers=_as(session, body["token"])
    )
    assert again.status_code == 403
    assert again.json()["code"] == "approval_invalid"


def test_the_approval_is_for_the_session_that_asked_only(client: AppClient) -> None:
    session, manager, item_url = _floor(client)
    token = _approve(client, session, manager["id"], item_url).json()["token"]
    terminal = make_device(client)["token"]
    colleague = make_staff_with_pin(client, "SERVER", "6284")
    other = bearer(sign_in(client, terminal, colleague["id"], "6284").json()["token"])
    stolen = client.request(
        "DELETE", item_url, json={"reason": "spilled"}, headers=other | {APPROVAL: token}
    )
    assert stolen.status_code == 403
    assert stolen.json()["code"] == "approval_invalid"
    mine = client.request(
        "DELETE", item_url, json={"reason": "spilled"}, headers=_as(session, token)
    )
    assert mine.status_code == 200


def test_a_refused_change_does_not_spend_the_approval(client: AppClient) -> None:
    session, manager, item_url = _floor(client)
    token = _approve(client, session, manager["id"], item_url).json()["token"]
    invalid = client.request("DELETE", item_url, json={"reason": ""}, headers=_as(session, token))
    assert invalid.status_code == 422
    done = client.request(
        "DELETE", item_url, json={"reason": "spilled"}, headers=_as(session, token)
    )
    assert done.status_code == 200


def test_an_idempotent_retry_replays_the_approved_answer(client: AppClient) -> None:
    session, manager, item_url = _floor(client)
    order_url = item_url.split("/items/")[0]
    asked = _approve(client, session, manager["id"], order_url, action="order.discount", amount=2)
    token = asked.json()["token"]
    headers = _as(session, token) | {"Idempotency-Key": "discount-1"}
    body = {"discountAmount": 2, "reason": "birthday"}
    first = client.post(f"{order_url}/discount", json=body, headers=headers)
    assert first.status_code == 200, first.text
    retried = client.post(f"{order_url}/discount", json=body, headers=headers)
    assert retried.status_code == 200
    assert retried.headers["idempotent-replayed"] == "true"
    assert (
        client.get("/api/audit", params={"action": "order.discount_applied"}).json()["total"] == 1
    )


def test_an_approval_takes_a_managers_pin(client: AppClient) -> None:
    session, _manager, item_url = _floor(client)
    server = make_staff_with_pin(client, "SERVER", "9391")
    refused = _approve(client, session, server["id"], item_url, "9391")
    assert refused.status_code == 403


def test_wrong_manager_pins_count_towards_the_managers_lock_out(client: AppClient) -> None:
    session, manager, item_url = _floor(client)
    statuses = [
        _approve(client, session, manager["id"], item_url, "0000").status_code for _ in range(5)
    ]
    assert statuses == [401, 401, 401, 401, 429]
    assert _approve(client, session, manager["id"], item_url).status_code == 429
    terminal = make_device(client)["token"]
    assert sign_in(client, terminal, manager["id"], "5173").status_code == 429


async def _expire_approvals(app: Any) -> None:
    async with app.state.database.unit_of_work(write=True) as uow:
        connection = await uow.connection()
        past = datetime.now(UTC) - timedelta(seconds=1)
        await connection.execute(update(approvals).values(expires_at=past))


def test_an_expired_or_made_up_approval_is_refused(client: AppClient) -> None:
    session, manager, item_url = _floor(client)
    token = _approve(client, session, manager["id"], item_url).json()["token"]
    client.portal.call(_expire_approvals, client.app)
    for approval in (token, "bra_made-up", "anything"):
        response = client.request(
            "DELETE", item_url, json={"reason": "spilled"}, headers=_as(session, approval)
        )
        assert response.status_code == 403
        assert response.json()["code"] == "approval_invalid"


def test_an_approval_is_for_a_change_not_a_read(client: AppClient) -> None:
    session, manager, item_url = _floor(client)
    token = _approve(client, session, manager["id"], item_url).json()["token"]
    read = client.get("/api/orders", headers=_as(session, token))
    assert read.status_code == 422
    assert read.json()["errors"][0]["field"] == APPROVAL


def test_a_server_cancels_a_sent_check_with_a_managers_approval_as_the_terminal_sends_it(
    client: AppClient,
) -> None:
    """The terminal's cancel: a DELETE under its key, against the version on screen, asking
    for the order back, with the approval of ``order.cancel`` on that order."""
    session, manager, item_url = _floor(client)
    order_url = item_url.split("/items/")[0]
    version = client.get(order_url).json()["version"]
    terminal = _as(session) | {
        "If-Match": f'"{version}"',
        "Idempotency-Key": "cancel-1",
        "Prefer": "return=representation",
    }
    body = {"reason": "Guests left"}
    refused = client.request("DELETE", order_url, json=body, headers=terminal)
    assert refused.status_code == 403
    assert client.get(order_url).json()["status"] == "OPEN"

    granted = _approve(client, session, manager["id"], order_url, action="order.cancel")
    assert granted.status_code == 201, granted.text
    approved = terminal | {APPROVAL: granted.json()["token"], "Idempotency-Key": "cancel-2"}
    cancelled = client.request("DELETE", order_url, json=body, headers=approved)
    assert cancelled.status_code == 200, cancelled.text
    assert cancelled.json()["order"] == client.get(order_url).json()
    assert cancelled.json()["order"]["status"] == "CANCELLED"
    (entry,) = client.get("/api/audit", params={"action": "order.cancelled"}).json()["data"]
    assert (entry["staffName"], entry["approvedByName"]) == (session["server"], manager["name"])
