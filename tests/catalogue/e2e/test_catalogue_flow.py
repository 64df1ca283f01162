"""The catalogue over real HTTP against a `brigade serve` process."""

from __future__ import annotations

import httpx

from factories import ADMIN, LOCATION


def test_create_list_barcode_86_delete(server: str) -> None:
    with httpx.Client(headers=ADMIN, base_url=server, timeout=10) as http:
        category = http.post("/api/categories", json={"name": "Drinks", "locationId": LOCATION})
        assert category.status_code == 201, category.text
        created = http.post(
            "/api/products",
            json={
                "name": "Lemonade",
                "price": 3.5,
                "barcode": "5000000000017",
                "categoryId": category.json()["id"],
            },
        )
        assert created.status_code == 201, created.text
        product = created.json()
        assert created.headers["location"] == f"/api/products/{product['id']}"

        listed = http.get("/api/products", params={"categoryId": category.json()["id"]}).json()
        assert [p["id"] for p in listed["data"]] == [product["id"]]

        by_barcode = http.get("/api/products/barcode/5000000000017")
        assert by_barcode.status_code == 200
        assert by_barcode.json()["price"] == 3.5

        assert http.post(f"/api/products/{product['id']}/86").json()["is86d"] is True
        assert http.get("/api/products", params={"is86d": "true"}).json()["total"] == 1

        assert http.delete(f"/api/products/{product['id']}").json()["success"] is True
        gone = http.get(f"/api/products/{product['id']}")
        assert gone.status_code == 404
        assert gone.headers["content-type"].startswith("application/problem+json")
        assert http.get("/api/products/barcode/5000000000017").status_code == 404


def test_health_and_openapi(server: str) -> None:
    # The first /openapi.json builds the schema of every route (seconds of CPU): on a loaded CI
    # machine it once took more than httpx's default 5 s, so this waits as the other tests do.
    with httpx.Client(base_url=server, timeout=30) as http:
        assert http.get("/health").json() == {"status": "ok"}
        spec = http.get("/openapi.json").json()
        assert "/api/products/{productId}" in spec["paths"]
        assert http.get("/docs").status_code == 200
