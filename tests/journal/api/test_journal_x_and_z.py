"""The journal (gapless across kinds, verified, broken by a change or a deletion made straight
in the database), receipt numbers, and the X and Z reports against the orders they sum."""

from __future__ import annotations

import itertools
import uuid
from typing import Any

from sqlalchemy import text

from brigade.dining.service import rooms
from brigade.journal import service as journal
from brigade.kit.db.engine import UnitOfWork
from brigade.reports.service import z_reports_agree
from factories import LOCATION, AppClient, in_transaction, make_order, make_product, make_tax_rate
from orders.api.order_helpers import add_item, order_detail, pay, problem


def _ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def _location(client: AppClient, location: str = LOCATION) -> None:
    _ok(client.put(f"/api/locations/{location}", json={"name": "Quay", "timezone": "UTC"}))


def _sale(
    client: AppClient, products: list[dict[str, Any]], *tenders: tuple[str, Any, Any]
) -> dict[str, Any]:
    """A completed order of ``products``, paid by ``tenders`` (method, amount, tip)."""
    order = make_order(client, locationId=products[0]["locationId"])
    for product in products:
        add_item(client, order, product)
    _ok(client.post(f"/api/orders/{order['id']}/send"))
    for method, amount, tip in tenders:
        _ok(pay(client, order, amount, paymentMethod=method, tipAmount=tip), 201)
    detail = order_detail(client, order)
    assert detail["status"] == "COMPLETED", detail
    return detail


def _z(client: AppClient, location: str = LOCATION, **extra: Any) -> Any:
    return client.post("/api/reports/z", json={"locationId": location} | extra)


def _journal(client: AppClient, location: str = LOCATION) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = _ok(
        client.get("/api/journal", params={"locationId": location, "limit": 500})
    )
    return found


def _verify(client: AppClient, location: str = LOCATION) -> dict[str, Any]:
    found: dict[str, Any] = _ok(client.get("/api/journal/verify", params={"locationId": location}))
    return found


def _menu(client: AppClient, location: str = LOCATION) -> tuple[dict[str, Any], ...]:
    _location(client, location)
    steak = make_product(client, name="Steak", price=20, taxRate=0.1, locationId=location)
    wine = make_product(client, name="Wine", price=8, taxRate=0.2, locationId=location)
    return steak, wine


def test_a_z_sums_its_orders_by_tender_and_by_rate(client: AppClient) -> None:
    steak, wine = _menu(client)
    a = _sale(client, [steak, wine], ("CARD", 31.60, 4.00))  # 22.00 + 9.60
    b = _sale(client, [steak], ("CASH", 10.00, 0), ("CARD", 12.00, 1.50))
    c = _sale(client, [wine, wine], ("CASH", 19.20, 0))
    refund = {"amount": 9.60, "reason": "corked", "paymentId": a["payments"][0]["id"]}
    _ok(client.post(f"/api/orders/{a['id']}/refunds", json=refund), 201)

    z = _ok(_z(client), 201)
    orders = [a, b, c]
    assert z["number"] == 1
    assert z["orderCount"] == 3
    assert z["netSales"] == sum(o["subtotal"] - o["discountAmount"] for o in orders) == 64
    assert z["tips"] == 5.5
    assert z["byPaymentMethod"] == [
        {"method": "CARD", "amount": 43.6, "count": 2, "tips": 5.5},
        {"method": "CASH", "amount": 29.2, "count": 2, "tips": 0},
    ]
    by_rate: dict[str, list[float]] = {}
    for order in orders:
        for rate in order["taxes"]:
            sums = by_rate.setdefault(rate["name"], [0, 0])
            sums[0] += rate["netAmount"]
            sums[1] += rate["taxAmount"]
    assert {t["name"]: [t["net"], t["tax"]] for t in z["taxes"]} == {
        name: [round(net, 2), round(tax, 2)] for name, (net, tax) in by_rate.items()
    }
    assert z["refunds"]["count"] == 1
    assert z["refunds"]["amount"] == 9.6
    assert z["grandTotal"] == 64
    assert z["forced"] is False
    assert z["reason"] is None
    kinds = [entry["kind"] for entry in _journal(client)]
    assert kinds == ["SALE", "SALE", "SALE", "REFUND", "Z"]
    assert z["journalSequence"] == 5


