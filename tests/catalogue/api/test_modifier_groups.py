"""Modifier groups: CRUD, offered by products in order (their detail shows them with prices and
86 state), and enforced on every new item of such a product."""

from __future__ import annotations

from typing import Any

import pytest

from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    make_modifier,
    make_modifier_group,
    make_order,
    make_product,
)
from orders.api.order_helpers import (
    AD_HOC,
    add_item,
    post_item,
    problem,
    recorded_statements,
)

Json = dict[str, Any]


def _group_url(group: Json) -> str:
    return f"/api/modifier-groups/{group['id']}"


def _detail(client: AppClient, product: Json) -> Json:
    answer: Json = client.get(f"/api/products/{product['id']}").json()
    return answer


def _option(modifier: Json) -> Json:
    return {
        "modifierOptionId": modifier["id"],
        "name": modifier["name"],
        "price": modifier["price"],
        "is86d": modifier["is86d"],
    }


def _chosen(*modifiers: Json) -> list[Json]:
    return [{"modifierOptionId": modifier["id"]} for modifier in modifiers]


# --- the groups -----------------------------------------------------------------------------


def test_a_group_is_created_read_listed_replaced_and_deleted(client: AppClient) -> None:
    rare = make_modifier(client, name="Rare", price=0)
    medium = make_modifier(client, name="Medium", price=0)
    body = {
        "name": "Temperature",
        "locationId": LOCATION,
        "minSelections": 1,
        "maxSelections": 1,
        "options": [{"productId": rare["id"]}, {"productId": medium["id"]}],
    }
    response = client.post("/api/modifier-groups", json=body)
    assert response.status_code == 201, response.text
    group = response.json()
    assert response.headers["location"] == _group_url(group)
    assert (group["name"], group["minSelections"], group["maxSelections"]) == ("Temperature", 1, 1)
    assert group["options"] == [_option(rare), _option(medium)]
    assert group["locationId"] == LOCATION
    assert client.get(_group_url(group)).json() == group
    listed = client.get("/api/modifier-groups", params={"locationId": LOCATION}).json()
    assert group in listed["data"]
    assert {"data", "total", "page", "limit"} == set(listed)
    replaced = client.put(
        _group_url(group),
        json={"name": "Doneness", "minSelections": 0, "maxSelections": None, "options": []},
    )
    assert replaced.status_code == 200, replaced.text
    assert (replaced.json()["name"], replaced.json()["maxSelections"]) == ("Doneness", None)
    assert replaced.json()["options"] == []
    assert client.delete(_group_url(group)).json()["success"] is True
    assert client.get(_group_url(group)).status_code == 404
    assert client.delete(_group_url(group)).status_code == 404


def test_the_list_filters_on_location_and_pages_by_name(client: AppClient) -> None:
    location = "0196a1b2-0000-7000-8000-0000000000c7"
    names = ["Sides", "Extras", "Sauces"]
    for name in names:
        make_modifier_group(client, name=name, locationId=location)
    page = client.get("/api/modifier-groups", params={"locationId": location, "limit": 2}).json()
    assert (page["total"], [g["name"] for g in page["data"]]) == (3, ["Extras", "Sauces"])


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"minSelections": -1}, "minSelections"),
        ({"minSelections": 2, "maxSelections": 1}, "maxSelections"),
        ({"maxSelections": 0}, "maxSelections"),
        ({"name": ""}, "name"),
        ({"unknown": 1}, "unknown"),
    ],
)
def test_a_bad_rule_is_422_naming_the_field(
    client: AppClient, change: dict[str, Any], field: str
) -> None:
    body = {"name": "Extras", "locationId": LOCATION} | change
    refused = problem(client.post("/api/modifier-groups", json=body), 422, "validation_failed")
    assert field in [error["field"] for error in refused["errors"]]


def test_options_must_be_modifier_products_of_the_groups_location(client: AppClient) -> None:
    item = make_product(client)
    elsewhere = make_modifier(client, locationId=OTHER_LOCATION)
    modifier = make_modifier(client)
    missing = "0196a1b2-0000-7000-8000-00000000dead"
    for options in ([item], [elsewhere], [{"id": missing}], [modifier, modifier]):
        body = {
            "name": "Extras",
            "locationId": LOCATION,
            "options": [{"productId": option["id"]} for option in options],
        }
        problem(client.post("/api/modifier-groups", json=body), 422, "validation_failed")


# --- offered by products --------------------------------------------------------------------


