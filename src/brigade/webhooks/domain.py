"""Webhook rules: where a webhook may point, how a delivery is signed, when it is retried.

A delivery is a POST of the event JSON, signed twice (docs/design.md §8):

- ``Brigade-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">``, keyed by the
  secret string as shown (``whsec_...``): Stripe's scheme, so its libraries verify it;
- Standard Webhooks: ``webhook-id`` (the delivery's id, the same on every retry),
  ``webhook-timestamp`` and ``webhook-signature: v1,<base64 HMAC-SHA256 of
  "<id>.<timestamp>.<body>">``, keyed by the base64-decoded part of the secret after ``whsec_``.

During the overlap after a rotation both secrets sign: two ``v1=`` entries, two ``v1,``
entries. A failed delivery is retried after 1 s, 2 s, 4 s ... (at most an hour apart) for
24 hours, then given up on. The secret is derived from a server key, the webhook's id and its
secret version, so the database never holds it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from urllib.parse import urlsplit
from uuid import UUID

from brigade.kit.access import REQUIRED_ROLE, Needs, Permission, Role, declare_permissions
from brigade.kit.addresses import is_internal, parse_address
from brigade.kit.errors import Conflict, InvalidInput
from brigade.kit.events import EventName
from brigade.kit.retries import Backoff, GiveUp, Retry


class WebhookPermissions(Permission):
    MANAGE_WEBHOOKS = "manage webhooks"


PERMISSIONS = declare_permissions(
    {
        WebhookPermissions.MANAGE_WEBHOOKS: Needs(Role.ADMIN, scopes=frozenset({"webhooks:write"})),
    }
)

RETRY_FOR = timedelta(hours=24)
FIRST_RETRY = timedelta(seconds=1)
LONGEST_RETRY = timedelta(hours=1)
SECRET_PREFIX = "whsec_"  # noqa: S105 (a prefix, not a secret)


# Whom a delivery shows its event as: anyone who may manage webhooks may point one anywhere,
# so a webhook gets what the least of them may see (ADMIN: payment details included;
# docs/decisions.md), whoever created it.
SUBSCRIBER = REQUIRED_ROLE[WebhookPermissions.MANAGE_WEBHOOKS]

# Version 0: the secrets made before Standard Webhooks (``whsec_`` + 64 hex digits), kept so
# their receivers go on verifying; every secret made or rotated since is version 1 or later.
FIRST_BASE64_VERSION = 1
# After a rotation, deliveries carry the previous secret's signatures too for this long.
ROTATION_OVERLAP = timedelta(hours=24)


def derive_secret(server_key: bytes, webhook_id: UUID, version: int = 0) -> str:
    """The webhook's signing secret of ``version``: the same on every worker and host with the
    same key. From version 1, ``whsec_`` + base64 of 32 bytes (Standard Webhooks); version 0
    is the older hex form (its base64 decoding is the Standard Webhooks key all the same)."""
    message = b"webhook-secret:" + webhook_id.bytes
    if version >= FIRST_BASE64_VERSION:
        message += f":v{version}".encode()
    digest = hmac.new(server_key, message, hashlib.sha256)
    if version < FIRST_BASE64_VERSION:
        return SECRET_PREFIX + digest.hexdigest()
    return SECRET_PREFIX + base64.b64encode(digest.digest()).decode("ascii")


def signing_secrets(
    server_key: bytes,
    webhook_id: UUID,
    version: int,
    rotated_at: datetime | None,
    at: datetime,
) -> list[str]:
    """The secrets that sign a delivery made ``at``: the current one, and the previous one
    during the overlap after a rotation."""
    current = [derive_secret(server_key, webhook_id, version)]
    if rotated_at is not None and version > 0 and at < rotated_at + ROTATION_OVERLAP:
        return [*current, derive_secret(server_key, webhook_id, version - 1)]
    return current


def signature(secrets: list[str], timestamp: int, body: bytes) -> str:
    """The ``Brigade-Signature`` header of a delivery made at ``timestamp``: ``t=`` then one
    ``v1=`` per secret."""
    signed = f"{timestamp}.".encode() + body
    digests = [hmac.new(s.encode(), signed, hashlib.sha256).hexdigest() for s in secrets]
    return ",".join([f"t={timestamp}", *(f"v1={digest}" for digest in digests)])


def standard_signature(secrets: list[str], message_id: str, timestamp: int, body: bytes) -> str:
    """The ``webhook-signature`` header (Standard Webhooks): one ``v1,<base64>`` per secret,
    space-separated."""
    signed = f"{message_id}.{timestamp}.".encode() + body
    entries = []
    for secret in secrets:
        key = base64.b64decode(secret.removeprefix(SECRET_PREFIX))
        digest = hmac.new(key, signed, hashlib.sha256).digest()
        entries.append("v1," + base64.b64encode(digest).decode("ascii"))
    return " ".join(entries)


def delivery_headers(
    secrets: list[str], message_id: str, timestamp: int, body: bytes
) -> dict[str, str]:
    """The signature headers of one delivery attempt."""
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": standard_signature(secrets, message_id, timestamp, body),
        "Brigade-Signature": signature(secrets, timestamp, body),
    }


@dataclass(frozen=True, slots=True)
class Target:
    """Where a webhook posts to, once its URL is parsed: its host is still to be resolved."""

    url: str
    host: str
    port: int


def parse_target(url: str) -> Target:
    """An http(s) URL with a host, and without credentials in it."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise InvalidInput("url", "must be a valid http or https URL") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InvalidInput("url", "must be an http or https URL with a host")
    if parts.username is not None or parts.password is not None:
        raise InvalidInput("url", "must not carry credentials; sign with the webhook secret")
    default_port = 443 if parts.scheme == "https" else 80
    return Target(url=url, host=parts.hostname.lower(), port=port or default_port)


