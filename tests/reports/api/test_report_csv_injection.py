"""CSV exports never carry a formula: the probe named products `=cmd|' /C calc'!A0`,
`@SUM(...)` and `=HYPERLINK(...)` and every report export wrote them as entered, for a
spreadsheet to run. A text cell starting with = + - @, tab or CR gets a leading ', while
numbers (money, quantities) stay numbers."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest

from factories import LOCATION, AppClient, make_category, make_order, make_product
from orders.api.order_helpers import add_item, pay

FORMULAS = [
    ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
    ("@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"),
    ('=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'),
    ("+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"),
    ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"),
    # A name's leading tab or CR is trimmed when it is saved: the rule for them is
    # tests/reports/unit/test_reports.py's.
    ("Fish & chips", "Fish & chips"),
]


@pytest.fixture
def sold(client: AppClient) -> None:
    for name, _ in FORMULAS:
        category = make_category(client, name=f"{name} category")
        product = make_product(client, name=name, price=2, categoryId=category["id"])
        order = make_order(client)
        add_item(client, order, product)
        pay(client, order, 2)
        assert client.post(f"/api/orders/{order['id']}/complete").status_code == 200


def _csv(client: AppClient, breakdown: str) -> list[list[str]]:
    today = datetime.now(UTC).date()  # the location's business day is within a day of it
    days = {"from": str(today - timedelta(days=1)), "to": str(today + timedelta(days=1))}
    params = {"locationId": LOCATION, "format": "csv", "breakdown": breakdown} | days
    answer = client.get("/api/reports/sales", params=params)
    assert answer.status_code == 200, answer.text
    return list(csv.reader(io.StringIO(answer.text, newline="")))


@pytest.mark.usefixtures("sold")
def test_every_text_cell_starting_like_a_formula_is_made_inert(client: AppClient) -> None:
    products = {row[1]: row for row in _csv(client, "productMix")[1:]}
    assert sorted(products) == sorted(inert for _, inert in FORMULAS)
    # Money and quantities stay numbers, even those a spreadsheet would read as signed.
    assert {(row[2], row[3]) for row in products.values()} == {("1", "2.00")}
    categories = {row[1] for row in _csv(client, "byCategory")[1:]}
    assert categories == {f"{inert} category" for _, inert in FORMULAS}
