"""The planned handler reads a body as JSON exactly when FastAPI's own handler would: its
Content-Type check agrees with ``email.message``'s parse, which FastAPI uses."""

from __future__ import annotations

import email.message

import pytest

from brigade.kit.http.handling import json_media_type

CONTENT_TYPES = [
    "application/json",
    "application/json; charset=utf-8",
    "Application/JSON",
    "  application/json  ;charset=utf-8",
    "application/problem+json",
    "application/merge-patch+json",
    "application/jsonx",
    "application/x-json",
    "application/json/extra",
    "application",
    "text/json",
    "text/plain",
    "multipart/form-data; boundary=x",
    "application/x-www-form-urlencoded",
    ";application/json",
    "application/ json",
    "",
]


def _as_fastapi_reads(content_type: str) -> bool:
    message = email.message.Message()
    message["content-type"] = content_type
    if message.get_content_maintype() != "application":
        return False
    subtype = message.get_content_subtype()
    return subtype == "json" or subtype.endswith("+json")


@pytest.mark.parametrize("content_type", CONTENT_TYPES)
def test_json_media_type_agrees_with_fastapi(content_type: str) -> None:
    assert json_media_type(content_type) == _as_fastapi_reads(content_type)
