"""A location's `language` (docs/design.md §26): English by default, set with its profile by
whoever sets the profile, never by a credential of another location."""

from __future__ import annotations

from typing import Any

from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    make_device,
    make_staff_token,
)

PROFILE = {"name": "Berlin", "timezone": "Europe/Berlin", "currency": "EUR"}


def _set(client: AppClient, location: str, headers: Any = None, **fields: Any) -> Any:
    return client.put(f"/api/locations/{location}", json=PROFILE | fields, headers=headers)


def test_a_location_speaks_english_until_told_otherwise(client: AppClient) -> None:
    assert client.get(f"/api/locations/{LOCATION}").json()["language"] == "en"
    assert _set(client, LOCATION).json()["language"] == "en"


def test_an_admin_sets_the_locations_language_and_every_read_answers_it(
    client: AppClient,
) -> None:
    set_ = _set(client, LOCATION, language="de")
    assert set_.status_code == 200, set_.text
    assert set_.json()["language"] == "de"
    assert client.get(f"/api/locations/{LOCATION}").json()["language"] == "de"
    listed = client.get("/api/locations").json()["data"]
    assert {location["id"]: location["language"] for location in listed}[LOCATION] == "de"
    # A terminal's sign-in screen reads it with its staff directory, before anyone signs in.
    terminal = bearer(make_device(client)["token"])
    assert client.get("/api/staff/directory", headers=terminal).json()["language"] == "de"


def test_a_language_brigade_does_not_speak_is_refused(client: AppClient) -> None:
    refused = _set(client, LOCATION, language="nl")
    assert refused.status_code == 422
    assert refused.headers["content-type"] == "application/problem+json"
    assert refused.json()["code"] == "validation_failed"


def test_a_credential_of_another_location_never_sets_this_ones_language(
    client: AppClient,
) -> None:
    _set(client, LOCATION, language="fr")
    elsewhere = make_staff_token(client, "ADMIN", location_id=OTHER_LOCATION)
    refused = _set(client, LOCATION, bearer(elsewhere), language="ar")
    assert refused.status_code == 403
    assert refused.json()["code"] == "other_location"
    terminal = make_device(client, locationId=OTHER_LOCATION)["token"]
    assert _set(client, LOCATION, bearer(terminal), language="ar").status_code == 403
    assert client.get(f"/api/locations/{LOCATION}").json()["language"] == "fr"


def test_below_admin_the_language_is_not_theirs_to_set(client: AppClient) -> None:
    manager = make_staff_token(client, "MANAGER")
    assert _set(client, LOCATION, bearer(manager), language="it").status_code == 403
