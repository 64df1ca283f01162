"""Money the world uses, on orders (docs/design.md §15): VAT-inclusive prices, named tax rates
with a takeaway rate, service charges, cash rounding, the currency on every answer."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from factories import (
    LOCATION,
    AppClient,
    approved_session,
    bearer,
    make_order,
    make_product,
    make_service_charge,
    make_staff_token,
    make_tax_rate,
)
from orders.api.order_helpers import add_item, order_detail, pay, problem

PROFILE = {"name": "Zurich", "timezone": "Europe/Zurich", "currency": "CHF"}


def _location(client: AppClient, **settings: Any) -> None:
    response = client.put(f"/api/locations/{LOCATION}", json=PROFILE | settings)
    assert response.status_code == 200, response.text


def _vat_menu(client: AppClient) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """An INCLUSIVE location: a 20 % rate (takeaway at 10 %), a 10 % rate, a product at each."""
    _location(client, taxMode="INCLUSIVE")
    standard = make_tax_rate(client, name="Standard", rate=0.2, takeoutRate=0.1)
    reduced = make_tax_rate(client, name="Reduced", rate=0.1)
    steak = make_product(client, name="Steak", price=12, taxRateId=standard["id"])
    water = make_product(client, name="Water", price=5.5, taxRateId=reduced["id"])
    return standard, steak, water


def _taxes(detail: dict[str, Any]) -> list[tuple[str, float, float, float]]:
    return [(t["name"], t["rate"], t["netAmount"], t["taxAmount"]) for t in detail["taxes"]]


def test_an_inclusive_order_carries_its_vat_per_rate_inside_its_prices(
    client: AppClient,
) -> None:
    _standard, steak, water = _vat_menu(client)
    order = make_order(client)
    item = add_item(client, order, steak)
    assert (item["taxRate"], item["taxAmount"]) == (0.2, 2)
    add_item(client, order, water)
    detail = order_detail(client, order)
    assert (detail["currency"], detail["taxMode"]) == ("CHF", "INCLUSIVE")
    # 12.00 at 20 %: tax 2.00, net 10.00; 5.50 at 10 %: tax 0.50, net 5.00. The total is the
    # prices as they are: tax is inside them.
    assert _taxes(detail) == [("Standard", 0.2, 10, 2), ("Reduced", 0.1, 5, 0.5)]
    assert (detail["subtotal"], detail["taxAmount"], detail["total"]) == (17.5, 2.5, 17.5)
    assert [i["taxAmount"] for i in detail["items"]] == [2, 0.5]
    assert detail["taxes"][0]["grossAmount"] == 12
    assert (detail["balanceDue"], detail["cashBalanceDue"]) == (17.5, 17.5)


def test_a_takeaway_order_taxes_the_same_product_at_its_takeaway_rate(
    client: AppClient,
) -> None:
    standard, steak, _water = _vat_menu(client)
    order = make_order(client, orderType="TAKEOUT", tableId=None)
    item = add_item(client, order, steak)
    # 12.00 with 10 % inside: 12 x 0.1 / 1.1 = 1.0909 → 1.09.
    assert (item["taxRateId"], item["taxRate"], item["taxAmount"]) == (standard["id"], 0.1, 1.09)
    detail = order_detail(client, order)
    assert _taxes(detail) == [("Standard", 0.1, 10.91, 1.09)]
    assert detail["total"] == 12


def test_a_party_of_six_gets_the_automatic_service_charge_taxed_at_its_rate(
    client: AppClient,
) -> None:
    standard, steak, _water = _vat_menu(client)
    charge = make_service_charge(
        client, name="Service 12.5%", rate=0.125, taxRateId=standard["id"], automatic=True,
        minGuests=6,
    )  # fmt: skip
    party = make_order(client, guestCount=6)
    add_item(client, party, steak, 6)
    detail = order_detail(client, party)
    # 72.00 of steaks, 12.5 % of it = 9.00 of service, both with 20 % inside: 81 x 0.2 / 1.2.
    assert detail["serviceCharges"] == [
        {
            "serviceChargeId": charge["id"],
            "name": "Service 12.5%",
            "rate": 0.125,
            "amount": 9,
            "taxRateId": standard["id"],
            "taxAmount": 1.5,
            "automatic": True,
        }
    ]
    assert (detail["serviceChargeTotal"], detail["total"], detail["taxAmount"]) == (9, 81, 13.5)
    assert _taxes(detail) == [("Standard", 0.2, 67.5, 13.5)]
    assert detail["items"][0]["taxAmount"] == 12
    # A table of four does not meet it.
    four = make_order(client, guestCount=4)
    add_item(client, four, steak, 4)
    detail = order_detail(client, four)
    assert (detail["serviceCharges"], detail["total"]) == ([], 48)


def test_an_automatic_charge_comes_off_only_by_a_manager_and_is_audited(
    client: AppClient,
) -> None:
    _standard, steak, _water = _vat_menu(client)
    charge = make_service_charge(client, rate=0.1, automatic=True, minGuests=6)
    party = make_order(client, guestCount=8)
    add_item(client, party, steak, 2)
    url = f"/api/orders/{party['id']}/service-charges/{charge['id']}"
    server = bearer(make_staff_token(client, "SERVER"))
    problem(client.delete(url, headers=server), 403, "forbidden")
    assert order_detail(client, party)["serviceChargeTotal"] == 2.4
    manager = bearer(make_staff_token(client, "MANAGER"))
    waived = client.delete(url, headers=manager)
    assert waived.status_code == 200, waived.text
    assert (waived.json()["serviceCharges"], waived.json()["total"]) == ([], 24)
    audit = client.get("/api/audit", params={"action": "order.service_charge_waived"}).json()
    assert audit["data"][0]["entityId"] == party["id"]
    problem(client.delete(url, headers=manager), 404, "not_found")
    # Put back by a server, it applies again (no longer as the automatic one).
    back = client.post(
        f"/api/orders/{party['id']}/service-charges",
        json={"serviceChargeId": charge["id"]},
        headers=server,
    )
    assert back.status_code == 200, back.text
    assert back.json()["serviceCharges"][0]["automatic"] is False
    assert back.json()["total"] == 26.4


def test_a_managers_approval_waives_the_automatic_charge_on_that_order_only(
    client: AppClient,
) -> None:
    _standard, steak, _water = _vat_menu(client)
    charge = make_service_charge(client, rate=0.1, automatic=True, minGuests=6)
    party, other = make_order(client, guestCount=6), make_order(client, guestCount=6)
    for order in (party, other):
        add_item(client, order, steak)
    url = f"/api/orders/{party['id']}/service-charges/{charge['id']}"
    with_it, server, manager = approved_session(client, "order.service_charge_waive", url)
    elsewhere = f"/api/orders/{other['id']}/service-charges/{charge['id']}"
    problem(client.delete(elsewhere, headers=with_it), 403, "approval_invalid")
    waived = client.delete(url, headers=with_it)
    assert (waived.status_code, waived.json()["serviceChargeTotal"]) == (200, 0)
    audit = client.get("/api/audit", params={"action": "order.service_charge_waived"}).json()
    assert (audit["data"][0]["staffName"], audit["data"][0]["approvedByName"]) == (
        server["name"],
        manager["name"],
    )


def test_a_server_adds_and_removes_a_charge_of_an_amount(client: AppClient) -> None:
    _location(client)
    charge = make_service_charge(client, name="Corkage", rate=None, amount=15)
    order = make_order(client)
    add_item(client, order, make_product(client, price=40, taxRate=0.1))
    url = f"/api/orders/{order['id']}/service-charges"
    added = client.post(url, json={"serviceChargeId": charge["id"]})
    assert added.status_code == 200, added.text
    # Untaxed, on top of 40.00 + 4.00 of tax; never a tip.
    assert (added.json()["serviceChargeTotal"], added.json()["total"]) == (15, 59)
    assert added.json()["tipTotal"] == 0
    problem(
        client.post(url, json={"serviceChargeId": charge["id"]}),
        409,
        "service_charge_already_applied",
    )
    removed = client.delete(f"{url}/{charge['id']}")
    assert (removed.status_code, removed.json()["total"]) == (200, 44)
    other = make_service_charge(client, locationId="0196a1b2-0000-7000-8000-0000000000f1")
    problem(client.post(url, json={"serviceChargeId": other["id"]}), 404, "not_found")


def _chf_order_of(client: AppClient, amount: float) -> dict[str, Any]:
    order = make_order(client)
    add_item(client, order, make_product(client, price=amount))
    return order


def test_cash_settles_149_97_with_149_95_and_a_card_pays_it_exactly(client: AppClient) -> None:
    _location(client, cashRounding=0.05)
    order = _chf_order_of(client, 149.97)
    detail = order_detail(client, order)
    assert (detail["balanceDue"], detail["cashBalanceDue"]) == (149.97, 149.95)
    paid = pay(client, order, 149.95, paymentMethod="CASH")
    assert paid.status_code == 201, paid.text
    assert (paid.json()["roundingAdjustment"], paid.json()["currency"]) == (-0.02, "CHF")
    detail = order_detail(client, order)
    assert (detail["roundingAdjustment"], detail["balanceDue"], detail["paidAmount"]) == (
        -0.02,
        0,
        149.95,
    )
    assert client.post(f"/api/orders/{order['id']}/complete").status_code == 200

    by_card = _chf_order_of(client, 149.97)
    problem(pay(client, by_card, 150), 409, "overpayment")
    assert pay(client, by_card, 149.97).json()["roundingAdjustment"] == 0
    assert order_detail(client, by_card)["balanceDue"] == 0
    # 149.98 rounds up: cash pays 150.00, the order's balance is 0 all the same.
    up = _chf_order_of(client, 149.98)
    assert pay(client, up, 150, paymentMethod="CASH").json()["roundingAdjustment"] == 0.02
    assert order_detail(client, up)["balanceDue"] == 0
    # A card paying the rounded amount pays part of the balance: it settles nothing.
    card = _chf_order_of(client, 149.97)
    assert pay(client, card, 149.95).json()["roundingAdjustment"] == 0
    assert order_detail(client, card)["balanceDue"] == 0.02


def test_cash_settles_a_balance_the_step_rounds_away_with_nothing_handed_over(
    client: AppClient,
) -> None:
    """The probe: at a 0.05 step a balance of 0.01-0.02 could not be settled in cash (it
    rounds to 0.00, and a payment had to be above 0)."""
    _location(client, cashRounding=0.05)
    order = _chf_order_of(client, 149.97)
    assert pay(client, order, 149.95).status_code == 201
    detail = order_detail(client, order)
    assert (detail["balanceDue"], detail["cashBalanceDue"]) == (0.02, 0)
    problem(pay(client, order, 0), 409, "overpayment")  # a card pays something
    settled = pay(client, order, 0, paymentMethod="CASH")
    assert settled.status_code == 201, settled.text
    assert settled.json()["roundingAdjustment"] == -0.02
    assert order_detail(client, order)["balanceDue"] == 0
    # Nothing due, or cash due: 0.00 settles nothing.
    problem(pay(client, order, 0, paymentMethod="CASH"), 409, "overpayment")
    assert client.post(f"/api/orders/{order['id']}/complete").status_code == 200
    due = _chf_order_of(client, 4.97)
    problem(pay(client, due, 0, paymentMethod="CASH"), 409, "overpayment")


def test_the_report_adds_the_orders_taxes_by_rate(client: AppClient) -> None:
    standard, steak, water = _vat_menu(client)
    make_service_charge(
        client, name="Service", rate=0.1, taxRateId=standard["id"], automatic=True, minGuests=2
    )
    details = []
    for guests, lines in ((2, ((steak, 3), (water, 1))), (1, ((water, 3),)), (4, ((steak, 1),))):
        order = make_order(client, guestCount=guests)
        for product, quantity in lines:
            add_item(client, order, product, quantity)
        total = order_detail(client, order)["total"]
        assert pay(client, order, total).status_code == 201
        assert client.post(f"/api/orders/{order['id']}/complete").status_code == 200
        details.append(order_detail(client, order))
    today = datetime.now(ZoneInfo("Europe/Zurich")).date()
    days = {"from": str(today - timedelta(days=1)), "to": str(today + timedelta(days=1))}
    report = client.get("/api/reports/sales", params={"locationId": LOCATION} | days).json()
    expected: dict[str, list[float]] = {}
    for detail in details:
        for rate in detail["taxes"]:
            sums = expected.setdefault(rate["name"], [0, 0])
            sums[0] = round(sums[0] + rate["netAmount"], 2)
            sums[1] = round(sums[1] + rate["taxAmount"], 2)
    assert {t["name"]: [t["netAmount"], t["taxAmount"]] for t in report["taxes"]} == expected
    assert round(sum(t["taxAmount"] for t in report["taxes"]), 2) == report["tax"]
    charged = round(sum(d["serviceChargeTotal"] for d in details), 2)
    assert [(c["name"], c["count"], c["amount"]) for c in report["serviceCharges"]] == [
        ("Service", 2, charged)
    ]
    assert (report["currency"], report["rounding"]) == ("CHF", 0)


def test_an_exclusive_order_answers_its_currency_and_one_rate_as_before(
    client: AppClient,
) -> None:
    order = make_order(client)
    add_item(client, order, make_product(client, price=10, taxRate=0.0825))
    detail = order_detail(client, order)
    assert (detail["currency"], detail["taxMode"], detail["taxAmount"], detail["total"]) == (
        "USD",
        "EXCLUSIVE",
        0.83,
        10.83,
    )
    assert detail["taxes"] == [
        {
            "taxRateId": None,
            "name": "8.25%",
            "rate": 0.0825,
            "netAmount": 10,
            "taxAmount": 0.83,
            "grossAmount": 10.83,
        }
    ]
    assert pay(client, order, 10.83, paymentMethod="CASH").json()["currency"] == "USD"
