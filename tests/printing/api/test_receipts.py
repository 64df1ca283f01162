"""Receipts: 42 columns of text, a printable page, ESC/POS bytes, and printing one through the
outbox on a RECEIPT printer (docs/design.md §12)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from brigade.printing.service import PrintOutbox
from factories import (
    LOCATION,
    AppClient,
    bearer,
    make_modifier,
    make_modifier_group,
    make_order,
    make_product,
    make_staff_token,
)
from printers import FakePrinter, printed_text

AD_HOC = "0196a1b2-0000-7000-8000-0000000000aa"


@pytest.fixture
def paid_order(client: AppClient) -> dict[str, Any]:
    """At "Chez <Ann> & Bob" in Paris: a long-named steak with a sauce, fries, a discount, a
    card payment with a tip and a cash one; 0.00 left to pay."""
    profile = {"name": "Chez <Ann> & Bob", "timezone": "Europe/Paris", "currency": "EUR"}
    assert client.put(f"/api/locations/{LOCATION}", json=profile).status_code == 200
    table = client.post("/api/tables", json={"locationId": LOCATION, "name": "Terrace 4"}).json()
    order = make_order(client, tableId=table["id"])
    url = f"/api/orders/{order['id']}"
    pepper = make_modifier(client, name="Pepper sauce", price=2)
    group = make_modifier_group(client, [pepper], name="Sauces")
    steak = make_product(
        client,
        name="Dry-aged ribeye steak with bone marrow butter and charred leeks",
        price=38,
        modifierGroupIds=[group["id"]],
    )
    modifiers = [
        {"modifierOptionId": pepper["id"]},
        {"modifierOptionId": AD_HOC, "name": "No salt", "price": 0},
    ]
    body = {"productId": steak["id"], "quantity": 1, "modifiers": modifiers}
    assert client.post(f"{url}/items", json=body).status_code == 201
    fries = make_product(client, name="Fries", price=4.5)
    body = {"productId": fries["id"], "quantity": 2}
    assert client.post(f"{url}/items", json=body).status_code == 201
    assert client.post(f"{url}/discount", json={"discountAmount": 5}).status_code == 200
    total = client.get(url).json()["total"]
    card = {"amount": 30, "paymentMethod": "CARD", "cardLastFour": "4242", "tipAmount": 6}
    assert client.post(f"{url}/payments", json=card).status_code == 201
    cash = {"amount": round(total - 30, 2), "paymentMethod": "CASH"}
    assert client.post(f"{url}/payments", json=cash).status_code == 201
    paid: dict[str, Any] = client.get(url).json()
    return paid


def test_the_text_receipt_fits_42_columns_and_has_every_total(
    client: AppClient, paid_order: dict[str, Any]
) -> None:
    response = client.get(f"/api/orders/{paid_order['id']}/receipt")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/plain; charset=utf-8"
    lines = response.text.splitlines()
    assert max(len(line) for line in lines) <= 42
    text = response.text
    assert "Chez <Ann> & Bob" in text
    assert paid_order["orderNumber"] in text
    assert "Table Terrace 4 (DINE IN)" in text
    assert "Europe/Paris" in text
    assert "1 x Dry-aged ribeye" in text
    assert "+ Pepper sauce (+€2.00)" in text
    assert "+ No salt" in text
    assert "2 x Fries" in text
    priced = [line.rsplit(" ", 1) for line in lines if " " in line.strip()]
    amounts = {label.strip(): value for label, value in priced}
    # Babel's English money (docs/design.md §26).
    assert amounts["Subtotal"] == f"€{paid_order['subtotal']:,.2f}"
    assert amounts["Discount"] == "-€5.00"
    assert amounts["Tax"] == f"€{paid_order['taxAmount']:.2f}"
    assert amounts["TOTAL EUR"] == f"€{paid_order['total']:.2f}"
    assert amounts["CARD ****4242"] == "€30.00"
    assert amounts["Tip"] == "€6.00"
    assert amounts["CASH"] == f"€{paid_order['total'] - 30:.2f}"
    assert amounts["Balance"] == "€0.00"


def test_the_html_receipt_is_a_page_with_every_name_escaped(
    client: AppClient, paid_order: dict[str, Any]
) -> None:
    response = client.get(f"/api/orders/{paid_order['id']}/receipt", params={"format": "html"})
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    page = response.text
    assert page.startswith("<!doctype html>")
    assert "</html>" in page
    assert "Chez &lt;Ann&gt; &amp; Bob" in page
    assert "<Ann>" not in page
    assert "<script" not in page
    assert "http" not in page


def test_the_escpos_receipt_initialises_prints_the_text_and_cuts(
    client: AppClient, paid_order: dict[str, Any]
) -> None:
    url = f"/api/orders/{paid_order['id']}/receipt"
    response = client.get(url, params={"format": "escpos"})
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/octet-stream"
    assert response.content.startswith(b"\x1b@")
    assert response.content.endswith(b"\x1dVB\x03")
    assert printed_text(response.content).splitlines() == client.get(url).text.splitlines()


def test_a_receipt_prints_on_a_receipt_printer_through_the_outbox(
    client: AppClient, paid_order: dict[str, Any]
) -> None:
    with FakePrinter() as fake:
        fake.switch_on()
        body = {"name": "Till", "locationId": LOCATION, "host": "127.0.0.1", "port": fake.port}
        till = client.post("/api/printers", json=body | {"kind": "RECEIPT"}).json()
        url = f"/api/orders/{paid_order['id']}/receipt/print"
        queued = client.post(url, json={"printerId": till["id"]})
        assert queued.status_code == 202, queued.text
        assert (queued.json()["kind"], queued.json()["status"]) == ("RECEIPT", "PENDING")
        outbox = PrintOutbox(
            client.app.state.database, poll_seconds=1, resolver=client.app.state.resolver
        )
        assert client.portal.call(outbox.print_due)
        (printed,) = fake.wait_for(1)
        assert "CARD ****4242" in printed
        assert "Chez <Ann> & Bob" in printed


def test_printing_needs_a_receipt_printer_and_an_order(
    client: AppClient, paid_order: dict[str, Any]
) -> None:
    body = {"name": "Line", "locationId": LOCATION, "host": "127.0.0.1", "kind": "KITCHEN"}
    kitchen = client.post("/api/printers", json=body).json()
    url = f"/api/orders/{paid_order['id']}/receipt/print"
    for printer_id in (kitchen["id"], str(uuid.uuid4())):
        refused = client.post(url, json={"printerId": printer_id})
        assert refused.status_code == 422
        assert refused.json()["errors"][0]["field"] == "printerId"
    missing = f"/api/orders/{uuid.uuid4()}/receipt"
    assert client.get(missing).status_code == 404
    assert client.post(f"{missing}/print", json={"printerId": kitchen["id"]}).status_code == 404
    assert client.get(f"/api/orders/{paid_order['id']}/receipt?format=pdf").status_code == 422


def test_the_kitchen_reads_no_receipt(client: AppClient, paid_order: dict[str, Any]) -> None:
    url = f"/api/orders/{paid_order['id']}/receipt"
    assert client.get(url, headers=bearer(make_staff_token(client, "KITCHEN"))).status_code == 403
    assert client.get(url, headers=bearer(make_staff_token(client, "SERVER"))).status_code == 200


def test_a_german_locations_receipt_is_in_german_with_the_menus_german_names(
    client: AppClient,
) -> None:
    profile = {"name": "Zum Löwen", "timezone": "Europe/Berlin", "currency": "EUR"}
    german = profile | {"language": "de"}
    assert client.put(f"/api/locations/{LOCATION}", json=german).status_code == 200
    soup = make_product(
        client, name="Soup of the day", price=4.5, translations={"de": {"name": "Tagessuppe"}}
    )
    bread = make_modifier(client, name="Bread", price=0, translations={"de": {"name": "Brot"}})
    group = make_modifier_group(client, [bread], name="Sides")
    tea = make_product(client, name="Tea", price=2.5, modifierGroupIds=[group["id"]])
    order = make_order(client)
    for product, modifiers in ((soup, []), (tea, [{"modifierOptionId": bread["id"]}])):
        body = {"productId": product["id"], "quantity": 1, "modifiers": modifiers}
        assert client.post(f"/api/orders/{order['id']}/items", json=body).status_code == 201
    text = client.get(f"/api/orders/{order['id']}/receipt").text.replace("\xa0", " ")
    assert "Bestellung Nr." in text
    assert "Zwischensumme" in text
    assert "GESAMT EUR" in text
    assert "1 x Tagessuppe" in text
    assert "4,50 €" in text
    assert "1 x Tea" in text  # no German name: the base one
    assert "+ Brot" in text
    assert "Soup of the day" not in text
    page = client.get(f"/api/orders/{order['id']}/receipt", params={"format": "html"}).text
    assert '<html lang="de" dir="ltr">' in page
    escpos = client.get(f"/api/orders/{order['id']}/receipt", params={"format": "escpos"})
    assert "4,50\xa0€".encode("cp858") in escpos.content
    # Back to English: the same order's receipt follows the location.
    assert client.put(f"/api/locations/{LOCATION}", json=profile).status_code == 200
    english = client.get(f"/api/orders/{order['id']}/receipt").text
    assert "Subtotal" in english
    assert "Soup of the day" in english


def test_an_arabic_locations_paper_is_in_english_and_its_page_in_arabic(
    client: AppClient,
) -> None:
    """A receipt printer's code table writes no Arabic: its paper prints in English (the menu's
    base names) rather than a line of "?"; the text and the page are in Arabic."""
    arabic = {"name": "Al Bahr", "timezone": "Asia/Dubai", "currency": "AED", "language": "ar"}
    assert client.put(f"/api/locations/{LOCATION}", json=arabic).status_code == 200
    soup = make_product(
        client, name="Soup of the day", price=4.5, translations={"ar": {"name": "شوربة اليوم"}}
    )
    order = make_order(client)
    body = {"productId": soup["id"], "quantity": 1}
    assert client.post(f"/api/orders/{order['id']}/items", json=body).status_code == 201
    url = f"/api/orders/{order['id']}/receipt"
    assert "شوربة اليوم" in client.get(url).text
    assert '<html lang="ar" dir="rtl">' in client.get(url, params={"format": "html"}).text
    paper = client.get(url, params={"format": "escpos"}).content
    assert b"Subtotal" in paper
    assert b"Soup of the day" in paper
    assert b"?" not in paper
    printer = {"name": "Till", "locationId": LOCATION, "host": "127.0.0.1", "kind": "RECEIPT"}
    till = client.post("/api/printers", json=printer).json()
    job = client.post(f"{url}/print", json={"printerId": till["id"]})
    assert job.status_code == 202, job.text
    jobs = client.get(f"/api/printers/{till['id']}/jobs").json()["data"]
    assert [j["id"] for j in jobs] == [job.json()["id"]]
