"""The guests' menu (docs/design.md §28): what a manager shows to guests, by category, with
description, photo, allergens, sizes and choices, in the guest's language; nothing once the
visit has ended."""

from __future__ import annotations

from factories import OTHER_LOCATION, AppClient, make_category, make_modifier, make_modifier_group
from factories import make_product as product
from guests.api.guest_helpers import (
    Json,
    close_check,
    make_table,
    ok,
    open_check,
    serve_guests,
    start_visit,
)
from orders.api.order_helpers import problem

SHOWN = {"guestVisible": True}


def _menu(client: AppClient, visit_id: str, **query: str) -> Json:
    return ok(client.get(f"/api/guest/visits/{visit_id}/menu", params=query))


def _names(menu: Json) -> list[tuple[str | None, list[str]]]:
    return [(s["name"], [p["name"] for p in s["products"]]) for s in menu["sections"]]


def test_guests_see_what_a_manager_shows_them_by_category(client: AppClient) -> None:
    serve_guests(client, "MENU")
    mains = make_category(client, name="Mains", sortOrder=1)
    drinks = make_category(client, name="Drinks", sortOrder=2)
    product(client, name="Steak", categoryId=mains["id"], price=24, **SHOWN,
            description="Aged 30 days", imageUrl="https://cdn.example.com/steak.jpg",
            allergens=["MUSTARD", "MILK"])  # fmt: skip
    product(client, name="Cola", categoryId=drinks["id"], price=3, **SHOWN)
    soup = product(client, name="Soup", categoryId=mains["id"], **SHOWN)
    ok(client.post(f"/api/products/{soup['id']}/86"))
    product(client, name="Bread", **SHOWN)
    product(client, name="Staff meal", categoryId=mains["id"])  # not shown to guests
    old = product(client, name="Old special", categoryId=mains["id"], **SHOWN)
    ok(client.put(f"/api/products/{old['id']}", json={"isActive": False}))
    product(client, name="Elsewhere", locationId=OTHER_LOCATION, **SHOWN)
    make_modifier(client, name="Extra cheese", **SHOWN)  # chosen within a group, not alone

    started = ok(start_visit(client, make_table(client)), 201)
    menu = _menu(client, started["id"])
    assert (menu["language"], menu["currency"]) == ("en", "USD")
    assert _names(menu) == [("Mains", ["Soup", "Steak"]), ("Drinks", ["Cola"]), (None, ["Bread"])]
    soup, steak = menu["sections"][0]["products"]
    assert soup["soldOut"] is True
    assert (steak["price"], steak["description"], steak["imageUrl"], steak["soldOut"]) == (
        24.0,
        "Aged 30 days",
        "https://cdn.example.com/steak.jpg",
        False,
    )
    assert steak["allergens"] == ["MILK", "MUSTARD"]
    # Nothing of the staff's: no cost, stock, sku or barcode.
    assert set(steak) == {
        "id", "name", "description", "imageUrl", "price", "allergens", "soldOut", "variants",
        "modifierGroups",
    }  # fmt: skip


def test_a_products_choices_come_with_their_rules(client: AppClient) -> None:
    serve_guests(client, "MENU")
    rare = make_modifier(client, name="Rare", price=0)
    done = make_modifier(client, name="Well done")
    group = make_modifier_group(client, [rare, done], name="Cooking", minSelections=1,
                                maxSelections=1)  # fmt: skip
    burger = product(client, name="Burger", price=12, modifierGroupIds=[group["id"]], **SHOWN)
    large = {"name": "Large", "price": 15}
    ok(client.post(f"/api/products/{burger['id']}/variants", json=large), 201)

    started = ok(start_visit(client, make_table(client)), 201)
    [section] = _menu(client, started["id"])["sections"]
    [shown] = section["products"]
    assert [(v["name"], v["price"]) for v in shown["variants"]] == [("Large", 15.0)]
    [cooking] = shown["modifierGroups"]
    assert (cooking["name"], cooking["minSelections"], cooking["maxSelections"]) == (
        "Cooking",
        1,
        1,
    )
    assert [o["name"] for o in cooking["options"]] == ["Rare", "Well done"]
    assert cooking["options"][0]["modifierOptionId"] == rare["id"]


def test_the_menu_speaks_the_guests_language_where_translated(client: AppClient) -> None:
    serve_guests(client, "MENU")
    soups = make_category(client, name="Soups", translations={"de": {"name": "Suppen"}})
    product(client, name="Soup", description="With bread", categoryId=soups["id"], **SHOWN,
            translations={"de": {"name": "Tagessuppe", "description": "Mit Brot"}})  # fmt: skip
    product(client, name="Pea soup", categoryId=soups["id"], **SHOWN)
    started = ok(start_visit(client, make_table(client)), 201)

    german = _menu(client, started["id"], lang="de")
    assert german["language"] == "de"
    assert _names(german) == [("Suppen", ["Pea soup", "Tagessuppe"])]
    assert german["sections"][0]["products"][1]["description"] == "Mit Brot"
    assert _names(_menu(client, started["id"])) == [("Soups", ["Pea soup", "Soup"])]


def test_an_ended_visit_reads_no_menu(client: AppClient) -> None:
    serve_guests(client, "MENU")
    table = make_table(client)
    order = open_check(client, table)
    started = ok(start_visit(client, table), 201)
    assert _menu(client, started["id"])["sections"] == []
    close_check(client, order)
    problem(client.get(f"/api/guest/visits/{started['id']}/menu"), 410, "visit_ended")
