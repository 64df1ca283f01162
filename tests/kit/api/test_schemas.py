"""The API kit: page names in the OpenAPI, and telling an absent field from a null one."""

from __future__ import annotations

import pytest

from brigade.access.routes.staff import StaffUpdate
from brigade.kit.changes import UNSET
from brigade.kit.http.schemas import given
from brigade.kit.http.types import RequestModel
from factories import AppClient

pytestmark = pytest.mark.once("the OpenAPI document, the same whatever the database")


class _Note(RequestModel):
    text: str | None = None


def test_pages_have_readable_names_in_the_openapi(client: AppClient) -> None:
    names = set(client.get("/openapi.json").json()["components"]["schemas"])
    assert {"ProductPage", "StaffPage", "TokenPage", "AuditPage"} <= names
    assert not [name for name in names if name.startswith("Page")]


def test_an_absent_field_is_unset_and_a_null_one_is_none() -> None:
    assert given(_Note(), "text", _Note().text) is UNSET
    sent_null = _Note.model_validate({"text": None})
    assert given(sent_null, "text", sent_null.text) is None
    renamed = StaffUpdate.model_validate({"name": "Ana"})
    assert given(renamed, "name", renamed.name) == "Ana"
    assert given(renamed, "role", renamed.role) is UNSET


def test_a_field_the_request_does_not_have_is_a_programming_error() -> None:
    with pytest.raises(KeyError, match="no field 'txt'"):
        given(_Note(), "txt", None)
