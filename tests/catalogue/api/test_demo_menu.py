"""`brigade demo-data`: a nested menu with products and modifiers, loaded once."""

from __future__ import annotations

import asyncio
from typing import Any

from brigade.demo import DEMO_LOCATION, load_demo_menu
from brigade.settings import Settings
from factories import AppClient


def _snapshot(client: AppClient) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    location = {"locationId": str(DEMO_LOCATION)}
    categories = client.get("/api/categories", params=location | {"includeInactive": "true"})
    products = client.get("/api/products", params=location | {"limit": 100})
    assert categories.status_code == 200
    assert products.status_code == 200
    assert products.json()["total"] == len(products.json()["data"])
    return categories.json()["data"], products.json()["data"]


def test_the_demo_menu_loads_once_and_a_second_run_changes_nothing(
    client: AppClient, settings: Settings
) -> None:
    first = asyncio.run(load_demo_menu(settings))
    categories, products = _snapshot(client)

    second = asyncio.run(load_demo_menu(settings))

    assert "9 categories" in first
    assert "40 products" in first
    assert "8 tables" in first
    assert "nothing loaded" in second
    assert _snapshot(client) == (categories, products)
    assert _floor(client)["total"] == 8


def _floor(client: AppClient) -> dict[str, Any]:
    tables = client.get("/api/tables", params={"locationId": str(DEMO_LOCATION), "limit": 100})
    assert tables.status_code == 200, tables.text
    floor: dict[str, Any] = tables.json()
    return floor


def test_the_demo_brings_a_floor_of_8_tables(client: AppClient, settings: Settings) -> None:
    asyncio.run(load_demo_menu(settings))
    floor = _floor(client)["data"]
    assert [table["name"] for table in floor] == [str(number) for number in range(1, 9)]
    sections = [table["section"] for table in floor]
    assert (sections.count("Inside"), sections.count("Terrace")) == (6, 2)
    assert sum(table["seats"] for table in floor) == 30
    assert {table["status"] for table in floor} == {"FREE"}


def test_the_demo_menu_nests_categories_and_fills_each_section(
    client: AppClient, settings: Settings
) -> None:
    asyncio.run(load_demo_menu(settings))
    categories, products = _snapshot(client)

    by_id = {category["id"]: category for category in categories}
    top = sorted(c["name"] for c in categories if c["parentCategoryId"] is None)
    assert top == ["Drinks", "Food"]
    sections = {
        c["name"]: by_id[c["parentCategoryId"]]["name"] for c in categories if c["parentCategoryId"]
    }
    assert sections == {
        "Starters": "Food",
        "Mains": "Food",
        "Desserts": "Food",
        "Beer": "Drinks",
        "Wine": "Drinks",
        "Cocktails": "Drinks",
        "Soft drinks": "Drinks",
    }
    for section_id, section in by_id.items():
        if section["parentCategoryId"] is not None:
            detail = client.get(f"/api/categories/{section_id}").json()
            assert detail["productCount"] >= 3, section["name"]
    assert len(products) == 40
    assert len({p["sku"] for p in products}) == 40


def test_demo_products_carry_barcodes_tax_rates_costs_and_modifiers(
    client: AppClient, settings: Settings
) -> None:
    asyncio.run(load_demo_menu(settings))
    _, products = _snapshot(client)
    details = {p["name"]: client.get(f"/api/products/{p['id']}").json() for p in products}

    for detail in details.values():
        digits = detail["barcode"]
        assert len(digits) == 13
        assert digits.isdigit()
        weighted = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits[:12]))
        assert int(digits[12]) == (10 - weighted % 10) % 10
        # A steak's temperature is free; everything else is sold above its cost.
        assert 0 <= detail["cost"] <= detail["price"]
        assert detail["productType"] == "MODIFIER" or 0 < detail["cost"] < detail["price"]
    assert details["Steak frites"]["taxRate"] == 0.0825
    assert details["Negroni"]["taxRate"] == 0.10
    modifiers = {
        name: detail["price"]
        for name, detail in details.items()
        if detail["productType"] == "MODIFIER"
    }
    assert modifiers == {
        "Extra cheese": 1.5,
        "Bacon": 2.0,
        "Fried egg": 1.5,
        "Gluten-free bun": 1.0,
        "Large": 0.75,
        "Rare": 0,
        "Medium rare": 0,
        "Medium": 0,
        "Well done": 0,
    }


def test_the_demo_menu_shows_off_groups_variants_and_stock(
    client: AppClient, settings: Settings
) -> None:
    asyncio.run(load_demo_menu(settings))
    _, products = _snapshot(client)
    details = {p["name"]: client.get(f"/api/products/{p['id']}").json() for p in products}

    [temperature] = details["Steak frites"]["modifierGroups"]
    assert (temperature["name"], temperature["minSelections"], temperature["maxSelections"]) == (
        "Steak temperature",
        1,
        1,
    )
    assert [o["name"] for o in temperature["options"]] == [
        "Rare",
        "Medium rare",
        "Medium",
        "Well done",
    ]
    [extras] = details["Classic cheeseburger"]["modifierGroups"]
    assert (extras["name"], extras["minSelections"], extras["maxSelections"]) == (
        "Burger extras",
        0,
        3,
    )
    assert len(extras["options"]) == 4
    sizes = [(v["name"], v["price"]) for v in details["Latte"]["variants"]]
    assert sizes == [("Small", 3.8), ("Medium", 4.4), ("Large", 4.9)]
    tracked = {
        name: (d["stockQuantity"], d["lowStockThreshold"])
        for name, d in details.items()
        if d["trackInventory"]
    }
    assert tracked == {
        "Grilled salmon": (12, 4),
        "Burrata with heirloom tomatoes": (8, 3),
        "Seasonal fruit crumble": (6, 2),
    }
