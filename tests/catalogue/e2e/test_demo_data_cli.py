"""`brigade demo-data` as a subprocess on an empty SQLite file: it migrates first and loads the
menu into a demo location it sets up, which the API then answers with a name (docs/design.md
§22)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from fastapi.testclient import TestClient

from brigade.app import create_app
from brigade.demo import DEMO_LOCATION, DEMO_LOCATION_NAME
from brigade.settings import Settings
from factories import ADMIN_TOKEN, bearer


def test_demo_data_on_an_empty_database_loads_into_a_location_it_sets_up(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    environment = os.environ | {"BRIGADE_DATABASE_URL": url}
    ran = subprocess.run(
        [sys.executable, "-m", "brigade", "demo-data"],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    assert f"Loaded the demo menu at location {DEMO_LOCATION}" in ran.stdout
    app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
    with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
        location = client.get(f"/api/locations/{DEMO_LOCATION}").json()
        products = client.get("/api/products", params={"locationId": str(DEMO_LOCATION)}).json()
    assert location["name"] == DEMO_LOCATION_NAME
    assert products["total"] == 40
