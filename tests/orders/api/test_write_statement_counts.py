"""Each write of the rush's order (bench/rush.py) runs a pinned number of SQL statements in one
COMMIT: a change that adds a statement to one of these hot writes fails here instead of slowing
the rush unseen (bench/profile.md, "Third pass: writes")."""

from __future__ import annotations

from typing import Any

import pytest

from factories import LOCATION, AppClient, make_modifier, make_product
from orders.api.order_helpers import Recording, recording

# The statements of each step, on SQLite: its BEGIN IMMEDIATE is left out (PostgreSQL's BEGIN
# goes through the driver, where no statement event sees it). PostgreSQL runs fewer in two
# steps (FEWER_ON_POSTGRESQL): a creation draws its number and writes its row in one
# statement (orders/repository/orders.py), and a sale claims its journal sequence, writes the
# entry and moves the head in one, three on SQLite (journal/repository.py). The order at no
# location (the rush's, with a MANAGER token) and at a location (a terminal's, which reads
# the location's charges, printers and stations too).
#
# To change a number deliberately: run this test, read the statements its failure lists, put
# the new number here and say why in docs/decisions.md ("Performance and operations").
STATEMENTS = {
    # step: (no location, at a location)
    "create order": (3, 5),
    "add item with a modifier": (8, 8),
    "add item": (7, 7),
    "send": (7, 9),
    "discount": (5, 5),
    "payment": (5, 5),
    "payment that settles (auto-complete)": (9, 10),
    "complete (already completed)": (3, 3),
}
FEWER_ON_POSTGRESQL = {"create order": 1, "payment that settles (auto-complete)": 2}


def _counted(recorded: Recording) -> list[str]:
    return [s for s in recorded.statements if not s.startswith("begin")]


class _Rush:
    """The rush's order, one step at a time, each step's statements kept by its name."""

    def __init__(self, client: AppClient) -> None:
        self.client = client
        self.seen: dict[str, list[list[str]]] = {}

    def step(self, name: str, url: str, body: Any = None) -> dict[str, Any]:
        with recording(self.client) as recorded:
            response = self.client.post(url, json=body)
        assert response.is_success, response.text
        assert recorded.commits == 1, f"{name}: {recorded.commits} commits"
        self.seen.setdefault(name, []).append(_counted(recorded))
        answer: dict[str, Any] = response.json()
        return answer


def _first_sale(client: AppClient, where: dict[str, str], dish: dict[str, Any]) -> None:
    """A sale before the counted ones: a location's first entry also makes its journal head
    (on PostgreSQL a statement more, once), and the rush's sales are never a first."""
    order = client.post("/api/orders", json={"orderType": "DINE_IN"} | where).json()
    url = f"/api/orders/{order['id']}"
    added = client.post(f"{url}/items", json={"productId": dish["id"], "quantity": 1})
    assert added.is_success, added.text
    assert client.post(f"{url}/send").is_success
    due = client.get(url).json()["balanceDue"]
    paid = client.post(f"{url}/payments", json={"paymentMethod": "CARD", "amount": due})
    assert paid.is_success, paid.text
    assert client.get(url).json()["status"] == "COMPLETED"


@pytest.mark.parametrize("at_location", [False, True], ids=["no location", "at a location"])
def test_each_write_of_the_rush_runs_its_pinned_statements(
    client: AppClient, at_location: bool
) -> None:
    modifier = make_modifier(client)
    dishes = [make_product(client) for _ in range(3)]
    client.get("/api/orders")  # warm the pool: connect-time statements don't count
    where = {"locationId": LOCATION} if at_location else {}
    _first_sale(client, where, dishes[0])
    rush = _Rush(client)
    order = rush.step("create order", "/api/orders", {"orderType": "DINE_IN"} | where)
    url = f"/api/orders/{order['id']}"
    chosen = [{"modifierOptionId": modifier["id"]}]
    body = {"productId": dishes[0]["id"], "quantity": 1, "modifiers": chosen}
    rush.step("add item with a modifier", f"{url}/items", body)
    for dish in dishes[1:]:
        rush.step("add item", f"{url}/items", {"productId": dish["id"], "quantity": 1})
    rush.step("send", f"{url}/send")
    discounted = rush.step("discount", f"{url}/discount", {"discountAmount": 1})
    due = round(discounted["balanceDue"] * 100)
    card = {"paymentMethod": "CARD", "tipAmount": 1.5}
    rush.step("payment", f"{url}/payments", card | {"amount": due // 2 / 100})
    settled = rush.step(
        "payment that settles (auto-complete)",
        f"{url}/payments",
        card | {"amount": (due - due // 2) / 100},
    )
    assert settled["status"] == "COMPLETED"
    completed = rush.step("complete (already completed)", f"{url}/complete")
    assert completed["status"] == "COMPLETED"

    column = int(at_location)
    on_postgresql = client.app.state.database.dialect == "postgresql"
    pinned = {
        name: counts[column] - on_postgresql * FEWER_ON_POSTGRESQL.get(name, 0)
        for name, counts in STATEMENTS.items()
    }
    wrong = {
        name: (pinned[name], [len(s) for s in seen], seen)
        for name, seen in rush.seen.items()
        if any(len(statements) != pinned[name] for statements in seen)
    }
    assert not wrong, "statements of a step moved (pinned, then seen; how to change one: " + (
        "the comment above STATEMENTS):\n"
        + "\n".join(
            f"{name}: {pinned} -> {counts}\n  " + "\n  ".join(s[:160] for s in seen[0])
            for name, (pinned, counts, seen) in wrong.items()
        )
    )
