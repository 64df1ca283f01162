"""The menu from memory (catalogue/service/ready_menu.py): a kept answer is the same bytes and
ETag the database gives, read with no statement; every kind of change replaces it, in this
worker at once and from another through the event log; it goes only to a caller at its
location; a revoked token reads none of it; a stock-tracked product is always read afresh."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any
from uuid import UUID

import pytest

from brigade.catalogue.domain.records import ProductChanges
from brigade.catalogue.service import products as catalogue_products
from brigade.catalogue.service import ready_menu
from brigade.events.repository import EventRepository
from brigade.kit.access import SYSTEM
from brigade.kit.db.engine import Database
from brigade.settings import Settings
from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    make_device,
    make_modifier_group,
    make_order,
    make_product,
    make_tax_rate,
)
from orders.api.order_helpers import add_item, recorded_statements

Json = dict[str, Any]
# As docs/design.md §24 states it: a change reaches every worker within this.
STALENESS_BOUND_SECONDS = 1.0
# How long a test waits for what the bound does not promise (an answer kept, a lost log seen):
# a loaded test machine's loop may take that long.
PATIENCE_SECONDS = 3.0


def _kept(
    client: AppClient,
    url: str,
    headers: dict[str, str] | None = None,
    *,
    within: float = PATIENCE_SECONDS,
) -> Any:
    """Read ``url`` until this worker keeps it (the first read may start the event waiter),
    then once more with no statement run: the kept answer."""
    deadline = time.monotonic() + within
    while True:
        with recorded_statements(client) as seen:
            response = client.get(url, headers=headers)
        assert response.status_code == 200, response.text
        if not seen:
            return response
        assert time.monotonic() < deadline, f"{url} never kept"
        time.sleep(0.02)


def _read_afresh(client: AppClient, url: str, headers: dict[str, str] | None = None) -> Any:
    with recorded_statements(client) as seen:
        response = client.get(url, headers=headers)
    assert any(s.startswith("select") and "products" in s for s in seen), seen
    return response


URLS: list[Callable[[Json], str]] = [
    lambda product: f"/api/products/{product['id']}",
    lambda product: f"/api/products/barcode/{product['barcode']}",
    lambda product: f"/api/products/barcode/{product['barcode']}?locationId={LOCATION}",
    lambda product: f"/api/products?locationId={LOCATION}&categoryId={product['categoryId']}",
    lambda product: f"/api/products?locationId={LOCATION}",
    lambda _product: "/api/products",
]


def _product(client: AppClient, **fields: Any) -> Json:
    category = client.post("/api/categories", json={"name": "Mains", "locationId": LOCATION})
    barcode = f"400{time.monotonic_ns() % 10**10:010d}"
    fields = {"categoryId": category.json()["id"], "barcode": barcode} | fields
    return make_product(client, **fields)


@pytest.mark.parametrize("url_of", URLS)
def test_a_kept_answer_is_the_database_s_bytes_and_etag(
    client: AppClient, url_of: Callable[[Json], str]
) -> None:
    url = url_of(_product(client, price=12.5))
    kept = _kept(client, url)
    ready_menu.ANSWERS.drop(None)
    fresh = _read_afresh(client, url)
    assert kept.content == fresh.content
    assert kept.headers["etag"] == fresh.headers["etag"]
    assert kept.headers["content-type"] == fresh.headers["content-type"]
    # The tag a client holds answers 304 from memory.
    with recorded_statements(client) as seen:
        unchanged = client.get(url, headers={"If-None-Match": kept.headers["etag"]})
    assert (unchanged.status_code, unchanged.content, seen) == (304, b"", [])


# Each kind of change, and what the product's detail shows after it.
CHANGES: dict[str, Callable[[AppClient, Json], Callable[[Json], bool]]] = {}


def change(name: str) -> Callable[[Any], Any]:
    def register(apply: Any) -> Any:
        CHANGES[name] = apply
        return apply

    return register


@change("price")
def _new_price(client: AppClient, product: Json) -> Callable[[Json], bool]:
    client.put(f"/api/products/{product['id']}", json={"price": 14.25}).raise_for_status()
    return lambda shown: shown["price"] == 14.25


@change("86")
def _eighty_six(client: AppClient, product: Json) -> Callable[[Json], bool]:
    client.post(f"/api/products/{product['id']}/86").raise_for_status()
    return lambda shown: shown["is86d"] is True


@change("variant")
def _variant(client: AppClient, product: Json) -> Callable[[Json], bool]:
    url = f"/api/products/{product['id']}/variants"
    client.post(url, json={"name": "Large", "price": 15}).raise_for_status()
    return lambda shown: [v["name"] for v in shown["variants"]] == ["Large"]


@change("modifier group")
def _group(client: AppClient, product: Json) -> Callable[[Json], bool]:
    group = product["modifierGroups"][0]
    client.put(f"/api/modifier-groups/{group['id']}", json={"name": "Sides"}).raise_for_status()
    return lambda shown: shown["modifierGroups"][0]["name"] == "Sides"


@change("tax rate")
def _tax_rate(client: AppClient, product: Json) -> Callable[[Json], bool]:
    url = f"/api/tax-rates/{product['taxRateId']}"
    client.patch(url, json={"rate": 0.2}).raise_for_status()
    return lambda shown: shown["taxRate"] == 0.2


@pytest.mark.parametrize("name", list(CHANGES))
def test_each_kind_of_change_is_read_at_once_in_this_worker(client: AppClient, name: str) -> None:
    group = make_modifier_group(client)
    rate = make_tax_rate(client, rate=0.1)
    product = _product(client, modifierGroupIds=[group["id"]], taxRateId=rate["id"])
    url = f"/api/products/{product['id']}"
    before = _kept(client, url).json()
    shows_change = CHANGES[name](client, before)
    assert shows_change(client.get(url).json())


def test_a_deleted_product_is_no_longer_answered(client: AppClient) -> None:
    product = _product(client)
    url = f"/api/products/{product['id']}"
    _kept(client, url)
    assert client.delete(url).status_code == 200
    assert client.get(url).status_code == 404


def test_a_new_product_shows_in_a_kept_list(client: AppClient) -> None:
    first = _product(client)
    url = f"/api/products?locationId={LOCATION}&categoryId={first['categoryId']}"
    assert _kept(client, url).json()["total"] == 1
    make_product(client, categoryId=first["categoryId"])
    assert client.get(url).json()["total"] == 2


async def _price_changed_elsewhere(settings: Settings, product_id: str, price: str) -> None:
    """Another worker's change: its own engine, whose commits this worker is not told of."""
    elsewhere = Database(settings)
    try:
        async with elsewhere.unit_of_work(write=True) as uow:
            changes = ProductChanges(price=Decimal(price))
            await catalogue_products.update_product(uow, SYSTEM, UUID(product_id), changes)
    finally:
        await elsewhere.dispose()


