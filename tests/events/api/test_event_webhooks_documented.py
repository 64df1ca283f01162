"""The OpenAPI's `webhooks` section (docs/design.md §8): every event type, its body the
envelope with `type` fixed and `data` typed, every reference resolving; renamed fields kept as
deprecated aliases. (That each type's real data holds exactly its schema's fields is checked
in test_event_types.py.)"""

from __future__ import annotations

from typing import Any

from brigade.app import create_app
from brigade.event_types import EventType
from brigade.settings import Settings

REFS = "#/components/schemas/"


def _refs(node: Any) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"]} if isinstance(node.get("$ref"), str) else set()
        return found.union(*(_refs(value) for value in node.values()))
    if isinstance(node, list):
        return set().union(*(_refs(value) for value in node))
    return set()


def test_every_event_type_is_a_typed_webhook(settings: Settings) -> None:
    spec = create_app(settings).openapi()
    webhooks = spec["webhooks"]
    assert set(webhooks) == {event_type.value for event_type in EventType}
    schemas = spec["components"]["schemas"]
    for event_type in EventType:
        operation = webhooks[event_type.value]["post"]
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        event = schemas[body["$ref"].removeprefix(REFS)]
        assert event["properties"]["type"]["const"] == event_type.value
        assert {"id", "type", "at", "locationId", "entityId", "orderId", "data"} <= set(
            event["required"]
        )
        assert "Brigade-Signature" in operation["description"]
    item = schemas["ItemAddedEvent"]["properties"]["data"]
    assert item["$ref"] == REFS + "ItemEventOut"
    assert {"orderNumber", "order"} <= set(schemas["ItemEventOut"]["required"])
    order = schemas["OrderCreatedEvent"]["properties"]["data"]
    assert {ref["$ref"] for ref in order["anyOf"]} == {
        REFS + "OrderDetail",
        REFS + "TruncatedResource",
    }
    schema_refs = {ref for ref in _refs(spec) if ref.startswith(REFS)}
    assert {ref.removeprefix(REFS) for ref in schema_refs} <= set(schemas)


def test_a_payments_method_is_payment_method_everywhere_the_old_name_deprecated(
    settings: Settings,
) -> None:
    schemas = create_app(settings).openapi()["components"]["schemas"]
    for name in ("PaymentOut", "RefundOut", "PaymentDetail", "SettledPaymentOut"):
        assert "paymentMethod" in schemas[name]["required"], name
    for name in ("PaymentOut", "RefundOut"):
        assert schemas[name]["properties"]["method"]["deprecated"] is True