def test_a_z_answers_the_same_after_a_reopen_which_lands_in_the_next_z(
    client: AppClient,
) -> None:
    steak, _wine = _menu(client)
    order = _sale(client, [steak], ("CASH", 22.00, 0))
    first = _ok(_z(client), 201)
    reopen = {"reason": "wrong table"}
    _ok(client.post(f"/api/orders/{order['id']}/reopen", json=reopen))
    assert _ok(client.get("/api/reports/z/1", params={"locationId": LOCATION})) == first
    x = _ok(client.get("/api/reports/x", params={"locationId": LOCATION}))
    assert (x["orderCount"], x["netSales"], x["lastZ"]) == (-1, -20, 1)
    second = _ok(_z(client, force=True, reason="the reopened check stays open"), 201)
    assert (second["number"], second["orderCount"], second["netSales"]) == (2, -1, -20)
    assert second["grandTotal"] == 0
    assert second["forced"] is True
    assert second["byPaymentMethod"] == [{"method": "CASH", "amount": -22, "count": -1, "tips": 0}]
    listed = _ok(client.get("/api/reports/z", params={"locationId": LOCATION}))
    assert [z["number"] for z in listed["data"]] == [2, 1]
    assert listed["total"] == 2
    assert listed["data"][1] == first


def test_open_checks_refuse_a_z_unless_forced_with_a_reason(client: AppClient) -> None:
    steak, _wine = _menu(client)
    open_check = make_order(client)
    add_item(client, open_check, steak)
    body = problem(_z(client), 409, "open_checks")
    assert body["openChecks"] == [
        {
            "id": open_check["id"],
            "number": int(open_check["orderNumber"].lstrip("#")),
            "table": None,
        }
    ]
    problem(_z(client, force=True), 422, "validation_failed")
    assert _journal(client) == []
    forced = _ok(_z(client, force=True, reason="table 4 still eating"), 201)
    assert (forced["number"], forced["reason"]) == (1, "table 4 still eating")


def test_an_x_changes_nothing(client: AppClient) -> None:
    steak, _wine = _menu(client)
    _sale(client, [steak], ("CARD", 22.00, 2.00))
    before = _journal(client)
    x = _ok(client.get("/api/reports/x", params={"locationId": LOCATION}))
    again = _ok(client.get("/api/reports/x", params={"locationId": LOCATION}))
    assert (x["orderCount"], x["netSales"], x["tips"], x["lastZ"]) == (1, 20, 2, 0)
    assert {k: v for k, v in x.items() if k != "to"} == {
        k: v for k, v in again.items() if k != "to"
    }
    assert _journal(client) == before
    assert _ok(client.get("/api/reports/z", params={"locationId": LOCATION}))["total"] == 0


def test_receipt_numbers_on_completed_orders_and_their_receipts(client: AppClient) -> None:
    steak, _wine = _menu(client)
    open_check = make_order(client)
    assert order_detail(client, open_check)["receiptNumber"] is None
    first = _sale(client, [steak], ("CASH", 22.00, 0))
    second = _sale(client, [steak], ("CASH", 22.00, 0))
    assert (first["receiptNumber"], second["receiptNumber"]) == (1, 2)
    receipt = client.get(f"/api/orders/{first['id']}/receipt").text
    assert "Receipt No. 1" in receipt
    _ok(client.post(f"/api/orders/{first['id']}/reopen", json={"reason": "add dessert"}))
    assert order_detail(client, first)["receiptNumber"] is None
    _ok(client.post(f"/api/orders/{first['id']}/complete"))
    assert order_detail(client, first)["receiptNumber"] == 4  # 3 is the REOPEN
    assert "Receipt No. 4" in client.get(f"/api/orders/{first['id']}/receipt").text


def test_the_journal_is_gapless_across_kinds_and_verifies(client: AppClient) -> None:
    steak, wine = _menu(client)
    sold = _sale(client, [steak], ("CARD", 22.00, 0))
    voided = make_order(client)
    item = add_item(client, voided, wine)
    add_item(client, voided, steak)
    _ok(client.post(f"/api/orders/{voided['id']}/send"))
    _ok(
        client.request(
            "DELETE", f"/api/orders/{voided['id']}/items/{item['id']}", json={"reason": "spilt"}
        )
    )
    _ok(client.request("DELETE", f"/api/orders/{voided['id']}", json={"reason": "left"}))
    refund = {"amount": 2.00, "reason": "slow", "paymentId": sold["payments"][0]["id"]}
    _ok(client.post(f"/api/orders/{sold['id']}/refunds", json=refund), 201)
    _ok(client.post(f"/api/orders/{sold['id']}/reopen", json={"reason": "split"}))
    _ok(_z(client, force=True, reason="open check"), 201)
    entries = _journal(client)
    assert [e["kind"] for e in entries] == ["SALE", "VOID", "VOID", "REFUND", "REOPEN", "Z"]
    assert [e["sequence"] for e in entries] == [1, 2, 3, 4, 5, 6]
    assert entries[0]["previousHash"] == "0" * 64
    assert all(e["previousHash"] == p["hash"] for p, e in itertools.pairwise(entries))
    assert entries[1]["content"] == {"cause": "item_voided", "amount": 800, "itemId": item["id"]}
    assert entries[2]["content"] == {"cause": "order_cancelled", "amount": 2000}
    assert entries[4]["content"]["netSales"] == -entries[0]["content"]["netSales"]
    assert _verify(client) == {"ok": True, "entries": 6, "firstBrokenSequence": None}
    # An order cancelled before anything was sent or paid is no void.
    make_order(client)
    assert len(_journal(client)) == 6


