"""Products: every endpoint, the catalogue rules (docs/design.md §4), and bad input that must
change nothing."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from httpx import Response

from factories import LOCATION, OTHER_LOCATION, AppClient, make_category, make_product

PROBLEM = "application/problem+json"


def _names(client: AppClient, **params: Any) -> list[str]:
    response = client.get("/api/products", params=params)
    assert response.status_code == 200, response.text
    return [p["name"] for p in response.json()["data"]]


def _assert_problem(response: Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body: dict[str, Any] = response.json()
    assert body["code"] == code
    assert body["status"] == status
    return body


def test_create_answers_201_with_location_and_defaults(client: AppClient) -> None:
    response = client.post("/api/products", json={"name": "  Burger  ", "price": 12.5})
    assert response.status_code == 201
    body = response.json()
    assert response.headers["location"] == f"/api/products/{body['id']}"
    assert body["name"] == "Burger"
    assert body["price"] == 12.5
    assert body["isActive"] is True
    assert body["is86d"] is False
    assert body["productType"] == "ITEM"
    assert body["createdAt"].endswith("Z")
    assert uuid.UUID(body["id"]).version == 7


def test_create_with_every_field_round_trips_in_detail(client: AppClient) -> None:
    category = make_category(client)
    created = make_product(
        client,
        name="Ribeye",
        price=34.95,
        cost=12.4,
        categoryId=category["id"],
        description="28-day dry aged",
        sku="STK-01",
        barcode="4006381333931",
        taxRate=0.08875,
        imageUrl="https://img.example/ribeye.png",
        trackInventory=True,
        stockQuantity=12,
        lowStockThreshold=3,
        productType="ITEM",
    )
    detail = client.get(f"/api/products/{created['id']}").json()
    assert detail["price"] == 34.95
    assert detail["cost"] == 12.4
    assert detail["taxRate"] == 0.08875
    assert detail["categoryId"] == category["id"]
    assert detail["locationId"] == LOCATION
    assert detail["sku"] == "STK-01"
    assert detail["barcode"] == "4006381333931"
    assert detail["trackInventory"] is True
    assert detail["stockQuantity"] == 12
    assert detail["lowStockThreshold"] == 3
    assert detail["imageUrl"] == "https://img.example/ribeye.png"


def test_money_leaves_as_json_numbers_without_float_noise(client: AppClient) -> None:
    product = make_product(client, price=0.3, cost=0.1)
    raw = client.get(f"/api/products/{product['id']}").text
    assert '"price":0.3,' in raw
    assert '"cost":0.1,' in raw


def test_location_comes_from_query_when_not_in_body(client: AppClient) -> None:
    response = client.post(
        "/api/products", params={"locationId": OTHER_LOCATION}, json={"name": "Tea", "price": 3}
    )
    assert response.status_code == 201
    assert response.json()["locationId"] == OTHER_LOCATION


def test_location_defaults_to_the_categorys(client: AppClient) -> None:
    category = make_category(client, locationId=OTHER_LOCATION)
    response = client.post(
        "/api/products", json={"name": "Tea", "price": 3, "categoryId": category["id"]}
    )
    assert response.json()["locationId"] == OTHER_LOCATION


def test_unknown_category_is_422(client: AppClient) -> None:
    response = client.post(
        "/api/products", json={"name": "Tea", "price": 3, "categoryId": str(uuid.uuid4())}
    )
    body = _assert_problem(response, 422, "validation_failed")
    assert body["errors"][0]["field"] == "categoryId"
    assert _names(client) == []


def test_category_of_another_location_is_422(client: AppClient) -> None:
    category = make_category(client, locationId=OTHER_LOCATION)
    response = client.post(
        "/api/products",
        json={"name": "Tea", "price": 3, "categoryId": category["id"], "locationId": LOCATION},
    )
    _assert_problem(response, 422, "validation_failed")


def test_get_unknown_is_404_and_malformed_id_is_422(client: AppClient) -> None:
    _assert_problem(client.get(f"/api/products/{uuid.uuid4()}"), 404, "not_found")
    _assert_problem(client.get("/api/products/not-a-uuid"), 422, "validation_failed")


def test_list_is_paginated_by_name_then_id_with_total(client: AppClient) -> None:
    for name in ["Caesar", "apple pie", "Burger", "Burger"]:
        make_product(client, name=name)
    page = client.get("/api/products", params={"limit": 2}).json()
    assert page["total"] == 4
    assert page["page"] == 1
    assert page["limit"] == 2
    assert len(page["data"]) == 2
    everything = client.get("/api/products").json()
    assert everything["limit"] == 20
    names = [p["name"] for p in everything["data"]]
    assert names == sorted(names)
    burgers = [p["id"] for p in everything["data"] if p["name"] == "Burger"]
    assert burgers == sorted(burgers)
    second = client.get("/api/products", params={"limit": 2, "page": 2}).json()
    assert {p["id"] for p in second["data"]}.isdisjoint({p["id"] for p in page["data"]})


def test_the_lists_total_counts_every_match_past_the_last_page_and_with_none(
    client: AppClient,
) -> None:
    # The count rides on a page's rows; a page past the last, with no row, counts apart.
    for name in ["Soup", "Salad", "Steak"]:
        make_product(client, name=name)
    assert client.get("/api/products", params={"limit": 2, "page": 2}).json()["total"] == 3
    past = client.get("/api/products", params={"limit": 2, "page": 9}).json()
    assert (past["data"], past["total"], past["page"]) == ([], 3, 9)
    searched = client.get("/api/products", params={"search": "s", "limit": 1, "page": 2}).json()
    assert (len(searched["data"]), searched["total"]) == (1, 3)
    none = client.get("/api/products", params={"search": "zzz"}).json()
    assert (none["data"], none["total"]) == ([], 0)
    assert client.get("/api/products", params={"search": "zzz", "page": 3}).json()["total"] == 0


def test_list_summary_carries_the_interface_fields(client: AppClient) -> None:
    make_product(client, sku="S-1")
    item = client.get("/api/products").json()["data"][0]
    assert {"id", "name", "price", "categoryId", "sku", "isActive", "is86d"} <= item.keys()


def test_the_list_shows_each_products_tax_and_stock(client: AppClient) -> None:
    make_product(client, taxRate=0.08, trackInventory=True, stockQuantity=5, lowStockThreshold=2)
    (item,) = client.get("/api/products").json()["data"]
    assert (item["taxRate"], item["trackInventory"]) == (0.08, True)
    assert (item["stockQuantity"], item["lowStockThreshold"]) == (5, 2)


@pytest.mark.parametrize(
    "params",
    [{"limit": 0}, {"limit": 101}, {"page": 0}, {"page": -1}, {"limit": "x"}, {"page": 10**7}],
)
def test_pagination_out_of_range_is_422(client: AppClient, params: dict[str, Any]) -> None:
    _assert_problem(client.get("/api/products", params=params), 422, "validation_failed")


def test_filters_by_location_category_type_and_flags(client: AppClient) -> None:
    mains = make_category(client)
    burger = make_product(client, name="Burger", categoryId=mains["id"])
    make_product(client, name="Cheese", productType="MODIFIER")
    make_product(client, name="Elsewhere", locationId=OTHER_LOCATION)
    inactive = make_product(client, name="Old special")
    client.put(f"/api/products/{inactive['id']}", json={"isActive": False})
    client.post(f"/api/products/{burger['id']}/86")

    assert _names(client, locationId=OTHER_LOCATION) == ["Elsewhere"]
    assert _names(client, categoryId=mains["id"]) == ["Burger"]
    assert _names(client, productType="MODIFIER") == ["Cheese"]
    assert _names(client, isActive="false") == ["Old special"]
    assert _names(client, is86d="true") == ["Burger"]
    assert len(_names(client)) == 4, "without isActive/is86d everything is listed"
    _assert_problem(client.get("/api/products?productType=FOOD"), 422, "validation_failed")


def test_search_matches_name_sku_or_barcode_case_insensitively(client: AppClient) -> None:
    make_product(client, name="Margherita Pizza", sku="PZ-1")
    make_product(client, name="Lemonade", barcode="5012345678900")
    make_product(client, name="Fries", sku="side-02")
    assert _names(client, search="PIZZA") == ["Margherita Pizza"]
    assert _names(client, search="pz-") == ["Margherita Pizza"]
    assert _names(client, search="SIDE") == ["Fries"]
    assert _names(client, search="1234567") == ["Lemonade"]


def test_search_treats_like_metacharacters_literally(client: AppClient) -> None:
    make_product(client, name="100% Juice")
    make_product(client, name="1000 Island dressing")
    make_product(client, name="Hot_dog")
    make_product(client, name="Hot dog")
    assert _names(client, search="100%") == ["100% Juice"]
    assert _names(client, search="t_d") == ["Hot_dog"]
    assert _names(client, search="%") == ["100% Juice"]
    assert _names(client, search="\\") == []
    assert _names(client, search="'; DROP TABLE products; --") == []
    assert len(_names(client)) == 4


def test_barcode_lookup_scoped_by_location(client: AppClient) -> None:
    here = make_product(client, name="Cola", barcode="123")
    there = make_product(client, name="Cola (bar)", barcode="123", locationId=OTHER_LOCATION)
    found = client.get("/api/products/barcode/123", params={"locationId": OTHER_LOCATION})
    assert found.status_code == 200
    assert found.json()["id"] == there["id"]
    assert {"id", "name", "price", "barcode"} <= found.json().keys()
    found_here = client.get("/api/products/barcode/123", params={"locationId": LOCATION}).json()
    assert found_here["id"] == here["id"]
    _assert_problem(client.get("/api/products/barcode/999"), 404, "not_found")


def test_update_changes_only_given_fields_and_moves_updated_at(client: AppClient) -> None:
    product = make_product(client, name="Soup", price=6, sku="SP")
    response = client.put(f"/api/products/{product['id']}", json={"price": 6.5})
    assert response.status_code == 200
    body = response.json()
    assert body["price"] == 6.5
    assert body["name"] == "Soup"
    assert body["sku"] == "SP"
    assert body["updatedAt"] > product["updatedAt"]
    again = client.put(f"/api/products/{product['id']}", json={"name": "Soup of the day"}).json()
    assert again["updatedAt"] > body["updatedAt"]


def test_update_can_clear_optional_fields_but_not_required_ones(client: AppClient) -> None:
    product = make_product(client, sku="X1", description="text")
    cleared = client.put(f"/api/products/{product['id']}", json={"sku": None, "description": None})
    assert cleared.json()["sku"] is None
    assert cleared.json()["description"] is None
    for field in ("name", "price", "isActive", "is86d"):
        response = client.put(f"/api/products/{product['id']}", json={field: None})
        _assert_problem(response, 422, "validation_failed")


def test_update_refuses_server_owned_and_unknown_fields(client: AppClient) -> None:
    product = make_product(client)
    for field in ("id", "createdAt", "updatedAt", "locationId", "bogus"):
        response = client.put(f"/api/products/{product['id']}", json={field: "x"})
        body = _assert_problem(response, 422, "validation_failed")
        assert body["errors"][0]["field"] == field
    assert client.get(f"/api/products/{product['id']}").json() == product


def test_update_unknown_product_is_404(client: AppClient) -> None:
    _assert_problem(
        client.put(f"/api/products/{uuid.uuid4()}", json={"price": 1}), 404, "not_found"
    )


def test_sku_and_barcode_are_unique_per_location_among_live_products(client: AppClient) -> None:
    first = make_product(client, sku="SKU-1", barcode="111")
    _assert_problem(
        client.post(
            "/api/products", json={"name": "B", "price": 1, "sku": "SKU-1", "locationId": LOCATION}
        ),
        409,
        "duplicate_sku",
    )
    _assert_problem(
        client.post(
            "/api/products",
            json={"name": "B", "price": 1, "barcode": "111", "locationId": LOCATION},
        ),
        409,
        "duplicate_barcode",
    )
    other = make_product(client, sku="SKU-2")
    _assert_problem(
        client.put(f"/api/products/{other['id']}", json={"sku": "SKU-1"}), 409, "duplicate_sku"
    )
    make_product(client, sku="SKU-1", locationId=OTHER_LOCATION)
    client.delete(f"/api/products/{first['id']}")
    make_product(client, sku="SKU-1", barcode="111")


def test_86_and_un86_are_idempotent(client: AppClient) -> None:
    product = make_product(client)
    first = client.post(f"/api/products/{product['id']}/86")
    assert first.status_code == 200
    assert first.json()["is86d"] is True
    second = client.post(f"/api/products/{product['id']}/86").json()
    assert second["is86d"] is True
    assert second["updatedAt"] == first.json()["updatedAt"]
    back = client.delete(f"/api/products/{product['id']}/86").json()
    assert back["is86d"] is False
    assert client.delete(f"/api/products/{product['id']}/86").json()["is86d"] is False
    _assert_problem(client.post(f"/api/products/{uuid.uuid4()}/86"), 404, "not_found")


def test_delete_is_soft_then_404_and_absent_from_lists(client: AppClient) -> None:
    product = make_product(client, name="Gone", barcode="777")
    response = client.delete(f"/api/products/{product['id']}")
    assert response.status_code == 200
    assert response.json()["success"] is True
    assert isinstance(response.json()["message"], str)
    _assert_problem(client.get(f"/api/products/{product['id']}"), 404, "not_found")
    _assert_problem(client.get("/api/products/barcode/777"), 404, "not_found")
    _assert_problem(client.delete(f"/api/products/{product['id']}"), 404, "not_found")
    _assert_problem(
        client.put(f"/api/products/{product['id']}", json={"price": 1}), 404, "not_found"
    )
    assert _names(client) == []


def test_bulk_update_applies_each_on_its_own_and_reports_failures(client: AppClient) -> None:
    a = make_product(client, name="A", sku="A")
    b = make_product(client, name="B", sku="B")
    missing = str(uuid.uuid4())
    response = client.post(
        "/api/products/bulk-update",
        json={
            "updates": [
                {"id": a["id"], "data": {"price": 99}},
                {"id": b["id"], "data": {"sku": "A"}},
                {"id": missing, "data": {"price": 1}},
                {"id": b["id"], "data": {"categoryId": str(uuid.uuid4())}},
                {"id": b["id"], "data": {"is86d": True}},
            ]
        },
    )
    assert response.status_code == 200
    body = response.json()
    assert body["updated"] == 2
    assert body["failed"] == 3
    assert [(e["id"], e["code"]) for e in body["errors"]] == [
        (b["id"], "duplicate_sku"),
        (missing, "not_found"),
        (b["id"], "validation_failed"),
    ]
    assert client.get(f"/api/products/{a['id']}").json()["price"] == 99
    after_b = client.get(f"/api/products/{b['id']}").json()
    assert after_b["sku"] == "B"
    assert after_b["is86d"] is True


def test_bulk_update_answers_the_products_it_changed_when_preferred(client: AppClient) -> None:
    a = make_product(client, name="A", sku="A")
    b = make_product(client, name="B", sku="B")
    untouched = make_product(client, name="C", sku="C")
    response = client.post(
        "/api/products/bulk-update",
        json={
            "updates": [
                {"id": b["id"], "data": {"price": 7}},
                {"id": a["id"], "data": {"sku": "C"}},
                {"id": a["id"], "data": {"price": 3}},
                {"id": b["id"], "data": {"is86d": True}},
            ]
        },
        headers={"Prefer": "return=representation"},
    )
    assert response.status_code == 200, response.text
    assert response.headers["preference-applied"] == "return=representation"
    body = response.json()
    assert (body["updated"], body["failed"]) == (3, 1)
    # Each product once, as it now is (as its own read shows it), in the order of the updates.
    assert body["products"] == [
        client.get(f"/api/products/{b['id']}").json(),
        client.get(f"/api/products/{a['id']}").json(),
    ]
    assert (body["products"][0]["price"], body["products"][0]["is86d"]) == (7, True)
    assert body["products"][1]["price"] == 3
    assert untouched["id"] not in {p["id"] for p in body["products"]}

    plain = client.post(
        "/api/products/bulk-update", json={"updates": [{"id": a["id"], "data": {}}]}
    )
    assert "products" not in plain.json()
    assert "preference-applied" not in plain.headers


@pytest.mark.parametrize(
    "bad_entry",
    [{"id": "not-a-uuid", "data": {}}, {"data": {}}, {"id": None, "data": {"price": -1}}],
)
def test_bulk_update_with_a_malformed_entry_is_422_and_changes_nothing(
    client: AppClient, bad_entry: dict[str, Any]
) -> None:
    product = make_product(client)
    updates = [{"id": product["id"], "data": {"price": 1}}, bad_entry]
    response = client.post("/api/products/bulk-update", json={"updates": updates})
    _assert_problem(response, 422, "validation_failed")
    assert client.get(f"/api/products/{product['id']}").json()["price"] == 10


@pytest.mark.parametrize("count", [0, 501])
def test_bulk_update_size_is_bounded(client: AppClient, count: int) -> None:
    product = make_product(client)
    updates = [{"id": product["id"], "data": {"price": 1}}] * count
    response = client.post("/api/products/bulk-update", json={"updates": updates})
    _assert_problem(response, 422, "validation_failed")
    assert client.get(f"/api/products/{product['id']}").json()["price"] == 10


BAD_CREATE_BODIES = [
    pytest.param({"price": 1}, id="missing-name"),
    pytest.param({"name": "A"}, id="missing-price"),
    pytest.param({"name": "", "price": 1}, id="empty-name"),
    pytest.param({"name": "   ", "price": 1}, id="blank-name"),
    pytest.param({"name": "A" * 201, "price": 1}, id="name-too-long"),
    pytest.param({"name": "A\x00B", "price": 1}, id="nul-in-name"),
    pytest.param({"name": 5, "price": 1}, id="name-not-string"),
    pytest.param({"name": "A", "price": "12.50"}, id="price-as-string"),
    pytest.param({"name": "A", "price": True}, id="price-as-bool"),
    pytest.param({"name": "A", "price": -1}, id="negative-price"),
    pytest.param({"name": "A", "price": 1.005}, id="three-decimals"),
    pytest.param({"name": "A", "price": 1e12}, id="absurd-price"),
    pytest.param({"name": "A", "price": 1, "cost": -0.01}, id="negative-cost"),
    pytest.param({"name": "A", "price": 1, "taxRate": 1.5}, id="tax-above-one"),
    pytest.param({"name": "A", "price": 1, "taxRate": -0.1}, id="negative-tax"),
    pytest.param({"name": "A", "price": 1, "productType": "FOOD"}, id="unknown-type"),
    pytest.param({"name": "A", "price": 1, "isActive": False}, id="server-owned-on-create"),
    pytest.param({"name": "A", "price": 1, "id": str(uuid.uuid4())}, id="id-on-create"),
    pytest.param({"name": "A", "price": 1, "sku": "S" * 65}, id="sku-too-long"),
    pytest.param({"name": "A", "price": 1, "categoryId": "nope"}, id="malformed-category"),
    pytest.param({"name": "A", "price": 1, "lowStockThreshold": -1}, id="negative-threshold"),
    pytest.param({"name": "A", "price": 1, "description": "x" * 2001}, id="long-description"),
    pytest.param([{"name": "A", "price": 1}], id="array-body"),
    pytest.param("A", id="string-body"),
]


@pytest.mark.parametrize("body", BAD_CREATE_BODIES)
def test_bad_create_input_is_422_and_creates_nothing(client: AppClient, body: object) -> None:
    response = client.post("/api/products", json=body)
    problem = _assert_problem(response, 422, "validation_failed")
    assert problem["errors"], "each 422 names the fields at fault"
    assert _names(client) == []


@pytest.mark.parametrize(
    "raw",
    [b"{", b'{"name": "A", "price": 1,}', b"", b"\xff\xfe", b'{"name": "A", "price": NaN}'],
)
def test_malformed_or_non_finite_json_is_4xx_problem(client: AppClient, raw: bytes) -> None:
    response = client.post(
        "/api/products", content=raw, headers={"content-type": "application/json"}
    )
    assert response.status_code in (400, 422), response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    assert _names(client) == []


def test_malformed_json_is_400_with_code(client: AppClient) -> None:
    response = client.post(
        "/api/products", content=b"{oops", headers={"content-type": "application/json"}
    )
    _assert_problem(response, 400, "malformed_json")


def test_unknown_route_and_wrong_method_are_problems(client: AppClient) -> None:
    _assert_problem(client.get("/api/nothing-here"), 404, "not_found")
    _assert_problem(client.patch("/api/products"), 405, "method_not_allowed")


@pytest.mark.parametrize(
    "url",
    [
        "/api/products?search=%00",
        "/api/products?search=a%01b",
        "/api/products/barcode/%00",
        "/api/products/barcode/a%1Bb",
    ],
)
def test_control_characters_in_query_or_path_are_422(client: AppClient, url: str) -> None:
    _assert_problem(client.get(url), 422, "validation_failed")


def test_non_ascii_search_and_barcode_are_fine(client: AppClient) -> None:
    make_product(client, name="Café crème 🍔", barcode="çà-1")
    assert _names(client, search="CRÈME 🍔") == ["Café crème 🍔"]
    assert client.get("/api/products/barcode/çà-1").status_code == 200
