"""Request size limits answer 413 problems and change nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator

from factories import AppClient


def test_body_over_one_mebibyte_is_413(client: AppClient) -> None:
    body = json.dumps({"name": "x" * (1024 * 1024), "price": 1}).encode()
    response = client.post(
        "/api/products", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == 413
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["code"] == "payload_too_large"
    assert client.get("/api/products").json()["total"] == 0


def test_streamed_body_over_the_limit_is_413(client: AppClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"name": "'
        for _ in range(300):
            yield b"x" * 4096
        yield b'", "price": 1}'

    response = client.post(
        "/api/products", content=chunks(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413
    assert response.json()["code"] == "payload_too_large"
    assert client.get("/api/products").json()["total"] == 0


def test_body_under_the_limit_still_gets_validated(client: AppClient) -> None:
    response = client.post("/api/products", json={"name": "x" * 5000, "price": 1})
    assert response.status_code == 422