def test_a_change_elsewhere_is_read_within_the_bound(client: AppClient, settings: Settings) -> None:
    product = _product(client, price=10)
    url = f"/api/products/{product['id']}"
    _kept(client, url)
    client.portal.call(_price_changed_elsewhere, settings, product["id"], "11.5")
    changed_at = time.monotonic()
    while True:
        # Timed from when the read was asked: an answer in flight at the bound is not stale.
        asked_after = time.monotonic() - changed_at
        if client.get(url).json()["price"] == 11.5:
            break
        assert asked_after < STALENESS_BOUND_SECONDS
        time.sleep(0.01)


def test_a_change_at_another_location_keeps_this_one_s_answers(client: AppClient) -> None:
    product = _product(client)
    url = f"/api/products/{product['id']}"
    _kept(client, url)
    elsewhere = make_product(client, locationId=OTHER_LOCATION)
    client.put(f"/api/products/{elsewhere['id']}", json={"price": 3}).raise_for_status()
    with recorded_statements(client) as seen:
        assert client.get(url).status_code == 200
    assert seen == []


def test_a_kept_answer_goes_only_to_a_caller_at_its_location(client: AppClient) -> None:
    product = _product(client)
    url = f"/api/products/{product['id']}"
    kept = _kept(client, url)
    here = make_device(client)["token"]
    other = make_device(client, locationId=OTHER_LOCATION)["token"]
    _kept(client, url, headers=bearer(here))  # the device's token, kept in turn
    with recorded_statements(client) as seen:
        assert client.get(url, headers=bearer(here)).content == kept.content
    assert seen == []
    # A device elsewhere reads nothing of this location's, kept or not.
    refused = client.get(url, headers=bearer(other))
    assert refused.status_code == 403
    assert refused.json()["code"] == "other_location"


def test_a_revoked_token_reads_nothing_kept(client: AppClient) -> None:
    member = client.post("/api/staff", json={"name": "Ana", "role": "SERVER"}).json()
    token = client.post("/api/tokens", json={"staffId": member["id"], "name": "Bar"}).json()
    product = _product(client)
    url = f"/api/products/{product['id']}"
    _kept(client, url, headers=bearer(token["token"]))
    assert client.delete(f"/api/tokens/{token['id']}").status_code == 200
    assert client.get(url, headers=bearer(token["token"])).status_code == 401
    assert client.get(url).status_code == 200  # still kept for everyone else


def test_a_stock_tracked_product_is_read_afresh(client: AppClient) -> None:
    tracked = _product(client, trackInventory=True, stockQuantity=10)
    url = f"/api/products/{tracked['id']}"
    list_url = f"/api/products?locationId={LOCATION}&categoryId={tracked['categoryId']}"
    for _ in range(2):
        _read_afresh(client, url)
        _read_afresh(client, list_url)
    add_item(client, make_order(client), tracked, 3)  # a sale: no event
    assert client.get(url).json()["stockQuantity"] == 7
    assert client.get(list_url).json()["data"][0]["stockQuantity"] == 7


def test_a_lost_log_empties_the_answers(client: AppClient, monkeypatch: pytest.MonkeyPatch) -> None:
    product = _product(client)
    url = f"/api/products/{product['id']}"
    _kept(client, url)
    lost: list[bool] = []
    # No stream is open: the waiter reads only the events' headings.
    read = EventRepository.headings_after

    async def lose_once(repository: EventRepository, after: int, *, limit: int) -> Any:
        task = asyncio.current_task()
        if not lost and task is not None and task.get_name() == "brigade-event-waiter":
            lost.append(True)
            raise ConnectionError("the log, lost")
        return await read(repository, after, limit=limit)

    monkeypatch.setattr(EventRepository, "headings_after", lose_once)
    make_product(client, locationId=OTHER_LOCATION)  # a commit: PostgreSQL's waiter reads on it
    deadline = time.monotonic() + PATIENCE_SECONDS
    while not lost or len(ready_menu.ANSWERS):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    _read_afresh(client, url)
    # Kept again once the waiter, a second later, has read the log through.
    _kept(client, url)