def _sql(client: AppClient, statement: str, **params: Any) -> None:
    async def run(uow: Any) -> None:
        connection = await uow.connection()
        await connection.execute(text(statement), params)

    in_transaction(client, run)


def _four_sales(client: AppClient) -> None:
    steak, _wine = _menu(client)
    for _ in range(4):
        _sale(client, [steak], ("CASH", 22.00, 0))
    assert _verify(client)["ok"] is True


def test_an_update_in_the_database_breaks_the_chain(client: AppClient) -> None:
    _four_sales(client)
    changed = '{"netSales":1}'
    _sql(client, "UPDATE journal_entries SET content = :c WHERE sequence = 3", c=changed)
    assert _verify(client) == {"ok": False, "entries": 3, "firstBrokenSequence": 3}


def test_a_delete_in_the_database_breaks_the_chain(client: AppClient) -> None:
    _four_sales(client)
    _sql(client, "DELETE FROM journal_entries WHERE sequence = 2")
    assert _verify(client)["firstBrokenSequence"] == 2


def test_a_deleted_last_entry_or_a_changed_counter_breaks_the_chain(client: AppClient) -> None:
    _four_sales(client)
    _sql(client, "DELETE FROM journal_entries WHERE sequence = 4")
    assert _verify(client)["firstBrokenSequence"] == 4
    other = str(uuid.uuid4())
    steak, _wine = _menu(client, other)
    _sale(client, [steak], ("CASH", 22.00, 0))
    _sql(client, "UPDATE journal_heads SET last_sequence = 7 WHERE last_sequence = 1")
    assert _verify(client, other)["firstBrokenSequence"] == 2


def test_a_changed_or_nulled_order_of_an_entry_breaks_the_chain(client: AppClient) -> None:
    """The probe: the order an entry names was not hashed."""
    _four_sales(client)
    _sql(client, "UPDATE journal_entries SET order_id = NULL WHERE sequence = 2")
    assert _verify(client)["firstBrokenSequence"] == 2


def test_a_z_whose_copy_was_edited_or_deleted_breaks_the_chain(client: AppClient) -> None:
    """The probe: an edited Z snapshot was served as is, a deleted one went unseen."""
    _four_sales(client)
    z = _ok(_z(client), 201)
    assert _verify(client)["ok"] is True
    edit = "UPDATE z_reports SET snapshot = replace(snapshot, :was, :is_) WHERE number = 1"
    _sql(client, edit, was='"grandTotal":', is_='"grandTotal":1')
    assert _verify(client)["firstBrokenSequence"] == 5
    # What is served is the chain's own Z, not the edited copy.
    served = _ok(client.get(f"/api/reports/z/{z['number']}", params={"locationId": LOCATION}))
    assert served["grandTotal"] == z["grandTotal"]
    _sql(client, "DELETE FROM z_reports WHERE number = 1")
    assert _verify(client)["firstBrokenSequence"] == 5


def test_a_chain_deleted_with_its_counter_is_missed_by_no_z(client: AppClient) -> None:
    """The probe: a whole location's chain deleted with its head verified as whole."""
    _four_sales(client)
    _ok(_z(client), 201)
    _sql(client, "DELETE FROM journal_entries")
    _sql(client, "DELETE FROM journal_heads")
    assert _verify(client) == {"ok": False, "entries": 0, "firstBrokenSequence": 5}


