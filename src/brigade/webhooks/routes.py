"""Webhooks: integrations receive the events they chose, signed, at least once, in order
within each order.

The secret that signs deliveries is answered once, at creation and at each rotation
(``Cache-Control: no-store``). How to check a signature: README, "Live updates and
webhooks", and the tag's description in the OpenAPI (kit/http/openapi.py).
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import Request, Response
from pydantic import Field, StringConstraints

from brigade.event_types import EventType
from brigade.kit.errors import Conflict, InvalidInput, NotFound
from brigade.kit.http.deps import PaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.located import NO_LOCATION, located
from brigade.kit.http.paths import DeliveryId, WebhookId
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import Page
from brigade.kit.http.types import (
    Flag,
    LongText,
    RequestModel,
    ResponseModel,
    Secret,
    Text,
    Timestamp,
    omittable,
)
from brigade.settings import Settings
from brigade.webhooks import service
from brigade.webhooks.allowed import WebhookAdmin
from brigade.webhooks.domain import Delivery, QueuedDelivery, Webhook

router = brigade_router(prefix="/api/webhooks", tags=["webhooks"])

# Stored in a column of 2000 characters; where its host resolves is checked by the service.
WebhookUrl: Any = Annotated[
    Text(2000, min_length=1), StringConstraints(pattern=r"^[Hh][Tt][Tt][Pp][Ss]?://[^\s]+$")
]


SIGNATURES = """
**How deliveries are signed.** Each delivery is a POST of the event JSON (`Content-Type:
application/json`) with two signatures of the same body; check either.

