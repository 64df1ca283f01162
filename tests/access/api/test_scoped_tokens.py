"""Scoped staff tokens: only what both the role and a scope allow, 403 `insufficient_scope`
naming the scope that would; shown on the token; unknown scopes refused at creation."""

from __future__ import annotations

from typing import Any

from factories import LOCATION, AppClient, bearer, make_order, make_product


def _scoped_token(client: AppClient, role: str, scopes: list[str]) -> dict[str, Any]:
    member = client.post("/api/staff", json={"name": f"{role.title()} export", "role": role})
    body = {"staffId": member.json()["id"], "name": "Accounting export", "scopes": scopes}
    created = client.post("/api/tokens", json=body)
    assert created.status_code == 201, created.text
    token: dict[str, Any] = created.json()
    return token


def _sent_order_with_item(client: AppClient) -> tuple[str, str]:
    order = make_order(client)
    product = make_product(client, price=10)
    body = {"productId": product["id"], "quantity": 1}
    item = client.post(f"/api/orders/{order['id']}/items", json=body).json()
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    return order["id"], item["id"]


def _completed_order(client: AppClient) -> str:
    order_id, _item = _sent_order_with_item(client)
    payment = {"amount": 10, "paymentMethod": "CASH"}
    assert client.post(f"/api/orders/{order_id}/payments", json=payment).status_code == 201
    assert client.post(f"/api/orders/{order_id}/complete").status_code == 200
    return order_id


def _refused_for_scope(response: Any, scope: str) -> None:
    assert response.status_code == 403, response.text
    assert response.json()["code"] == "insufficient_scope"
    assert f"the scope {scope}" in response.json()["detail"]


def test_a_reports_token_reads_reports_and_nothing_that_changes_money(client: AppClient) -> None:
    token = _scoped_token(client, "MANAGER", ["reports:read"])
    headers = bearer(token["token"])
    report = client.get(
        "/api/reports/sales", params={"locationId": LOCATION, "from": "2026-11-20"}, headers=headers
    )
    assert report.status_code == 200, report.text
    assert client.get("/api/reports/x", params={"locationId": LOCATION}, headers=headers).is_success

    order_id, item_id = _sent_order_with_item(client)
    voided = client.request(
        "DELETE",
        f"/api/orders/{order_id}/items/{item_id}",
        json={"reason": "wrong table"},
        headers=headers,
    )
    _refused_for_scope(voided, "orders:write")
    discount = {"discountAmount": 2, "reason": "birthday"}
    discounted = client.post(f"/api/orders/{order_id}/discount", json=discount, headers=headers)
    _refused_for_scope(discounted, "orders:write")
    refund = {"amount": 1, "reason": "cold"}
    refunded = client.post(
        f"/api/orders/{_completed_order(client)}/refunds", json=refund, headers=headers
    )
    _refused_for_scope(refunded, "orders:write")
    closing = {"locationId": LOCATION, "force": True, "reason": "test"}
    closed = client.post("/api/reports/z", json=closing, headers=headers)
    assert closed.status_code == 403
    assert closed.json()["code"] == "insufficient_scope"
    assert "no scope allows it" in closed.json()["detail"]
    # Nothing changed: the order still has its item and no discount.
    order = client.get(f"/api/orders/{order_id}").json()
    assert [item["status"] for item in order["items"]] == ["SENT"]


def test_a_scope_never_widens_the_role(client: AppClient) -> None:
    token = _scoped_token(client, "SERVER", ["reports:read"])
    refused = client.get(
        "/api/reports/x", params={"locationId": LOCATION}, headers=bearer(token["token"])
    )
    assert refused.status_code == 403
    assert refused.json()["code"] == "forbidden"


def test_a_webhooks_token_manages_webhooks_but_not_staff(client: AppClient) -> None:
    token = _scoped_token(client, "ADMIN", ["webhooks:write"])
    headers = bearer(token["token"])
    body = {"url": "https://93.184.215.14/hooks", "types": ["order.created"]}
    created = client.post("/api/webhooks", json=body, headers=headers)
    assert created.status_code == 201, created.text
    assert client.get("/api/webhooks", headers=headers).status_code == 200
    staff = client.get("/api/staff", headers=headers)
    assert staff.status_code == 403
    assert staff.json()["code"] == "insufficient_scope"
    made = client.post("/api/staff", json={"name": "Sneaky", "role": "ADMIN"}, headers=headers)
    assert made.status_code == 403


def test_scopes_are_shown_on_the_token_and_in_the_audit_log(client: AppClient) -> None:
    token = _scoped_token(client, "MANAGER", ["reports:read", "payments:read"])
    assert token["scopes"] == ["payments:read", "reports:read"]
    listed = client.get("/api/tokens", params={"staffId": token["staffId"]}).json()["data"]
    assert [entry["scopes"] for entry in listed] == [["payments:read", "reports:read"]]
    revoked = client.delete(f"/api/tokens/{token['id']}").json()
    assert revoked["scopes"] == ["payments:read", "reports:read"]
    audit = client.get("/api/audit", params={"action": "token.created"}).json()["data"]
    [created] = [entry for entry in audit if entry["entityId"] == token["id"]]
    assert created["after"]["scopes"] == ["payments:read", "reports:read"]


def test_a_token_without_scopes_has_its_whole_role(client: AppClient) -> None:
    member = client.post("/api/staff", json={"name": "Marco", "role": "MANAGER"}).json()
    created = client.post("/api/tokens", json={"staffId": member["id"], "name": "Laptop"}).json()
    assert created["scopes"] is None
    assert client.get("/api/payments", headers=bearer(created["token"])).status_code == 200


def test_unknown_or_no_scopes_are_refused_at_creation(client: AppClient) -> None:
    member = client.post("/api/staff", json={"name": "Ana", "role": "MANAGER"}).json()
    for scopes in (["orders:delete"], [], ["reports"]):
        body = {"staffId": member["id"], "name": "Export", "scopes": scopes}
        refused = client.post("/api/tokens", json=body)
        assert refused.status_code == 422, scopes
        assert refused.json()["errors"][0]["field"].startswith("scopes")
    assert client.get("/api/tokens", params={"staffId": member["id"]}).json()["total"] == 0


def test_every_scoped_token_may_ask_who_it_acts_as(client: AppClient) -> None:
    for scopes in (["webhooks:write"], ["reports:read"], ["audit:read"]):
        token = _scoped_token(
            client, "MANAGER" if scopes != ["webhooks:write"] else "ADMIN", scopes
        )
        me = client.get("/api/staff/me", headers=bearer(token["token"]))
        assert me.status_code == 200, me.text
        assert me.json()["staffId"] == token["staffId"]
        # Asking who it is reads nothing else: the everyday read still takes its scope.
        _refused_for_scope(client.get("/api/orders", headers=bearer(token["token"])), "orders:read")