def test_a_product_offers_groups_in_order_with_prices_and_86_state(client: AppClient) -> None:
    cheese = make_modifier(client, name="Cheese", price=1.5)
    bacon = make_modifier(client, name="Bacon", price=2)
    extras = make_modifier_group(client, [cheese, bacon], name="Extras", maxSelections=3)
    temperature = make_modifier_group(client, name="Temperature", minSelections=1, maxSelections=1)
    burger = make_product(client, modifierGroupIds=[extras["id"], temperature["id"]])
    assert [g["name"] for g in burger["modifierGroups"]] == ["Extras", "Temperature"]
    assert client.post(f"/api/products/{bacon['id']}/86").status_code == 200
    [offered, _] = _detail(client, burger)["modifierGroups"]
    assert offered == {
        "id": extras["id"],
        "name": "Extras",
        "minSelections": 0,
        "maxSelections": 3,
        "options": [_option(cheese), _option(bacon) | {"is86d": True}],
    }
    # An update replaces them, in its order; [] offers none.
    url = f"/api/products/{burger['id']}"
    reordered = client.put(url, json={"modifierGroupIds": [temperature["id"], extras["id"]]})
    assert [g["id"] for g in reordered.json()["modifierGroups"]] == [
        temperature["id"],
        extras["id"],
    ]
    assert client.put(url, json={"name": "Cheeseburger"}).json()["modifierGroups"] != []
    assert client.put(url, json={"modifierGroupIds": []}).json()["modifierGroups"] == []


def test_a_product_offers_only_existing_groups_of_its_location_once(client: AppClient) -> None:
    group = make_modifier_group(client)
    elsewhere = make_modifier_group(client, locationId=OTHER_LOCATION)
    missing = "0196a1b2-0000-7000-8000-00000000dead"
    for ids in ([missing], [elsewhere["id"]], [group["id"], group["id"]]):
        body = {"name": "Burger", "price": 9, "locationId": LOCATION, "modifierGroupIds": ids}
        problem(client.post("/api/products", json=body), 422, "validation_failed")
    product = make_product(client)
    problem(
        client.put(f"/api/products/{product['id']}", json={"modifierGroupIds": [missing]}),
        422,
        "validation_failed",
    )
    assert _detail(client, product)["modifierGroups"] == []


def test_a_group_offered_by_a_product_cannot_be_deleted(client: AppClient) -> None:
    group = make_modifier_group(client)
    product = make_product(client, modifierGroupIds=[group["id"]])
    problem(client.delete(_group_url(group)), 409, "modifier_group_in_use")
    client.put(f"/api/products/{product['id']}", json={"modifierGroupIds": []})
    assert client.delete(_group_url(group)).status_code == 200
    # A deleted product does not hold its groups.
    other = make_modifier_group(client)
    gone = make_product(client, modifierGroupIds=[other["id"]])
    assert client.delete(f"/api/products/{gone['id']}").status_code == 200
    assert client.delete(_group_url(other)).status_code == 200


def test_a_deleted_option_product_leaves_its_groups(client: AppClient) -> None:
    cheese, bacon = make_modifier(client, name="Cheese"), make_modifier(client, name="Bacon")
    group = make_modifier_group(client, [cheese, bacon])
    assert client.delete(f"/api/products/{bacon['id']}").status_code == 200
    assert client.get(_group_url(group)).json()["options"] == [_option(cheese)]


def test_a_group_change_shows_on_the_products_that_offer_it(client: AppClient) -> None:
    group = make_modifier_group(client, name="Sides")
    product = make_product(client, modifierGroupIds=[group["id"]])
    client.put(_group_url(group), json={"name": "Side dishes", "maxSelections": 2})
    [offered] = _detail(client, product)["modifierGroups"]
    assert (offered["name"], offered["maxSelections"], offered["options"]) == ("Side dishes", 2, [])


# --- enforced on items ----------------------------------------------------------------------


def _steak(client: AppClient) -> tuple[Json, Json, Json]:
    """A steak: temperature exactly one (rare, medium), extras up to two (pepper, butter)."""
    rare, medium = make_modifier(client, name="Rare"), make_modifier(client, name="Medium")
    pepper = make_modifier(client, name="Pepper", price=2)
    butter = make_modifier(client, name="Butter", price=1.5)
    temperature = make_modifier_group(
        client, [rare, medium], name="Temperature", minSelections=1, maxSelections=1
    )
    extras = make_modifier_group(client, [pepper, butter], name="Extras", maxSelections=2)
    steak = make_product(
        client, name="Steak", price=25, modifierGroupIds=[temperature["id"], extras["id"]]
    )
    options = {"rare": rare, "medium": medium, "pepper": pepper, "butter": butter}
    return steak, {"temperature": temperature, "extras": extras}, options