- Standard Webhooks (any of its libraries verifies it with the secret as shown):
  `webhook-id` (the delivery's id, the same on every retry: de-duplicate on it),
  `webhook-timestamp` (unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of
  "<webhook-id>.<webhook-timestamp>.<body>">`, keyed by the base64-decoded part of the secret
  after `whsec_`.
- `Brigade-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed by the
  whole secret string (`whsec_...`) as bytes: Stripe's scheme, so its libraries verify it.

For 24 hours after `POST /api/webhooks/{webhookId}/rotate-secret` both the new and the previous
secret sign: `webhook-signature` holds two space-separated `v1,` entries and
`Brigade-Signature` two `v1=` entries; a signature matching any entry is valid. Refuse a
timestamp more than 5 minutes away from your clock. `Brigade-Event-Id` and
`Brigade-Event-Type` name the event (a test ping has no event id).
"""


_EVENT_TYPE = "The event's type (`webhook.test` for a test ping)."


class WebhookCreate(RequestModel):
    url: WebhookUrl = Field(description="The http(s) URL events are POSTed to.")
    types: list[EventType] = Field(
        description="The event types it is sent, each at most once (at least one).",
        min_length=1,
        max_length=len(EventType),
    )
    description: LongText | None = Field(
        default=None, description="What it is for, for people; null: none."
    )


class WebhookUpdate(RequestModel):
    """Every field optional; checked as at creation."""

    url: WebhookUrl = omittable(description="The http(s) URL events are POSTed to.")
    types: list[EventType] = omittable(
        description="The event types it is sent from now on (at least one).",
        min_length=1,
        max_length=len(EventType),
    )
    description: LongText | None = Field(
        default=None, description="What it is for; null clears it, left out keeps it."
    )
    enabled: Flag = omittable(
        description="False pauses the webhook: nothing is sent until it is true again, then "
        "deliveries go on where they stopped (events meanwhile included)."
    )


class WebhookOut(ResponseModel):
    id: UUID = Field(description="The webhook's id.")
    url: str = Field(description="The http(s) URL events are POSTed to.")
    types: list[EventType] = Field(description="The event types it is sent.")
    description: str | None = Field(description="What it is for; null: none.")
    created_at: Timestamp
    enabled: bool = Field(description="False while paused (PATCH).")
    secret_rotated_at: Timestamp | None = Field(
        description="The last rotation: for 24 h after it, deliveries carry the previous "
        "secret's signatures too."
    )
    last_event_id: int = Field(description="The last event queued for this webhook.")
    failing_since: Timestamp | None = Field(
        description="When the oldest pending delivery started failing; null when none is."
    )
    next_attempt_at: Timestamp | None = Field(
        description="When the next pending delivery is due; null when none is pending."
    )


class NewWebhook(WebhookOut):
    # Signs every delivery; a Secret: never kept by the retry store.
    secret: Secret = Field(
        description="`whsec_` + base64 of the key: signs every delivery (see the tag)."
    )


class WebhookPage(Page[WebhookOut]):
    pass


class QueuedDeliveryOut(ResponseModel):
    id: UUID = Field(description="The delivery's `webhook-id` header, the same on every attempt.")
    event_id: int | None = Field(description="Null for a test ping.")
    event_type: str = Field(description=_EVENT_TYPE)
    state: str = Field(
        description="`PENDING`, `DELIVERED`, `FAILED` (given up after 24 h: re-send or skip "
        "it) or `SKIPPED`."
    )
    attempts: int = Field(description="Failed attempts since it was last queued.")
    next_attempt_at: Timestamp = Field(description="When it is next tried (while PENDING), in UTC.")
    last_error: str | None = Field(
        description=(
            "Why the last attempt failed (an HTTP status or a network error); null "
            "when none failed."
        )
    )
    created_at: Timestamp = Field(description="When it was queued, in UTC.")


class DeliveryOut(ResponseModel):
    id: UUID = Field(description="The attempt's id.")
    delivery_id: UUID | None = Field(
        description="The delivery attempted (re-send or skip it by this id); null for "
        "attempts older than the delivery queue."
    )
    event_id: int | None = Field(description="Null for a test ping.")
    event_type: str = Field(description=_EVENT_TYPE)
    attempt: int = Field(description="1 for the first attempt at this event, then 2, 3, ...")
    at: Timestamp = Field(description="When it was made, in UTC.")
    duration_ms: int = Field(
        description="How long the receiver took to answer (or to fail), in milliseconds."
    )
    status_code: int | None = Field(description="The receiver's answer; null when none came.")
    outcome: str = Field(description="`delivered`, `retrying` or `failed` (given up after 24 h).")
    error: str | None = Field(
        description="Why it failed (a non-2xx status or a network error); null when delivered."
    )


class DeliveryPage(Page[DeliveryOut]):
    pass


def _webhook(webhook: Webhook) -> WebhookOut:
    return WebhookOut(
        id=webhook.id,
        url=webhook.url,
        types=list(webhook.types),
        description=webhook.description,
        created_at=webhook.created_at,
        enabled=webhook.enabled,
        secret_rotated_at=webhook.rotated_at,
        last_event_id=webhook.cursor,
        failing_since=webhook.failing_since,
        next_attempt_at=webhook.next_attempt_at,
    )


def _delivery(delivery: Delivery) -> DeliveryOut:
    return DeliveryOut.model_validate(delivery, from_attributes=True)


def _queued(delivery: QueuedDelivery) -> QueuedDeliveryOut:
    return QueuedDeliveryOut.model_validate(delivery, from_attributes=True)


@router.post(
    "",
    status_code=201,
    response_model=NewWebhook,
    responses=problem_responses(InvalidInput),
    description="Receives the events of `types` committed from now on. Loopback, private and "
    "link-local targets are refused unless their host is in BRIGADE_WEBHOOK_ALLOW_HOSTS. The "
    "answer holds the signing secret: store it now, it is not shown again.\n" + SIGNATURES,
)
@located(NO_LOCATION)
async def create_webhook(
    staff: WebhookAdmin, body: WebhookCreate, uow: UowDep, request: Request, response: Response
) -> NewWebhook:
    settings: Settings = request.app.state.settings
    webhook, secret = await service.create_webhook(
        uow,
        body.model_dump(exclude_unset=True),
        allowed_hosts=settings.webhook_allowed_hosts,
        configured_key=settings.webhook_key,
        resolver=request.app.state.resolver,
    )
    response.headers["Location"] = f"/api/webhooks/{webhook.id}"
    return NewWebhook(**dict(_webhook(webhook)), secret=secret)


@router.get("", response_model=WebhookPage, responses=problem_responses())
@located(NO_LOCATION)
async def list_webhooks(staff: WebhookAdmin, uow: UowDep, pagination: PaginationDep) -> WebhookPage:
    found, total = await service.list_webhooks(uow, page=pagination.page, limit=pagination.limit)
    return WebhookPage(**pagination.page_of([_webhook(webhook) for webhook in found], total))


@router.get("/{webhookId}", response_model=WebhookOut, responses=problem_responses(NotFound))
@located(NO_LOCATION)
async def get_webhook(staff: WebhookAdmin, webhook_id: WebhookId, uow: UowDep) -> WebhookOut:
    return _webhook(await service.get_webhook(uow, webhook_id))


@router.patch(
    "/{webhookId}", response_model=WebhookOut, responses=problem_responses(NotFound, InvalidInput)
)
@located(NO_LOCATION)
async def update_webhook(
    staff: WebhookAdmin, webhook_id: WebhookId, body: WebhookUpdate, uow: UowDep, request: Request
) -> WebhookOut:
    """Changes the URL (its host checked as at creation), the event types, the description,
    or pauses and resumes deliveries (`enabled`)."""
    settings: Settings = request.app.state.settings
    webhook = await service.update_webhook(
        uow,
        webhook_id,
        body.model_dump(exclude_unset=True),
        allowed_hosts=settings.webhook_allowed_hosts,
        resolver=request.app.state.resolver,
    )
    return _webhook(webhook)


@router.post(
    "/{webhookId}/rotate-secret",
    response_model=NewWebhook,
    responses=problem_responses(NotFound),
    description="A new secret, answered once. For 24 hours deliveries carry signatures by both "
    "the new and the previous secret, so a receiver switches at its own pace; then only the new "
    "one.\n" + SIGNATURES,
)
@located(NO_LOCATION)
async def rotate_webhook_secret(
    staff: WebhookAdmin, webhook_id: WebhookId, uow: UowDep, request: Request
) -> NewWebhook:
    settings: Settings = request.app.state.settings
    webhook, secret = await service.rotate_secret(
        uow, webhook_id, configured_key=settings.webhook_key
    )
    return NewWebhook(**dict(_webhook(webhook)), secret=secret)


@router.post(
    "/{webhookId}/test",
    status_code=202,
    response_model=QueuedDeliveryOut,
    responses=problem_responses(NotFound),
)
@located(NO_LOCATION)
async def test_webhook(
    staff: WebhookAdmin, webhook_id: WebhookId, uow: UowDep
) -> QueuedDeliveryOut:
    """Queues a `webhook.test` delivery to this webhook only (even paused: it goes when
    enabled), sent and signed like every delivery; answers it."""
    return _queued(await service.send_test(uow, webhook_id))


@router.get(
    "/{webhookId}/deliveries/{deliveryId}",
    response_model=QueuedDeliveryOut,
    responses=problem_responses(NotFound),
)
@located(NO_LOCATION)
async def get_delivery(
    staff: WebhookAdmin, webhook_id: WebhookId, delivery_id: DeliveryId, uow: UowDep
) -> QueuedDeliveryOut:
    """One delivery (an event to this webhook) and its state."""
    return _queued(await service.get_delivery(uow, webhook_id, delivery_id))


@router.post(
    "/{webhookId}/deliveries/{deliveryId}/resend",
    response_model=QueuedDeliveryOut,
    responses=problem_responses(NotFound, Conflict),
)
@located(NO_LOCATION)
async def resend_delivery(
    staff: WebhookAdmin, webhook_id: WebhookId, delivery_id: DeliveryId, uow: UowDep
) -> QueuedDeliveryOut:
    """Queues a delivered, failed or skipped delivery again, with the same `webhook-id`; one
    still pending is a 409."""
    return _queued(await service.resend_delivery(uow, webhook_id, delivery_id))


@router.post(
    "/{webhookId}/deliveries/{deliveryId}/skip",
    response_model=QueuedDeliveryOut,
    responses=problem_responses(NotFound, Conflict),
)
@located(NO_LOCATION)
async def skip_delivery(
    staff: WebhookAdmin, webhook_id: WebhookId, delivery_id: DeliveryId, uow: UowDep
) -> QueuedDeliveryOut:
    """Gives up on a pending or failed delivery, so the later ones of its order go; one
    delivered or skipped already is a 409."""
    return _queued(await service.skip_delivery(uow, webhook_id, delivery_id))


@router.delete("/{webhookId}", response_model=WebhookOut, responses=problem_responses(NotFound))
@located(NO_LOCATION)
async def delete_webhook(staff: WebhookAdmin, webhook_id: WebhookId, uow: UowDep) -> WebhookOut:
    """Deliveries stop at once; the webhook and its delivery log are gone (then 404)."""
    return _webhook(await service.delete_webhook(uow, webhook_id))


@router.get(
    "/{webhookId}/deliveries", response_model=DeliveryPage, responses=problem_responses(NotFound)
)
@located(NO_LOCATION)
async def list_deliveries(
    staff: WebhookAdmin, webhook_id: WebhookId, uow: UowDep, pagination: PaginationDep
) -> DeliveryPage:
    """Every attempt, newest first; `deliveryId` names the delivery to re-send or skip."""
    found, total = await service.list_deliveries(
        uow, webhook_id, page=pagination.page, limit=pagination.limit
    )
    return DeliveryPage(**pagination.page_of([_delivery(d) for d in found], total))
