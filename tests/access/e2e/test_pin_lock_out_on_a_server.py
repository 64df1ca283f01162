"""PIN sign-in on a real server with two workers: the wrong-PIN count lives in the database,
so the lock-out holds whichever worker each attempt reaches."""

from __future__ import annotations

import httpx
import pytest

from factories import ADMIN_TOKEN, LOCATION, bearer

pytestmark = pytest.mark.e2e


def test_the_pin_lock_out_holds_across_workers(server: str) -> None:
    with httpx.Client(base_url=server, headers=bearer(ADMIN_TOKEN)) as admin:
        member = admin.post("/api/staff", json={"name": "Lou", "role": "SERVER"}).json()
        assert admin.put(f"/api/staff/{member['id']}/pin", json={"pin": "4826"}).status_code == 200
        # A device is paired only at a location that was made (docs/design.md §10).
        made = {"name": "Harbour St", "timezone": "UTC", "currency": "USD"}
        assert admin.put(f"/api/locations/{LOCATION}", json=made).status_code == 200
        device = {"name": "Bar", "kind": "TERMINAL", "locationId": LOCATION}
        terminal = bearer(admin.post("/api/devices", json=device).json()["token"])

    def attempt(pin: str) -> httpx.Response:
        # A new connection each time, so the attempts spread over both workers.
        with httpx.Client(base_url=server, headers=terminal) as http:
            return http.post("/api/sessions", json={"staffId": member["id"], "pin": pin})

    assert [attempt("0000").status_code for _ in range(5)] == [401, 401, 401, 401, 429]
    for _ in range(4):
        locked = attempt("4826")
        assert locked.status_code == 429
        assert 0 < int(locked.headers["retry-after"]) <= 300
