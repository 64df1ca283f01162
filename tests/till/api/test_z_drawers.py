"""The X and the Z list the day's cash drawers and the cash no drawer took (docs/design.md
§17, §18)."""

from __future__ import annotations

from typing import Any

from factories import LOCATION, AppClient, make_device
from till.api.till_helpers import movement, ok, open_drawer, sale


def _close(client: AppClient, drawer_id: str, counted: float) -> None:
    ok(client.post(f"/api/cash-drawers/{drawer_id}/close", json={"countedAmount": counted}))


def _z(client: AppClient) -> dict[str, Any]:
    body = {"locationId": LOCATION, "force": True, "reason": "drawers still open"}
    return ok(client.post("/api/reports/z", json=body), 201)


def _drawers(report: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (d["id"], d["openingFloat"], d["expectedAmount"], d["countedAmount"], d["variance"])
        for d in report["drawers"]
    ]


def test_the_z_lists_its_drawers_with_their_variance_and_the_unassigned_cash(
    client: AppClient,
) -> None:
    counted = open_drawer(client, openingFloat=200)
    sale(client, 23.5)
    ok(movement(client, counted["id"], "PAY_OUT", 10, "ice"), 201)
    _close(client, counted["id"], 207)
    first = open_drawer(client, deviceId=make_device(client)["id"], openingFloat=50)
    second = open_drawer(client, deviceId=make_device(client)["id"], openingFloat=80)
    sale(client, 30)  # two drawers open and no device: it posts to neither

    x = ok(client.get("/api/reports/x", params={"locationId": LOCATION}))
    z = _z(client)
    expected = [
        (counted["id"], 200.0, 213.5, 207.0, -6.5),
        (first["id"], 50.0, 50.0, None, None),
        (second["id"], 80.0, 80.0, None, None),
    ]
    assert _drawers(x) == _drawers(z) == expected
    assert x["unassignedCash"] == z["unassignedCash"] == 30.0
    assert ok(client.get(f"/api/reports/z/{z['number']}", params={"locationId": LOCATION})) == z

    _close(client, first["id"], 50)
    then = _z(client)
    assert _drawers(then) == [
        (first["id"], 50.0, 50.0, 50.0, 0.0),
        (second["id"], 80.0, 80.0, None, None),
    ]
    assert then["unassignedCash"] == 0.0
    # The first Z answers as it closed, whatever the drawers did after.
    assert ok(client.get(f"/api/reports/z/{z['number']}", params={"locationId": LOCATION})) == z
