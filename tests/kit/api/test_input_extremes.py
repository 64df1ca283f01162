"""Inputs at the edges of what JSON and Unicode allow: numbers of any magnitude are a 4xx
(docs/design.md §6), display strings that print wrong or not at all are 422 (docs/design.md §3)."""

from __future__ import annotations

import pytest
from httpx import Response

from factories import LOCATION, AppClient, make_order, make_product
from fuzzing import EXTREME_NUMBERS

JSON = {"content-type": "application/json"}


def _post_raw(client: AppClient, url: str, body: str) -> Response:
    response: Response = client.post(url, content=body, headers=JSON)
    return response


def _assert_refused(response: Response, field: str) -> None:
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "validation_failed"
    assert [error["field"] for error in response.json()["errors"]] == [field]


@pytest.mark.parametrize("number", EXTREME_NUMBERS)
def test_catalogue_numbers_of_any_magnitude_are_422(client: AppClient, number: str) -> None:
    for field in ("price", "cost", "taxRate", "stockQuantity", "lowStockThreshold"):
        body = f'{{"name": "x", "price": 1, "{field}": {number}}}'
        _assert_refused(_post_raw(client, "/api/products", body), field)
    category = f'{{"name": "x", "locationId": "{LOCATION}", "sortOrder": {number}}}'
    _assert_refused(_post_raw(client, "/api/categories", category), "sortOrder")
    assert client.get("/api/products").json()["total"] == 0


@pytest.mark.parametrize("number", EXTREME_NUMBERS)
def test_order_numbers_of_any_magnitude_are_422(client: AppClient, number: str) -> None:
    product = make_product(client, price=10)
    order = make_order(client)
    url = f"/api/orders/{order['id']}"
    item = f'{{"productId": "{product["id"]}", "quantity": {number}}}'
    _assert_refused(_post_raw(client, f"{url}/items", item), "quantity")
    guests = f'{{"orderType": "DINE_IN", "guestCount": {number}}}'
    _assert_refused(_post_raw(client, "/api/orders", guests), "guestCount")
    added = client.post(f"{url}/items", json={"productId": product["id"], "quantity": 1})
    assert added.status_code == 201
    for field in ("amount", "tipAmount"):
        payment = f'{{"amount": 1, "paymentMethod": "CASH", "{field}": {number}}}'
        _assert_refused(_post_raw(client, f"{url}/payments", payment), field)
    discount = f'{{"discountAmount": {number}}}'
    _assert_refused(_post_raw(client, f"{url}/discount", discount), "discountAmount")
    detail = client.get(url).json()
    assert (detail["paidAmount"], detail["discountAmount"], len(detail["items"])) == (0, 0, 1)


def test_numbers_beyond_the_decimal_range_are_a_4xx(client: AppClient) -> None:
    response = _post_raw(client, "/api/products", '{"name": "x", "price": 1e9999999999999999999}')
    assert response.status_code == 400
    assert client.get("/api/products").json()["total"] == 0


@pytest.mark.parametrize("number", ["1e1000000", "-1e1000000", "1e-1000000", "9" * 5000])
def test_numeric_query_parameters_of_any_magnitude_are_422(client: AppClient, number: str) -> None:
    for name in ("page", "limit"):
        response = client.get("/api/products", params={name: number})
        assert response.status_code == 422, response.text


# --- display strings -----------------------------------------------------------------------

INVISIBLE = ["\u200b\u200b", "\ufeff", "\u200b \u2060", "\u3164", "\u00ad"]
BIDI_CONTROLS = [chr(point) for point in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))]


@pytest.mark.parametrize("name", INVISIBLE)
def test_names_made_only_of_invisible_characters_are_422(client: AppClient, name: str) -> None:
    _assert_refused(client.post("/api/products", json={"name": name, "price": 1}), "name")
    _assert_refused(client.post("/api/staff", json={"name": name, "role": "KITCHEN"}), "name")
    notes = client.post("/api/orders", json={"orderType": "TAKEOUT", "notes": name})
    _assert_refused(notes, "notes")


@pytest.mark.parametrize("control", BIDI_CONTROLS)
def test_bidirectional_controls_are_422_in_any_display_string(
    client: AppClient, control: str
) -> None:
    flipped = f"Burger {control}99.0$"
    _assert_refused(client.post("/api/products", json={"name": flipped, "price": 1}), "name")
    order = make_order(client)
    cancel = client.request("DELETE", f"/api/orders/{order['id']}", json={"reason": flipped})
    _assert_refused(cancel, "reason")
    assert client.get("/api/products").json()["total"] == 0


def test_visible_text_with_invisible_characters_inside_is_kept(client: AppClient) -> None:
    # Zero-width joiners build emoji and Indic conjuncts; a BOM pasted at the front is harmless.
    for name in ("Crème brûlée", "\ufeffTea", "👨\u200d🍳 Special", "क्\u200dष", "سلطة"):
        created = client.post("/api/products", json={"name": name, "price": 1})
        assert created.status_code == 201, created.text
        assert created.json()["name"] == name


def test_blank_optional_text_still_trims_to_empty(client: AppClient) -> None:
    created = client.post("/api/orders", json={"orderType": "TAKEOUT", "notes": "   "})
    assert created.status_code == 201, created.text
    assert created.json()["notes"] == ""
