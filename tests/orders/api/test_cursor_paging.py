"""Cursor paging (docs/design.md §3, "Paging"): orders, payments and the audit log read by
`cursor`/`nextCursor` give every row once however many are added during the walk, which offset
pages do not; and the newest event's id in one call, to load and then follow without a gap."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from factories import AppClient, make_order, make_product, make_staff_token
from orders.api.order_helpers import add_item, pay, problem


def _since_now() -> str:
    return datetime.now(UTC).isoformat()


def _walk(client: AppClient, path: str, params: dict[str, Any], between: Any = None) -> list[str]:
    """Every id a cursor walk answers, calling ``between()`` after each page."""
    seen: list[str] = []
    cursor = None
    while True:
        asked = params | ({} if cursor is None else {"cursor": cursor})
        response = client.get(path, params=asked)
        assert response.status_code == 200, response.text
        page = response.json()
        seen += [row["id"] for row in page["data"]]
        cursor = page["nextCursor"]
        if cursor is None:
            return seen
        if between is not None:
            between()


def test_a_cursor_walk_answers_every_order_once_while_50_are_added(client: AppClient) -> None:
    since = _since_now()
    existing = [make_order(client)["id"] for _ in range(23)]
    added: list[str] = []

    def add_five() -> None:
        added.extend(make_order(client)["id"] for _ in range(5))

    walked = _walk(client, "/api/orders", {"startDate": since, "limit": 5}, between=add_five)
    assert len(added) == 20
    while len(added) < 50:  # the rest, after the walk: 50 added in all
        add_five()
    assert walked == list(reversed(existing))
    # The newest first again, from the top: the added ones, then the first ones, once each.
    again = _walk(client, "/api/orders", {"startDate": since, "limit": 7})
    assert again == list(reversed(existing + added))


def test_offset_pages_repeat_rows_after_inserts_where_a_cursor_does_not(client: AppClient) -> None:
    since = _since_now()
    for _ in range(10):
        make_order(client)
    first = client.get("/api/orders", params={"startDate": since, "limit": 5}).json()
    for _ in range(3):
        make_order(client)
    second = client.get("/api/orders", params={"startDate": since, "limit": 5, "page": 2}).json()
    by_cursor = client.get(
        "/api/orders", params={"startDate": since, "limit": 5, "cursor": first["nextCursor"]}
    ).json()
    first_ids = {row["id"] for row in first["data"]}
    assert len(first_ids & {row["id"] for row in second["data"]}) == 3
    assert first_ids.isdisjoint(row["id"] for row in by_cursor["data"])
    assert len(by_cursor["data"]) == 5
    # The count is of every matching row, as an offset page's.
    assert by_cursor["total"] == second["total"] == 13


def test_the_last_page_has_no_next_cursor(client: AppClient) -> None:
    since = _since_now()
    for _ in range(3):
        make_order(client)
    page = client.get("/api/orders", params={"startDate": since, "limit": 3}).json()
    assert page["nextCursor"] is not None  # full: more may follow
    after = client.get(
        "/api/orders", params={"startDate": since, "limit": 3, "cursor": page["nextCursor"]}
    ).json()
    assert (after["data"], after["nextCursor"]) == ([], None)
    short = client.get("/api/orders", params={"startDate": since, "limit": 4}).json()
    assert short["nextCursor"] is None


def test_a_cursor_is_refused_with_a_page_number_or_when_made_up(client: AppClient) -> None:
    make_order(client)
    page = client.get("/api/orders", params={"limit": 1}).json()
    both = client.get("/api/orders", params={"cursor": page["nextCursor"], "page": 2})
    assert problem(both, 422, "validation_failed")["errors"][0]["field"] == "page"
    for made_up in ("not-a-cursor", "MjAyNnxub3QtYS11dWlk", "x" * 201):
        refused = client.get("/api/orders", params={"cursor": made_up})
        assert refused.status_code == 422, (made_up, refused.text)


def test_payments_and_the_audit_log_walk_by_cursor(client: AppClient) -> None:
    since = _since_now()
    product = make_product(client, price=10)
    taken: list[str] = []
    for _ in range(7):
        order = make_order(client)
        add_item(client, order, product)
        answer = pay(client, order, 10)
        assert answer.status_code == 201, answer.text
        taken.append(answer.json()["id"])
    assert _walk(client, "/api/payments", {"from": since, "limit": 3}) == list(reversed(taken))
    for _ in range(4):
        make_staff_token(client, "SERVER")
    audit = client.get("/api/audit", params={"from": since, "limit": 100}).json()["data"]
    walked = _walk(client, "/api/audit", {"from": since, "limit": 3})
    assert walked == [entry["id"] for entry in audit]
    assert len(walked) >= 4


def test_the_newest_event_id_in_one_call(client: AppClient) -> None:
    make_order(client)
    latest = client.get("/api/events/latest")
    assert latest.status_code == 200, latest.text
    last_id = latest.json()["lastId"]
    assert client.get("/api/events", params={"after": last_id}).json()["data"] == []
    order = make_order(client)
    following = client.get("/api/events", params={"after": last_id}).json()["data"]
    assert [event["type"] for event in following] == ["order.created"]
    assert following[0]["data"]["id"] == order["id"]
    assert client.get("/api/events/latest").json()["lastId"] == following[0]["id"]