def check_addresses(
    target: Target, addresses: Collection[str], allowed_hosts: Collection[str]
) -> None:
    """Refuse a target that resolves into the restaurant's own network (SSRF), unless its
    host is allowed by name: loopback, private, link-local and other non-public addresses,
    also inside an IPv6 address (kit/addresses.py). Every address counts: a name with one
    public and one private address is refused."""
    if target.host in allowed_hosts:
        return
    if not addresses:
        raise InvalidInput("url", f"host {target.host} does not resolve")
    for address in addresses:
        ip = parse_address(address)
        if ip is None or is_internal(ip):
            raise InvalidInput(
                "url",
                f"host {target.host} is a loopback, private or link-local address "
                "(allow it with BRIGADE_WEBHOOK_ALLOW_HOSTS)",
            )


BACKOFF = Backoff(first=FIRST_RETRY, longest=LONGEST_RETRY, give_up_after=RETRY_FOR)


def after_failure(attempts: int, retrying_since: datetime | None, now: datetime) -> Retry | GiveUp:
    """What follows a failed attempt, given the failures before it at the same event; after
    24 hours of failures the event is marked failed and the next one goes."""
    return BACKOFF.after_failure(attempts, retrying_since, now)


def ordering_key(
    event_type: str, order_id: UUID | None, entity_id: UUID | None, event_id: int
) -> str:
    """What a delivery waits for: the earlier deliveries of the same key. An event about an
    order is ordered with that order's events; another with its own entity's (a product's, a
    table's); an event about nothing particular with nothing."""
    if order_id is not None:
        return f"order:{order_id}"
    if entity_id is not None:
        return f"{event_type.split('.', 1)[0]}:{entity_id}"
    return f"event:{event_id}"


class DeliveryState(StrEnum):
    PENDING = "PENDING"
    DELIVERED = "DELIVERED"
    # Given up on after the retry window: the dead letter, until re-sent or skipped.
    FAILED = "FAILED"
    SKIPPED = "SKIPPED"


class DeliveryAction(StrEnum):
    RESEND = "resend"
    SKIP = "skip"


# What a person may do to a delivery in each state: re-send one no longer pending, skip one
# not yet delivered (the deliverer itself moves PENDING to DELIVERED or FAILED).
ALLOWED_FROM: dict[DeliveryAction, frozenset[DeliveryState]] = {
    DeliveryAction.RESEND: frozenset(
        {DeliveryState.DELIVERED, DeliveryState.FAILED, DeliveryState.SKIPPED}
    ),
    DeliveryAction.SKIP: frozenset({DeliveryState.PENDING, DeliveryState.FAILED}),
}


def ensure_may(action: DeliveryAction, state: str, delivery_id: UUID) -> None:
    """409 ``conflict`` unless ``action`` is allowed on a delivery in ``state``."""
    if DeliveryState(state) not in ALLOWED_FROM[action]:
        allowed = ", ".join(sorted(ALLOWED_FROM[action]))
        raise Conflict(f"delivery {delivery_id} is {state}: only a {allowed} one may {action}")


TEST_EVENT_TYPE = "webhook.test"


@dataclass(frozen=True, slots=True)
class Webhook:
    id: UUID
    url: str
    types: tuple[EventName, ...]
    description: str | None
    created_at: datetime
    # The last event queued for it (delivered, pending, or not wanted).
    cursor: int
    lease_until: datetime | None
    enabled: bool
    secret_version: int
    rotated_at: datetime | None
    # Set: only this entity's events are wanted (a channel's own webhook: its channel's).
    entity_id: UUID | None = None
    # Read with it, not stored: the oldest failing delivery's first failure, the next attempt.
    failing_since: datetime | None = None
    next_attempt_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class QueuedDelivery:
    """One event (or test ping) to deliver to one webhook; its id is ``webhook-id``."""

    id: UUID
    webhook_id: UUID
    position: int
    event_id: int | None
    event_type: str
    ordering_key: str
    body: str
    state: str
    attempts: int
    retrying_since: datetime | None
    next_attempt_at: datetime
    last_error: str | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Delivery:
    """One attempt at a delivery, as the delivery log keeps it."""

    id: UUID
    webhook_id: UUID
    delivery_id: UUID | None
    event_id: int | None
    event_type: str
    attempt: int
    at: datetime
    duration_ms: int
    status_code: int | None
    outcome: str
    error: str | None
