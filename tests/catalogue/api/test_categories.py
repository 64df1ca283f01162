"""Categories over HTTP: listing, detail, create, update, reorder and delete, good input and bad."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

import pytest

from factories import LOCATION, OTHER_LOCATION, AppClient, make_category, make_product

SUMMARY_FIELDS = {
    "id",
    "name",
    "description",
    "imageUrl",
    "sortOrder",
    "isActive",
    "parentCategoryId",
    "locationId",
    "translations",
}
DETAIL_FIELDS = SUMMARY_FIELDS | {"productCount", "createdAt", "updatedAt"}


def listed(client: AppClient, **params: Any) -> list[dict[str, Any]]:
    response = client.get("/api/categories", params={"includeInactive": "true"} | params)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["total"] == len(body["data"])
    data: list[dict[str, Any]] = body["data"]
    return data


def names(client: AppClient, **params: Any) -> list[str]:
    return [category["name"] for category in listed(client, **params)]


def fetched(client: AppClient, category_id: str) -> dict[str, Any]:
    response = client.get(f"/api/categories/{category_id}")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def assert_problem(response: Any, status: int, code: str, field: str | None = None) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert body["code"] == code
    assert body["status"] == status
    if field is not None:
        assert field in {error["field"] for error in body["errors"]}, body


def instant(timestamp: str) -> datetime:
    assert timestamp.endswith("Z")
    return datetime.fromisoformat(timestamp)


# --- listing -----------------------------------------------------------------------------


def test_list_orders_by_sort_order_then_name_and_shows_summary_fields(client: AppClient) -> None:
    make_category(client, name="Charlie", sortOrder=1)
    make_category(client, name="Bravo", sortOrder=1)
    make_category(client, name="Alpha", sortOrder=2)
    make_category(client, name="Delta", sortOrder=0)

    response = client.get("/api/categories", params={"locationId": LOCATION})

    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"data", "total"}
    assert body["total"] == 4
    assert [c["name"] for c in body["data"]] == ["Delta", "Bravo", "Charlie", "Alpha"]
    assert all(set(c) == SUMMARY_FIELDS for c in body["data"])


def test_list_filters_by_location_and_without_one_lists_every_location(
    client: AppClient,
) -> None:
    make_category(client, name="Here")
    make_category(client, name="There", locationId=OTHER_LOCATION)

    assert names(client, locationId=LOCATION) == ["Here"]
    assert names(client, locationId=OTHER_LOCATION) == ["There"]
    assert sorted(names(client)) == ["Here", "There"]


def test_inactive_categories_are_listed_only_with_include_inactive(client: AppClient) -> None:
    make_category(client, name="Breakfast")
    brunch = make_category(client, name="Brunch")
    assert (
        client.put(f"/api/categories/{brunch['id']}", json={"isActive": False}).status_code == 200
    )

    default = client.get("/api/categories", params={"locationId": LOCATION}).json()
    explicit_false = client.get(
        "/api/categories", params={"locationId": LOCATION, "includeInactive": "false"}
    ).json()
    assert [c["name"] for c in default["data"]] == ["Breakfast"]
    assert default["total"] == 1
    assert explicit_false == default
    assert names(client, locationId=LOCATION) == ["Breakfast", "Brunch"]


def test_list_with_a_malformed_location_is_422(client: AppClient) -> None:
    response = client.get("/api/categories", params={"locationId": "not-a-uuid"})
    assert_problem(response, 422, "validation_failed", "locationId")


# --- create ------------------------------------------------------------------------------


def test_create_answers_201_with_location_header_and_the_full_detail(client: AppClient) -> None:
    response = client.post(
        "/api/categories",
        json={
            "name": "  Starters  ",
            "description": "Small plates",
            "imageUrl": "https://example.com/starters.png",
            "sortOrder": 7,
            "locationId": LOCATION,
        },
    )

    assert response.status_code == 201
    body = response.json()
    assert set(body) == DETAIL_FIELDS
    assert response.headers["location"] == f"/api/categories/{body['id']}"
    assert body["name"] == "Starters"
    assert body["description"] == "Small plates"
    assert body["imageUrl"] == "https://example.com/starters.png"
    assert body["sortOrder"] == 7
    assert body["isActive"] is True
    assert body["parentCategoryId"] is None
    assert body["productCount"] == 0
    assert body["locationId"] == LOCATION
    assert body["createdAt"] == body["updatedAt"]
    instant(body["createdAt"])
    assert fetched(client, body["id"]) == body


def test_location_may_come_from_the_query(client: AppClient) -> None:
    response = client.post(
        "/api/categories", params={"locationId": OTHER_LOCATION}, json={"name": "Bar"}
    )

    assert response.status_code == 201, response.text
    assert response.json()["locationId"] == OTHER_LOCATION
    assert names(client, locationId=OTHER_LOCATION) == ["Bar"]


def test_the_same_location_in_body_and_query_is_accepted(client: AppClient) -> None:
    response = client.post(
        "/api/categories",
        params={"locationId": LOCATION},
        json={"name": "Bar", "locationId": LOCATION},
    )
    assert response.status_code == 201, response.text
    assert response.json()["locationId"] == LOCATION


def test_a_category_without_location_is_422_naming_location_id(client: AppClient) -> None:
    response = client.post("/api/categories", json={"name": "Nowhere"})

    assert_problem(response, 422, "validation_failed", "locationId")
    assert listed(client) == []


def test_different_locations_in_body_and_query_are_422(client: AppClient) -> None:
    response = client.post(
        "/api/categories",
        params={"locationId": OTHER_LOCATION},
        json={"name": "Confused", "locationId": LOCATION},
    )

    assert_problem(response, 422, "validation_failed", "locationId")
    assert listed(client) == []


def test_new_categories_go_last_at_their_own_location(client: AppClient) -> None:
    first = make_category(client)
    explicit = make_category(client, sortOrder=41)
    after = make_category(client)
    elsewhere = make_category(client, locationId=OTHER_LOCATION)

    assert first["sortOrder"] == 0
    assert explicit["sortOrder"] == 41
    assert after["sortOrder"] == 42
    assert elsewhere["sortOrder"] == 0


def test_deleted_categories_do_not_count_for_the_next_sort_order(client: AppClient) -> None:
    make_category(client, sortOrder=3)
    last = make_category(client, sortOrder=9)
    assert client.delete(f"/api/categories/{last['id']}").status_code == 200

    assert make_category(client)["sortOrder"] == 4


def test_a_category_can_be_nested_under_a_parent_at_the_same_location(client: AppClient) -> None:
    food = make_category(client, name="Food")
    mains = make_category(client, name="Mains", parentCategoryId=food["id"])
    burgers = make_category(client, name="Burgers", parentCategoryId=mains["id"])

    assert mains["parentCategoryId"] == food["id"]
    assert fetched(client, burgers["id"])["parentCategoryId"] == mains["id"]
    parents = {c["name"]: c["parentCategoryId"] for c in listed(client)}
    assert parents == {"Food": None, "Mains": food["id"], "Burgers": mains["id"]}


def test_a_parent_at_another_location_is_422(client: AppClient) -> None:
    foreign = make_category(client, locationId=OTHER_LOCATION)

    response = client.post(
        "/api/categories",
        json={"name": "Orphan", "locationId": LOCATION, "parentCategoryId": foreign["id"]},
    )

    assert_problem(response, 422, "validation_failed", "parentCategoryId")
    assert names(client, locationId=LOCATION) == []


@pytest.mark.parametrize("deleted", [False, True], ids=["unknown", "deleted"])
def test_an_unknown_or_deleted_parent_is_422(client: AppClient, deleted: bool) -> None:
    parent_id = str(uuid.uuid4())
    if deleted:
        parent_id = make_category(client, name="Gone")["id"]
        assert client.delete(f"/api/categories/{parent_id}").status_code == 200

    response = client.post(
        "/api/categories",
        json={"name": "Orphan", "locationId": LOCATION, "parentCategoryId": parent_id},
    )

    assert_problem(response, 422, "validation_failed", "parentCategoryId")
    assert listed(client) == []


BAD_CREATES = {
    "name missing": ({"locationId": LOCATION}, "name"),
    "name null": ({"name": None, "locationId": LOCATION}, "name"),
    "name empty after trimming": ({"name": "   ", "locationId": LOCATION}, "name"),
    "name of 201 characters": ({"name": "x" * 201, "locationId": LOCATION}, "name"),
    "name with a NUL": ({"name": "Soup\x00", "locationId": LOCATION}, "name"),
    "description with a control character": (
        {"name": "Soup", "description": "hot\x1b[31m", "locationId": LOCATION},
        "description",
    ),
    "name as a number": ({"name": 123, "locationId": LOCATION}, "name"),
    "sortOrder as a string": (
        {"name": "Soup", "sortOrder": "3", "locationId": LOCATION},
        "sortOrder",
    ),
    "sortOrder as a fraction": (
        {"name": "Soup", "sortOrder": 1.5, "locationId": LOCATION},
        "sortOrder",
    ),
    "sortOrder as a boolean": (
        {"name": "Soup", "sortOrder": True, "locationId": LOCATION},
        "sortOrder",
    ),
    "sortOrder negative": ({"name": "Soup", "sortOrder": -1, "locationId": LOCATION}, "sortOrder"),
    "sortOrder too large": (
        {"name": "Soup", "sortOrder": 1_000_001, "locationId": LOCATION},
        "sortOrder",
    ),
    "sortOrder null": ({"name": "Soup", "sortOrder": None, "locationId": LOCATION}, "sortOrder"),
    "malformed locationId": ({"name": "Soup", "locationId": "here"}, "locationId"),
    "malformed parentCategoryId": (
        {"name": "Soup", "locationId": LOCATION, "parentCategoryId": "root"},
        "parentCategoryId",
    ),
    "unknown field": ({"name": "Soup", "locationId": LOCATION, "colour": "red"}, "colour"),
    "server-owned isActive": (
        {"name": "Soup", "locationId": LOCATION, "isActive": False},
        "isActive",
    ),
    "server-owned id": ({"name": "Soup", "locationId": LOCATION, "id": str(uuid.uuid4())}, "id"),
    "body not an object": (["Soup"], "body"),
}


@pytest.mark.parametrize(("body", "field"), list(BAD_CREATES.values()), ids=list(BAD_CREATES))
def test_bad_create_input_is_422_naming_the_field_and_creates_nothing(
    client: AppClient, body: Any, field: str
) -> None:
    response = client.post("/api/categories", json=body)

    assert_problem(response, 422, "validation_failed", field)
    assert listed(client) == []


def test_a_name_of_200_characters_is_accepted(client: AppClient) -> None:
    assert make_category(client, name="x" * 200)["name"] == "x" * 200


def test_malformed_json_is_400_and_creates_nothing(client: AppClient) -> None:
    response = client.post(
        "/api/categories",
        content=b'{"name": "Soup", "locationId": ',
        headers={"content-type": "application/json"},
    )

    assert_problem(response, 400, "malformed_json")
    assert listed(client) == []


# --- detail ------------------------------------------------------------------------------


def test_product_count_counts_live_products_directly_in_the_category(client: AppClient) -> None:
    mains = make_category(client, name="Mains")
    burgers = make_category(client, name="Burgers", parentCategoryId=mains["id"])
    kept = make_product(client, categoryId=mains["id"])
    removed = make_product(client, categoryId=mains["id"])
    make_product(client, categoryId=burgers["id"])

    assert fetched(client, mains["id"])["productCount"] == 2
    assert fetched(client, burgers["id"])["productCount"] == 1

    assert client.delete(f"/api/products/{removed['id']}").status_code == 200

    assert fetched(client, mains["id"])["productCount"] == 1
    assert client.get(f"/api/products/{kept['id']}").status_code == 200


def test_an_unknown_category_is_404(client: AppClient) -> None:
    assert_problem(client.get(f"/api/categories/{uuid.uuid4()}"), 404, "not_found")


def test_a_malformed_category_id_is_422(client: AppClient) -> None:
    assert_problem(client.get("/api/categories/not-a-uuid"), 422, "validation_failed")


# --- update ------------------------------------------------------------------------------


def test_update_changes_the_given_fields_and_moves_updated_at(client: AppClient) -> None:
    food = make_category(client, name="Food")
    category = make_category(client, name="Sides", description="Extras", sortOrder=5)

    response = client.put(
        f"/api/categories/{category['id']}",
        json={
            "name": " Sides & extras ",
            "imageUrl": "https://example.com/sides.png",
            "parentCategoryId": food["id"],
            "sortOrder": 2,
            "isActive": False,
        },
    )

    assert response.status_code == 200, response.text
    body = response.json()
    assert set(body) == DETAIL_FIELDS
    assert body["name"] == "Sides & extras"
    assert body["description"] == "Extras"  # absent: kept
    assert body["imageUrl"] == "https://example.com/sides.png"
    assert body["parentCategoryId"] == food["id"]
    assert body["sortOrder"] == 2
    assert body["isActive"] is False
    assert body["createdAt"] == category["createdAt"]
    assert instant(body["updatedAt"]) > instant(category["updatedAt"])
    assert fetched(client, category["id"]) == body


def test_every_real_change_moves_updated_at_forward(client: AppClient) -> None:
    category = make_category(client)
    stamps = [instant(category["updatedAt"])]
    for sort_order in (1, 2, 3):
        response = client.put(f"/api/categories/{category['id']}", json={"sortOrder": sort_order})
        stamps.append(instant(response.json()["updatedAt"]))

    assert stamps == sorted(set(stamps))


def test_an_update_that_changes_nothing_keeps_updated_at(client: AppClient) -> None:
    category = make_category(client, name="Same")

    response = client.put(f"/api/categories/{category['id']}", json={"name": "Same"})

    assert response.status_code == 200
    assert response.json()["updatedAt"] == category["updatedAt"]


def test_description_and_image_can_be_cleared_with_null(client: AppClient) -> None:
    category = make_category(client, description="Old", imageUrl="https://example.com/a.png")

    body = client.put(
        f"/api/categories/{category['id']}", json={"description": None, "imageUrl": None}
    ).json()

    assert body["description"] is None
    assert body["imageUrl"] is None


def test_a_null_parent_makes_the_category_top_level(client: AppClient) -> None:
    food = make_category(client)
    child = make_category(client, parentCategoryId=food["id"])

    response = client.put(f"/api/categories/{child['id']}", json={"parentCategoryId": None})

    assert response.status_code == 200
    assert fetched(client, child["id"])["parentCategoryId"] is None


def test_a_change_that_would_nest_a_category_in_itself_is_409_category_cycle(
    client: AppClient,
) -> None:
    a = make_category(client, name="A")
    b = make_category(client, name="B", parentCategoryId=a["id"])
    c = make_category(client, name="C", parentCategoryId=b["id"])

    response = client.put(f"/api/categories/{a['id']}", json={"parentCategoryId": c["id"]})

    assert_problem(response, 409, "category_cycle")
    assert fetched(client, a["id"]) == a


def test_moving_a_category_to_another_branch_is_allowed(client: AppClient) -> None:
    a = make_category(client, name="A")
    b = make_category(client, name="B", parentCategoryId=a["id"])
    c = make_category(client, name="C", parentCategoryId=a["id"])

    response = client.put(f"/api/categories/{c['id']}", json={"parentCategoryId": b["id"]})

    assert response.status_code == 200, response.text
    assert response.json()["parentCategoryId"] == b["id"]


def test_a_category_cannot_be_its_own_parent(client: AppClient) -> None:
    category = make_category(client)

    response = client.put(
        f"/api/categories/{category['id']}", json={"parentCategoryId": category["id"]}
    )

    assert_problem(response, 422, "validation_failed", "parentCategoryId")
    assert fetched(client, category["id"]) == category


@pytest.mark.parametrize("where", ["another location", "nowhere"])
def test_moving_under_a_parent_that_is_not_at_the_location_is_422(
    client: AppClient, where: str
) -> None:
    category = make_category(client)
    parent_id = (
        make_category(client, locationId=OTHER_LOCATION)["id"]
        if where == "another location"
        else str(uuid.uuid4())
    )

    response = client.put(f"/api/categories/{category['id']}", json={"parentCategoryId": parent_id})

    assert_problem(response, 422, "validation_failed", "parentCategoryId")
    assert fetched(client, category["id"]) == category


BAD_UPDATES = {
    "name null": ({"name": None}, "name"),
    "name empty": ({"name": ""}, "name"),
    "name of 201 characters": ({"name": "y" * 201}, "name"),
    "name with a control character": ({"name": "Bar\x07"}, "name"),
    "sortOrder null": ({"sortOrder": None}, "sortOrder"),
    "sortOrder as a string": ({"sortOrder": "first"}, "sortOrder"),
    "isActive null": ({"isActive": None}, "isActive"),
    "isActive as a string": ({"isActive": "yes"}, "isActive"),
    "isActive as a number": ({"isActive": 0}, "isActive"),
    "locationId is not updatable": ({"locationId": OTHER_LOCATION}, "locationId"),
    "server-owned productCount": ({"productCount": 3}, "productCount"),
    "server-owned createdAt": ({"createdAt": "2020-01-01T00:00:00Z"}, "createdAt"),
    "unknown field": ({"name": "Fine", "color": "blue"}, "color"),
}


@pytest.mark.parametrize(("body", "field"), list(BAD_UPDATES.values()), ids=list(BAD_UPDATES))
def test_bad_update_input_is_422_naming_the_field_and_changes_nothing(
    client: AppClient, body: dict[str, Any], field: str
) -> None:
    category = make_category(client, name="Untouched")

    response = client.put(f"/api/categories/{category['id']}", json=body)

    assert_problem(response, 422, "validation_failed", field)
    assert fetched(client, category["id"]) == category


def test_malformed_json_on_update_is_400_and_changes_nothing(client: AppClient) -> None:
    category = make_category(client)

    response = client.put(
        f"/api/categories/{category['id']}",
        content=b"{name: 'single quotes'}",
        headers={"content-type": "application/json"},
    )

    assert_problem(response, 400, "malformed_json")
    assert fetched(client, category["id"]) == category


def test_updating_an_unknown_category_is_404(client: AppClient) -> None:
    response = client.put(f"/api/categories/{uuid.uuid4()}", json={"name": "Ghost"})
    assert_problem(response, 404, "not_found")
    assert listed(client) == []


def test_updating_a_malformed_id_is_422(client: AppClient) -> None:
    response = client.put("/api/categories/12345", json={"name": "Ghost"})
    assert_problem(response, 422, "validation_failed")


# --- reorder -----------------------------------------------------------------------------


def test_reorder_makes_each_position_the_sort_order(client: AppClient) -> None:
    a = make_category(client, name="A")
    b = make_category(client, name="B")
    c = make_category(client, name="C")

    response = client.put(
        "/api/categories/reorder",
        json={"categoryIds": [c["id"], a["id"], b["id"]], "locationId": LOCATION},
    )

    assert response.status_code == 200, response.text
    assert response.json() == {"success": True, "reordered": 3}
    assert [(x["name"], x["sortOrder"]) for x in listed(client)] == [("C", 0), ("A", 1), ("B", 2)]
    assert instant(fetched(client, c["id"])["updatedAt"]) > instant(c["updatedAt"])


def test_reorder_answers_the_categories_when_preferred(client: AppClient) -> None:
    a = make_category(client, name="A")
    b = make_category(client, name="B")
    assert client.put(f"/api/categories/{b['id']}", json={"isActive": False}).status_code == 200
    make_category(client, name="Elsewhere", locationId=OTHER_LOCATION)

    response = client.put(
        "/api/categories/reorder",
        json={"categoryIds": [b["id"], a["id"]]},
        headers={"Prefer": "return=representation"},
    )

    assert response.status_code == 200, response.text
    assert response.headers["preference-applied"] == "return=representation"
    body = response.json()
    assert (body["success"], body["reordered"]) == (True, 2)
    # As the location's list shows them (inactive ones too), in their new order.
    assert body["categories"] == listed(client, locationId=LOCATION)
    assert [(x["name"], x["sortOrder"]) for x in body["categories"]] == [("B", 0), ("A", 1)]


def test_reorder_without_location_accepts_categories_of_one_location(client: AppClient) -> None:
    a = make_category(client, name="A", locationId=OTHER_LOCATION)
    b = make_category(client, name="B", locationId=OTHER_LOCATION)

    response = client.put("/api/categories/reorder", json={"categoryIds": [b["id"], a["id"]]})

    assert response.json() == {"success": True, "reordered": 2}
    assert names(client) == ["B", "A"]


def test_reorder_is_not_taken_for_an_update_of_a_category_named_reorder(
    client: AppClient,
) -> None:
    # PUT /{id} would answer about a malformed path id; the reorder route asks for categoryIds.
    response = client.put("/api/categories/reorder", json={"name": "Renamed"})

    assert_problem(response, 422, "validation_failed", "categoryIds")
    body = response.json()
    assert {error["field"] for error in body["errors"]} == {"categoryIds", "name"}


def test_reorder_with_an_unknown_id_is_404_and_changes_nothing(client: AppClient) -> None:
    a = make_category(client, name="A")
    b = make_category(client, name="B")
    before = listed(client)

    response = client.put(
        "/api/categories/reorder", json={"categoryIds": [b["id"], str(uuid.uuid4()), a["id"]]}
    )

    assert_problem(response, 404, "not_found")
    assert listed(client) == before


def test_reorder_with_a_deleted_id_is_404_and_changes_nothing(client: AppClient) -> None:
    a = make_category(client, name="A")
    gone = make_category(client, name="Gone")
    assert client.delete(f"/api/categories/{gone['id']}").status_code == 200
    before = listed(client)

    response = client.put("/api/categories/reorder", json={"categoryIds": [gone["id"], a["id"]]})

    assert_problem(response, 404, "not_found")
    assert listed(client) == before


@pytest.mark.parametrize(
    "locations",
    [(LOCATION, LOCATION, OTHER_LOCATION), (LOCATION, OTHER_LOCATION, None)],
    ids=["another location than locationId", "mixed locations"],
)
def test_reorder_across_locations_is_422_and_changes_nothing(
    client: AppClient, locations: tuple[str, str, str | None]
) -> None:
    first_location, second_location, requested = locations
    a = make_category(client, name="A", locationId=first_location)
    b = make_category(client, name="B", locationId=second_location)
    before = listed(client)

    body: dict[str, Any] = {"categoryIds": [b["id"], a["id"]]}
    if requested is not None:
        body["locationId"] = requested
    response = client.put("/api/categories/reorder", json=body)

    assert_problem(response, 422, "validation_failed", "categoryIds")
    assert listed(client) == before


BAD_REORDERS = {
    "duplicate ids": (lambda ids: {"categoryIds": [ids[0], ids[1], ids[0]]}),
    "empty list": (lambda ids: {"categoryIds": []}),
    "over 1000 ids": (lambda ids: {"categoryIds": [str(uuid.uuid4()) for _ in range(1001)]}),
    "malformed id": (lambda ids: {"categoryIds": [ids[0], "second"]}),
    "not a list": (lambda ids: {"categoryIds": ids[0]}),
    "unknown field": (lambda ids: {"categoryIds": ids, "parentCategoryId": None}),
}


@pytest.mark.parametrize("build", list(BAD_REORDERS.values()), ids=list(BAD_REORDERS))
def test_bad_reorder_input_is_422_and_changes_nothing(client: AppClient, build: Any) -> None:
    ids = [make_category(client)["id"], make_category(client)["id"]]
    before = listed(client)

    response = client.put("/api/categories/reorder", json=build(ids))

    assert_problem(response, 422, "validation_failed")
    assert listed(client) == before


# --- delete ------------------------------------------------------------------------------


def test_delete_is_soft_then_404_and_absent_from_every_list(client: AppClient) -> None:
    kept = make_category(client, name="Kept")
    gone = make_category(client, name="Gone")

    response = client.delete(f"/api/categories/{gone['id']}")

    assert response.status_code == 200
    body = response.json()
    assert body["success"] is True
    assert isinstance(body["message"], str)
    assert body["message"]
    assert_problem(client.get(f"/api/categories/{gone['id']}"), 404, "not_found")
    assert [c["id"] for c in listed(client)] == [kept["id"]]
    assert_problem(client.delete(f"/api/categories/{gone['id']}"), 404, "not_found")
    assert_problem(
        client.put(f"/api/categories/{gone['id']}", json={"name": "Back"}), 404, "not_found"
    )


def test_a_category_with_live_products_cannot_be_deleted_until_they_are_gone(
    client: AppClient,
) -> None:
    category = make_category(client)
    product = make_product(client, categoryId=category["id"])

    assert_problem(client.delete(f"/api/categories/{category['id']}"), 409, "category_in_use")
    assert fetched(client, category["id"])["productCount"] == 1

    assert client.delete(f"/api/products/{product['id']}").status_code == 200
    assert client.delete(f"/api/categories/{category['id']}").status_code == 200
    assert listed(client) == []


def test_a_category_with_live_children_cannot_be_deleted_until_they_are_gone(
    client: AppClient,
) -> None:
    parent = make_category(client, name="Parent")
    child = make_category(client, name="Child", parentCategoryId=parent["id"])

    assert_problem(client.delete(f"/api/categories/{parent['id']}"), 409, "category_in_use")
    assert names(client) == ["Parent", "Child"]

    assert client.delete(f"/api/categories/{child['id']}").status_code == 200
    assert client.delete(f"/api/categories/{parent['id']}").status_code == 200
    assert listed(client) == []


def test_deleting_an_unknown_or_malformed_id_changes_nothing(client: AppClient) -> None:
    make_category(client, name="Stays")

    assert_problem(client.delete(f"/api/categories/{uuid.uuid4()}"), 404, "not_found")
    assert_problem(client.delete("/api/categories/nope"), 422, "validation_failed")
    assert names(client) == ["Stays"]
