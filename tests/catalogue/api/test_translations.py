"""The menu's translations (docs/design.md §26): stored on products, categories and modifier
groups, checked as their base names are, answered on reads; `?language=` answers the
translated name and description where there is one, else the base."""

from __future__ import annotations

from factories import (
    LOCATION,
    AppClient,
    bearer,
    make_category,
    make_modifier,
    make_modifier_group,
    make_product,
    make_staff_token,
)

GERMAN_SOUP = {"de": {"name": "Tagessuppe", "description": "Mit Brot"}}


def test_a_products_translations_are_stored_and_answered(client: AppClient) -> None:
    product = make_product(client, name="Soup", description="With bread", translations=GERMAN_SOUP)
    assert product["translations"] == GERMAN_SOUP
    read = client.get(f"/api/products/{product['id']}").json()
    assert (read["name"], read["description"]) == ("Soup", "With bread")
    assert read["translations"] == GERMAN_SOUP
    listed = client.get("/api/products", params={"locationId": LOCATION}).json()["data"]
    assert [p["translations"] for p in listed if p["id"] == product["id"]] == [GERMAN_SOUP]


def test_language_answers_the_translation_where_there_is_one(client: AppClient) -> None:
    soup = make_product(
        client, name="Soup", description="With bread", barcode="4006381333931",
        translations=GERMAN_SOUP | {"fr": {"name": "Soupe du jour"}},
    )  # fmt: skip
    bread = make_product(client, name="Bread")
    german = client.get(f"/api/products/{soup['id']}", params={"language": "de"}).json()
    assert (german["name"], german["description"]) == ("Tagessuppe", "Mit Brot")
    # A translation without a description keeps the base one.
    french = client.get(f"/api/products/{soup['id']}", params={"language": "fr"}).json()
    assert (french["name"], french["description"]) == ("Soupe du jour", "With bread")
    untranslated = client.get(f"/api/products/{soup['id']}", params={"language": "it"}).json()
    assert untranslated["name"] == "Soup"
    scanned = client.get(
        "/api/products/barcode/4006381333931", params={"language": "de", "locationId": LOCATION}
    ).json()
    assert scanned["name"] == "Tagessuppe"
    page = client.get("/api/products", params={"locationId": LOCATION, "language": "de"}).json()
    names = {p["id"]: p["name"] for p in page["data"]}
    assert (names[soup["id"]], names[bread["id"]]) == ("Tagessuppe", "Bread")
    # The base reads are kept apart from the translated ones.
    assert client.get(f"/api/products/{soup['id']}").json()["name"] == "Soup"


def test_an_update_replaces_the_translations_and_absent_keeps_them(client: AppClient) -> None:
    product = make_product(client, translations=GERMAN_SOUP)
    kept = client.put(f"/api/products/{product['id']}", json={"price": 11}).json()
    assert kept["translations"] == GERMAN_SOUP
    italian = {"it": {"name": "Zuppa", "description": None}}
    replaced = client.put(f"/api/products/{product['id']}", json={"translations": italian})
    assert replaced.json()["translations"] == italian
    cleared = client.put(f"/api/products/{product['id']}", json={"translations": {}})
    assert cleared.json()["translations"] == {}


def test_translations_are_checked_as_the_base_names_are(client: AppClient) -> None:
    for wrong in (
        {"nl": {"name": "Soep"}},
        {"de": {"name": ""}},
        {"de": {"name": "x" * 201}},
        {"de": {"description": "Ohne Namen"}},
        {"de": {"name": "Suppe", "description": "x" * 2001}},
        {"de": {"name": "Suppe", "colour": "rot"}},
    ):
        refused = client.post(
            "/api/products",
            json={"name": "Soup", "price": 5, "locationId": LOCATION, "translations": wrong},
        )
        assert refused.status_code == 422, wrong
        assert refused.json()["code"] == "validation_failed"


def test_categories_translate(client: AppClient) -> None:
    category = make_category(
        client, name="Starters", translations={"es": {"name": "Entrantes", "description": None}}
    )
    assert category["translations"] == {"es": {"name": "Entrantes", "description": None}}
    spanish = client.get(f"/api/categories/{category['id']}", params={"language": "es"}).json()
    assert spanish["name"] == "Entrantes"
    listed = client.get("/api/categories", params={"locationId": LOCATION, "language": "es"})
    assert [c["name"] for c in listed.json()["data"] if c["id"] == category["id"]] == ["Entrantes"]
    renamed = client.put(
        f"/api/categories/{category['id']}", json={"translations": {"it": {"name": "Antipasti"}}}
    ).json()
    assert list(renamed["translations"]) == ["it"]
    assert client.get(f"/api/categories/{category['id']}").json()["name"] == "Starters"


def test_modifier_groups_and_their_options_translate(client: AppClient) -> None:
    rare = make_modifier(client, name="Rare", translations={"fr": {"name": "Saignant"}})
    group = make_modifier_group(
        client, [rare], name="Temperature", translations={"fr": {"name": "Cuisson"}}
    )
    assert group["translations"] == {"fr": {"name": "Cuisson", "description": None}}
    french = client.get(f"/api/modifier-groups/{group['id']}", params={"language": "fr"}).json()
    assert (french["name"], french["options"][0]["name"]) == ("Cuisson", "Saignant")
    steak = make_product(client, name="Steak", modifierGroupIds=[group["id"]])
    detail = client.get(f"/api/products/{steak['id']}", params={"language": "fr"}).json()
    offered = detail["modifierGroups"][0]
    assert (offered["name"], offered["options"][0]["name"]) == ("Cuisson", "Saignant")
    # A group's translation has a name only.
    refused = client.put(
        f"/api/modifier-groups/{group['id']}",
        json={"name": "Temperature", "translations": {"fr": {"name": "C", "description": "x"}}},
    )
    assert refused.status_code == 422


def test_a_language_brigade_does_not_speak_is_refused_on_reads(client: AppClient) -> None:
    product = make_product(client)
    refused = client.get(f"/api/products/{product['id']}", params={"language": "nl"})
    assert refused.status_code == 422
    assert refused.json()["code"] == "validation_failed"


def test_only_catalogue_editors_translate(client: AppClient) -> None:
    product = make_product(client)
    server = make_staff_token(client, "SERVER")
    refused = client.put(
        f"/api/products/{product['id']}", json={"translations": GERMAN_SOUP}, headers=bearer(server)
    )
    assert refused.status_code == 403
    assert client.get(f"/api/products/{product['id']}").json()["translations"] == {}
