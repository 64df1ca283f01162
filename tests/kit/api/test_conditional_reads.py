"""`ETag` and `If-None-Match` on reads (docs/design.md §3): an unchanged answer is 304 with no
body, a changed one 200 with its new tag; an order keeps its version as its tag."""

from __future__ import annotations

from factories import AppClient, make_order, make_product


def test_an_unchanged_list_is_304_and_a_changed_one_answers_again(client: AppClient) -> None:
    make_product(client, name="Espresso")
    first = client.get("/api/products", params={"limit": 100})
    etag = first.headers["etag"]
    assert etag.startswith('W/"')
    same = client.get("/api/products", params={"limit": 100}, headers={"If-None-Match": etag})
    assert (same.status_code, same.content) == (304, b"")
    assert same.headers["etag"] == etag
    assert {"request-id", "brigade-version"} <= set(same.headers)
    make_product(client, name="Ristretto")
    changed = client.get("/api/products", params={"limit": 100}, headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["etag"] != etag


def test_an_order_is_tagged_by_its_version(client: AppClient) -> None:
    order = make_order(client)
    url = f"/api/orders/{order['id']}"
    tag = client.get(url).headers["etag"]
    assert tag == f'"{order["version"]}"'
    for sent in (tag, f"W/{tag}", f'"nope", {tag}', "*"):
        assert client.get(url, headers={"If-None-Match": sent}).status_code == 304, sent
    assert client.get(url, headers={"If-None-Match": '"0"'}).status_code == 200


def test_errors_and_changes_are_never_304(client: AppClient) -> None:
    missing = client.get("/api/orders/0196a1b2-0000-7000-8000-00000000dead")
    assert missing.status_code == 404
    assert "etag" not in missing.headers
    again = client.get(
        "/api/orders/0196a1b2-0000-7000-8000-00000000dead", headers={"If-None-Match": "*"}
    )
    assert again.status_code == 404
    body = {"orderType": "TAKEOUT"}
    made = client.post("/api/orders", json=body, headers={"If-None-Match": "*"})
    assert made.status_code == 201, made.text