def test_a_selection_within_every_group_is_priced_from_the_catalogue(client: AppClient) -> None:
    steak, _groups, o = _steak(client)
    ad_hoc = {"modifierOptionId": AD_HOC, "name": "No salt", "price": 0}
    modifiers = [*_chosen(o["medium"], o["pepper"], o["butter"]), ad_hoc]
    item = add_item(client, make_order(client), steak, 2, modifiers=modifiers)
    assert [(m["name"], m["price"]) for m in item["modifiers"]] == [
        ("Medium", 1),
        ("Pepper", 2),
        ("Butter", 1.5),
        ("No salt", 0),
    ]
    assert item["total"] == (25 + 1 + 2 + 1.5) * 2


@pytest.mark.parametrize(
    ("names", "group", "message"),
    [
        ([], "temperature", "Temperature: choose exactly 1 (0 chosen)"),
        (["rare", "medium"], "temperature", "Temperature: choose exactly 1 (2 chosen)"),
        (["rare", "pepper", "butter", "pepper"], "extras", "Extras: choose 0 to 2 (3 chosen)"),
    ],
)
def test_a_group_out_of_range_is_422_naming_it(
    client: AppClient, names: list[str], group: str, message: str
) -> None:
    steak, groups, o = _steak(client)
    order = make_order(client)
    modifiers = _chosen(*(o[name] for name in names))
    body = problem(
        post_item(client, order, steak, modifiers=modifiers), 422, "modifier_selection_invalid"
    )
    assert body["errors"] == [
        {"field": f"modifierGroups.{groups[group]['id']}", "message": message}
    ]
    assert client.get(f"/api/orders/{order['id']}").json()["items"] == []


def test_a_catalogue_modifier_outside_the_groups_is_refused_an_ad_hoc_one_is_not(
    client: AppClient,
) -> None:
    steak, _groups, o = _steak(client)
    stranger = make_modifier(client, name="Truffle")
    order = make_order(client)
    modifiers = _chosen(o["rare"], stranger)
    body = problem(
        post_item(client, order, steak, modifiers=modifiers), 422, "modifier_selection_invalid"
    )
    assert body["errors"][0]["field"] == "modifiers.1.modifierOptionId"
    assert "Temperature" in body["errors"][0]["message"]
    ad_hoc = {"modifierOptionId": AD_HOC, "name": "Truffle", "price": 9}
    add_item(client, order, steak, modifiers=[*_chosen(o["rare"]), ad_hoc])


def test_an_86d_option_is_409(client: AppClient) -> None:
    steak, _groups, o = _steak(client)
    client.post(f"/api/products/{o['rare']['id']}/86")
    order = make_order(client)
    problem(
        post_item(client, order, steak, modifiers=_chosen(o["rare"])), 409, "product_unavailable"
    )
    add_item(client, order, steak, modifiers=_chosen(o["medium"]))


def test_a_product_without_groups_takes_any_modifier_as_before(client: AppClient) -> None:
    burger = make_product(client)
    stranger = make_modifier(client, name="Truffle", price=3)
    item = add_item(client, make_order(client), burger, modifiers=_chosen(stranger, stranger))
    assert [m["price"] for m in item["modifiers"]] == [3, 3]


def test_adding_an_item_with_groups_takes_a_bounded_number_ofrecorded_statements(
    client: AppClient,
) -> None:
    """One round trip; what it costs does not grow with the groups, options or choices."""
    small = make_modifier_group(client, minSelections=1, maxSelections=1)
    small_product = make_product(client, modifierGroupIds=[small["id"]])
    options = [make_modifier(client) for _ in range(12)]
    groups = [make_modifier_group(client, options[n * 4 : n * 4 + 4]) for n in range(3)]
    big_product = make_product(client, modifierGroupIds=[g["id"] for g in groups])
    order = make_order(client)
    client.get(f"/api/orders/{order['id']}")  # warm the pool: connect-time queries don't count

    def statements_to_add(product: Json, chosen: list[Json]) -> int:
        with recorded_statements(client) as statements:
            add_item(client, order, product, modifiers=_chosen(*chosen))
        return len(statements)

    one = statements_to_add(small_product, [{"id": small["options"][0]["modifierOptionId"]}])
    many = statements_to_add(big_product, options[::2])
    assert one == many
    assert many <= 20
