"""Request size limits answer 413 problems and change nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from factories import AppClient

pytestmark = pytest.mark.once("the server's HTTP handling, the same whatever the database")


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


PUBLIC_WRITES = (
    "/api/auth/sign-in",
    "/api/setup",
    "/api/pairing-codes",
    "/api/pairing-codes/claim",
)


def _unknown_keys(count: int) -> bytes:
    """As the probe sent them: 60,000 are about 650 KB."""
    return json.dumps({f"k{n}": 0 for n in range(count)}, separators=(",", ":")).encode()


def test_a_422_lists_the_first_20_refused_inputs_and_counts_the_rest(client: AppClient) -> None:
    """The probe's 60,000 unknown keys had answered 3.7 MB: every refusal, listed."""
    response = client.post(
        "/api/products",
        content=_unknown_keys(60_000),
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    assert problem["code"] == "validation_failed"
    assert len(problem["errors"]) == 20
    # The 60,000 unknown keys, and the name and price left out.
    assert problem["moreErrors"] == 60_002 - 20
    assert len(response.content) < 4096
    assert client.get("/api/products").json()["total"] == 0


def test_a_422_with_few_refusals_lists_them_all(client: AppClient) -> None:
    response = client.post("/api/products", json={"price": -1})
    assert response.status_code == 422
    assert {error["field"] for error in response.json()["errors"]} == {"name", "price"}
    assert "moreErrors" not in response.json()


def test_an_unknown_key_of_any_length_is_named_briefly(client: AppClient) -> None:
    response = client.post("/api/products", json={"k" * 100_000: 1, "name": "Tea", "price": 1})
    assert response.status_code == 422
    [error] = response.json()["errors"]
    assert error["field"].startswith("kkk")
    assert len(error["field"]) == 200
    assert len(response.content) < 2048


@pytest.mark.parametrize("path", PUBLIC_WRITES)
def test_public_routes_refuse_a_large_body_before_reading_it(client: AppClient, path: str) -> None:
    """650 KB of unknown keys to a route anyone may call cost 0.8-1.7 s of CPU each."""
    body = _unknown_keys(60_000)
    declared = client.post(
        path, content=body, headers={"content-type": "application/json", "Authorization": ""}
    )

    def chunks() -> Iterator[bytes]:
        yield body[: len(body) // 2]
        yield body[len(body) // 2 :]

    streamed = client.post(
        path, content=chunks(), headers={"content-type": "application/json", "Authorization": ""}
    )
    for response in (declared, streamed):
        assert response.status_code == 413
        assert response.headers["content-type"].startswith("application/problem+json")
        assert response.json()["code"] == "payload_too_large"
        assert "16384" in response.json()["detail"]
        assert len(response.content) < 1024


@pytest.mark.parametrize("path", PUBLIC_WRITES)
def test_public_routes_answer_a_small_problem_to_many_unknown_keys(
    client: AppClient, path: str
) -> None:
    body = _unknown_keys(1_000)
    assert len(body) < 16 * 1024
    response = client.post(
        path, content=body, headers={"content-type": "application/json", "Authorization": ""}
    )
    assert response.status_code == 422
    problem = response.json()
    assert problem["code"] == "validation_failed"
    assert len(problem["errors"]) == 20
    assert problem["moreErrors"] >= 1_000 - 20
    assert len(response.content) < 4096