def test_every_locations_verification_covers_a_location_whose_chain_is_gone(
    client: AppClient,
) -> None:
    """The CLI without --location: a location whose whole chain was deleted with its head left
    no trace in the journal's tables, and went unverified; the locations there are name it."""
    _four_sales(client)
    _ok(_z(client), 201)
    _sql(client, "DELETE FROM journal_entries")
    _sql(client, "DELETE FROM journal_heads")

    async def every_location(uow: UnitOfWork) -> list[tuple[str, bool]]:
        found = await journal.verify_all(uow, None, [z_reports_agree], roster=rooms.location_ids)
        return [(str(result.location_id), result.ok) for result in found]

    assert (LOCATION, False) in in_transaction(client, every_location)


def test_a_tip_of_a_sale_in_a_closed_z_is_day_closed(client: AppClient) -> None:
    steak, _wine = _menu(client)
    order = _sale(client, [steak], ("CARD", 22.00, 0))
    payment = order["payments"][0]
    url = f"/api/orders/{order['id']}/payments/{payment['id']}"
    adjusted = _ok(client.patch(url, json={"tipAmount": 3}))
    assert adjusted["tipAmount"] == 3
    # docs/design.md §25: its own entry, the sale keeps its receipt and is not reopened.
    journal = _journal(client)
    assert [e["kind"] for e in journal] == ["SALE", "TIP_ADJUST"]
    assert journal[1]["content"] | {"paymentId": None} == {
        "orderNumber": 1001,
        "receiptNumber": 1,
        "paymentId": None,
        "method": "CARD",
        "tips": 300,
        "tip": 300,
    }
    assert order_detail(client, order)["receiptNumber"] == 1
    z = _ok(_z(client), 201)
    assert (z["orderCount"], z["tips"], z["netSales"]) == (1, 3, 20)
    problem(client.patch(url, json={"tipAmount": 4}), 409, "day_closed")


def test_a_reopened_checks_tip_stays_closed_with_its_z(client: AppClient) -> None:
    """The probe: reopen, then tip adjust, then complete changed a tip after its Z."""
    steak, _wine = _menu(client)
    order = _sale(client, [steak], ("CARD", 22.00, 0))
    payment = order["payments"][0]
    z = _ok(_z(client), 201)
    _ok(client.post(f"/api/orders/{order['id']}/reopen", json={"reason": "wrong table"}))
    url = f"/api/orders/{order['id']}/payments/{payment['id']}"
    problem(client.patch(url, json={"tipAmount": 4}), 409, "day_closed")
    assert order_detail(client, order)["payments"][0]["tipAmount"] == 0
    assert (
        _ok(client.get(f"/api/reports/z/{z['number']}", params={"locationId": LOCATION}))["tips"]
        == 0
    )


def test_a_device_reads_only_its_own_locations_journal(client: AppClient) -> None:
    from factories import bearer, make_device

    device = make_device(client, locationId=LOCATION)
    other = str(uuid.uuid4())
    headers = bearer(device["token"])
    for url in ("/api/journal", "/api/journal/verify", "/api/reports/x", "/api/reports/z"):
        found = client.get(url, params={"locationId": other}, headers=headers)
        assert found.status_code == 403, (url, found.text)


def test_a_z_prints_on_a_receipt_printer(client: AppClient) -> None:
    steak, _wine = _menu(client)
    _sale(client, [steak], ("CASH", 22.00, 0))
    _ok(_z(client), 201)
    body = {"name": "Till", "locationId": LOCATION, "host": "10.0.0.9", "kind": "RECEIPT"}
    printer = _ok(client.post("/api/printers", json=body), 201)
    url = f"/api/reports/z/1/print?locationId={LOCATION}"
    job = _ok(client.post(url, json={"printerId": printer["id"]}), 202)
    assert (job["kind"], job["orderId"], job["printerId"]) == ("RECEIPT", None, printer["id"])
    assert job["size"] > 0
    problem(
        client.post(url.replace("/z/1/", "/z/2/"), json={"printerId": printer["id"]}),
        404,
        "not_found",
    )


def test_sales_naming_a_rate_in_any_script_chain_and_verify(client: AppClient) -> None:
    """The entry's content is hashed as UTF-8 wherever the hash is taken (on PostgreSQL, by the
    database for a lone entry after the location's first)."""
    _location(client)
    rate = make_tax_rate(client, name="TVA réduite 5 % · 増値税", rate=0.05)
    soup = make_product(client, name="Soupe à l'oignon", price=10, taxRateId=rate["id"])
    for _ in range(3):
        _sale(client, [soup], ("CARD", 10.5, 0))
    sales = _journal(client)
    assert [e["kind"] for e in sales] == ["SALE"] * 3
    assert all(e["content"]["taxes"][0]["name"] == rate["name"] for e in sales)
    assert _verify(client) == {"ok": True, "entries": 3, "firstBrokenSequence": None}
