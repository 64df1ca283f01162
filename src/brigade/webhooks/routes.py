"""Webhooks: integrations receive the events they chose, signed, at least once, in order.

The secret that signs deliveries is answered once, at creation (``Cache-Control:
no-store``). How to check a signature: README, "Live updates and webhooks".
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import Request, Response
from pydantic import Field, StringConstraints

from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.events import EventType
from brigade.kit.http.deps import PaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.permissions import WebhookAdmin
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.types import LongText, RequestModel, ResponseModel, Secret, Text, Timestamp
from brigade.settings import Settings
from brigade.webhooks import service
from brigade.webhooks.domain import Delivery, Webhook

router = brigade_router(prefix="/api/webhooks", tags=["webhooks"])

# Stored in a column of 2000 characters; where its host resolves is checked by the service.
WebhookUrl: Any = Annotated[
    Text(2000, min_length=1), StringConstraints(pattern=r"^[Hh][Tt][Tt][Pp][Ss]?://[^\s]+$")
]


class WebhookCreate(RequestModel):
    url: WebhookUrl = Field(description="The http(s) URL events are POSTed to.")
    types: list[EventType] = Field(min_length=1, max_length=len(EventType))
    description: LongText | None = None


class WebhookOut(ResponseModel):
    id: UUID
    url: str
    types: list[EventType]
    description: str | None
    created_at: Timestamp
    last_event_id: int = Field(description="The last event delivered or given up on.")
    failing_since: Timestamp | None = Field(
        description="When deliveries of the next event started failing; null when none has."
    )
    next_attempt_at: Timestamp


class NewWebhook(WebhookOut):
    # Signs every delivery (Brigade-Signature); a Secret: never kept by the retry store.
    secret: Secret


class WebhookPage(ResponseModel):
    data: list[WebhookOut]
    total: int
    page: int
    limit: int


class DeliveryOut(ResponseModel):
    id: UUID
    event_id: int
    event_type: str
    attempt: int = Field(description="1 for the first attempt at this event, then 2, 3, ...")
    at: Timestamp
    duration_ms: int
    status_code: int | None = Field(description="The receiver's answer; null when none came.")
    outcome: str = Field(description="`delivered`, `retrying` or `failed` (given up after 24 h).")
    error: str | None


class DeliveryPage(ResponseModel):
    data: list[DeliveryOut]
    total: int
    page: int
    limit: int


def _webhook(webhook: Webhook) -> WebhookOut:
    return WebhookOut(
        id=webhook.id,
        url=webhook.url,
        types=list(webhook.types),
        description=webhook.description,
        created_at=webhook.created_at,
        last_event_id=webhook.cursor,
        failing_since=webhook.retrying_since,
        next_attempt_at=webhook.next_attempt_at,
    )


def _delivery(delivery: Delivery) -> DeliveryOut:
    return DeliveryOut.model_validate(delivery, from_attributes=True)


@router.post(
    "", status_code=201, response_model=NewWebhook, responses=problem_responses(InvalidInput)
)
async def create_webhook(
    staff: WebhookAdmin, body: WebhookCreate, uow: UowDep, request: Request, response: Response
) -> NewWebhook:
    """Receives the events of `types` committed from now on. Loopback, private and
    link-local targets are refused unless their host is in BRIGADE_WEBHOOK_ALLOW_HOSTS.
    The answer holds the signing secret: store it now, it is not shown again."""
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
async def list_webhooks(staff: WebhookAdmin, uow: UowDep, pagination: PaginationDep) -> WebhookPage:
    found, total = await service.list_webhooks(uow, page=pagination.page, limit=pagination.limit)
    return WebhookPage(**pagination.page_of([_webhook(webhook) for webhook in found], total))


@router.get("/{webhook_id}", response_model=WebhookOut, responses=problem_responses(NotFound))
async def get_webhook(staff: WebhookAdmin, webhook_id: UUID, uow: UowDep) -> WebhookOut:
    return _webhook(await service.get_webhook(uow, webhook_id))


@router.delete("/{webhook_id}", response_model=WebhookOut, responses=problem_responses(NotFound))
async def delete_webhook(staff: WebhookAdmin, webhook_id: UUID, uow: UowDep) -> WebhookOut:
    """Deliveries stop at once; the webhook and its delivery log are gone (then 404)."""
    return _webhook(await service.delete_webhook(uow, webhook_id))


@router.get(
    "/{webhook_id}/deliveries", response_model=DeliveryPage, responses=problem_responses(NotFound)
)
async def list_deliveries(
    staff: WebhookAdmin, webhook_id: UUID, uow: UowDep, pagination: PaginationDep
) -> DeliveryPage:
    """Every attempt, newest first."""
    found, total = await service.list_deliveries(
        uow, webhook_id, page=pagination.page, limit=pagination.limit
    )
    return DeliveryPage(**pagination.page_of([_delivery(d) for d in found], total))
