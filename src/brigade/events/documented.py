"""The OpenAPI's `webhooks` section (docs/design.md §8): one operation per event type, its body
the event envelope with `type` fixed and `data` typed by the answer model the type's payload
is shown as. Generated clients then type a webhook or stream handler per event type.

The models come from the start-up wiring (brigade/event_payloads.py): the events feature
knows no other feature.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from fastapi import FastAPI
from pydantic import ConfigDict, Field, create_model
from pydantic.json_schema import models_json_schema

from brigade.event_types import EventType
from brigade.events.routes import EventEnvelope
from brigade.kit.http.openapi import describe_shared_properties
from brigade.kit.http.types import ResponseModel

SIGNATURE_SCHEME = (
    "Each delivery is a POST of one event as JSON, signed two ways with the webhook's secret "
    '(`whsec_…`): `Brigade-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` '
    "keyed by the whole secret string (Stripe's scheme), and the Standard Webhooks headers "
    "`webhook-id` (the same on retries), `webhook-timestamp` and `webhook-signature: "
    'v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` keyed by the secret\'s base64 part. '
    "For 24 h after a rotation both secrets sign. Answer "
    "2xx within 10 s; anything else is retried with backoff. `Brigade-Event-Id` and "
    "`Brigade-Event-Type` repeat the envelope's `id` and `type`: skip an id already handled "
    "(delivery is at least once)."
)


_REFS = "#/components/schemas/"


class TruncatedResource(ResponseModel):
    """An order or a ticket past BRIGADE_EVENT_MAX_BYTES (64 KiB): its identity, state and
    totals only; read the whole of it at `href`."""

    model_config = ConfigDict(extra="allow")

    truncated: Literal[True] = Field(
        description="Always true: this is a summary; the whole resource is at href"
    )
    item_count: int = Field(description="How many items the whole resource has")
    href: str = Field(description="Where the whole resource is read")


def _camel(event_type: EventType) -> str:
    words = event_type.value.replace(".", "_").split("_")
    return "".join(word[:1].upper() + word[1:] for word in words)


def _event_model(
    event_type: EventType, data: type[ResponseModel], summarized: bool
) -> type[EventEnvelope]:
    annotation: Any = data | TruncatedResource if summarized else data
    fixed: Any = Literal[event_type.value]
    return create_model(
        f"{_camel(event_type)}Event",
        __base__=EventEnvelope,
        __doc__=f"`{event_type.value}`",
        type=(fixed, Field(description="The event type")),
        data=(annotation, Field(description="The resource as the API shows it")),
    )


def _operation(event_type: EventType) -> dict[str, Any]:
    name = f"{_camel(event_type)}Event"
    return {
        "post": {
            "tags": ["events"],
            "summary": event_type.value,
            "description": SIGNATURE_SCHEME,
            "operationId": f"on{_camel(event_type)}",
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"$ref": f"{_REFS}{name}"}}},
            },
            "responses": {"200": {"description": "Received: any 2xx ends the retries"}},
        }
    }


def document_event_webhooks(
    app: FastAPI, data_models: Mapping[EventType, tuple[type[ResponseModel], bool]]
) -> None:
    """Add the `webhooks` section to the app's OpenAPI document: one operation per event type.
    ``data_models``: each type's data model, and whether its data may be a
    ``TruncatedResource`` instead. The schemas are the answers' (serialization) ones, under
    the names the paths already use."""
    missing = set(EventType) - set(data_models)
    if missing:
        raise RuntimeError(f"event types with no data model: {sorted(missing)}")
    models = [_event_model(t, *data_models[t]) for t in EventType]
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        document = generate()
        if "webhooks" not in document:
            _, found = models_json_schema(
                [(model, "serialization") for model in models], ref_template=_REFS + "{model}"
            )
            schemas = document.setdefault("components", {}).setdefault("schemas", {})
            for name, schema in found.get("$defs", {}).items():
                schemas.setdefault(name, schema)
            describe_shared_properties(schemas)
            document["webhooks"] = {t.value: _operation(t) for t in EventType}
        return document

    app.openapi = openapi  # type: ignore[method-assign]
