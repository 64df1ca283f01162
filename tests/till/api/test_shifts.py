"""Shifts (docs/design.md §17): clocking in and out, once each; the manager's list by window."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from factories import (
    ADMIN,
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    make_device,
    make_session,
    make_staff_token,
)
from orders.api.order_helpers import problem
from till.api.till_helpers import ok


def test_a_pin_session_clocks_in_at_its_location_once_then_out(client: AppClient) -> None:
    session = bearer(make_session(client, "SERVER"))
    problem(client.get("/api/shifts/current", headers=session), 404, "not_found")
    shift = ok(client.post("/api/shifts/clock-in", headers=session))
    assert (shift["locationId"], shift["clockedOutAt"]) == (LOCATION, None)
    assert shift["staffName"].startswith("Server")
    problem(client.post("/api/shifts/clock-in", headers=session), 409, "already_clocked_in")
    assert ok(client.get("/api/shifts/current", headers=session))["id"] == shift["id"]

    ended = ok(client.post("/api/shifts/clock-out", headers=session))
    assert ended["id"] == shift["id"]
    assert ended["clockedOutAt"] >= ended["clockedInAt"]
    assert 0 <= ended["hours"] < 0.01
    problem(client.post("/api/shifts/clock-out", headers=session), 409, "not_clocked_in")
    again = ok(client.post("/api/shifts/clock-in", headers=session))
    assert again["id"] != shift["id"]


def test_a_staff_token_names_its_location_and_no_one_is_no_one(client: AppClient) -> None:
    cook = bearer(make_staff_token(client, "KITCHEN"))
    missing = client.post("/api/shifts/clock-in", json={}, headers=cook)
    assert problem(missing, 422, "validation_failed")["errors"][0]["field"] == "locationId"
    shift = ok(
        client.post("/api/shifts/clock-in", json={"locationId": OTHER_LOCATION}, headers=cook)
    )
    assert shift["locationId"] == OTHER_LOCATION

    display = bearer(make_device(client, "KITCHEN_DISPLAY")["token"])
    problem(client.post("/api/shifts/clock-in", headers=display), 403, "forbidden")
    problem(
        client.post("/api/shifts/clock-in", json={"locationId": LOCATION}, headers=ADMIN),
        403,
        "forbidden",
    )
    terminal = bearer(make_device(client)["token"])
    problem(client.post("/api/shifts/clock-in", headers=terminal), 403, "forbidden")
    session = bearer(make_session(client, "SERVER"))
    elsewhere = client.post(
        "/api/shifts/clock-in", json={"locationId": OTHER_LOCATION}, headers=session
    )
    problem(elsewhere, 403, "other_location")


def test_the_manager_lists_shifts_by_location_and_window(client: AppClient) -> None:
    here = bearer(make_session(client, "SERVER"))
    there = bearer(make_staff_token(client, "SERVER"))
    ours = ok(client.post("/api/shifts/clock-in", headers=here))
    ok(client.post("/api/shifts/clock-out", headers=here))
    ok(client.post("/api/shifts/clock-in", json={"locationId": OTHER_LOCATION}, headers=there))

    server = bearer(make_staff_token(client, "SERVER"))
    problem(client.get("/api/shifts", headers=server), 403, "forbidden")

    now = datetime.now(UTC)
    window = {
        "from": (now - timedelta(hours=1)).isoformat(),
        "to": (now + timedelta(hours=1)).isoformat(),
    }
    listed = ok(client.get("/api/shifts", params={"locationId": LOCATION} | window))
    assert [shift["id"] for shift in listed["data"]] == [ours["id"]]
    assert (listed["total"], listed["page"], listed["limit"]) == (1, 1, 20)
    assert ok(client.get("/api/shifts", params=window))["total"] == 2

    earlier = {
        "from": (now - timedelta(days=2)).isoformat(),
        "to": (now - timedelta(days=1)).isoformat(),
    }
    assert ok(client.get("/api/shifts", params=earlier))["data"] == []
    later = {"from": (now + timedelta(minutes=30)).isoformat()}
    # The open shift overlaps any later window; the one clocked out does not.
    assert ok(client.get("/api/shifts", params=later))["total"] == 1
