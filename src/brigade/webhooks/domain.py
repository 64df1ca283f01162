"""Webhook rules: where a webhook may point, how a delivery is signed, when it is retried.

A delivery is a POST of the event JSON, signed ``t=<unix seconds>,v1=<hex HMAC-SHA256
of "<t>.<body>">`` with the webhook's secret. A failed delivery is retried after 1 s,
2 s, 4 s ... (at most an hour apart) for 24 hours, then given up on; the next event
follows. The secret is derived from a server key and the webhook's id, so the database
never holds it.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlsplit
from uuid import UUID

from brigade.kit.addresses import is_internal, parse_address
from brigade.kit.errors import InvalidInput
from brigade.kit.events import EventType
from brigade.kit.retries import Backoff, GiveUp, Retry

RETRY_FOR = timedelta(hours=24)
FIRST_RETRY = timedelta(seconds=1)
LONGEST_RETRY = timedelta(hours=1)
SECRET_PREFIX = "whsec_"  # noqa: S105 (a prefix, not a secret)


def derive_secret(server_key: bytes, webhook_id: UUID) -> str:
    """The webhook's signing secret: the same on every worker and host with the same key."""
    digest = hmac.new(server_key, b"webhook-secret:" + webhook_id.bytes, hashlib.sha256)
    return SECRET_PREFIX + digest.hexdigest()


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """The ``Brigade-Signature`` header of a delivery made at ``timestamp``."""
    signed = f"{timestamp}.".encode() + body
    digest = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


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


@dataclass(frozen=True, slots=True)
class Webhook:
    id: UUID
    url: str
    types: tuple[EventType, ...]
    description: str | None
    created_at: datetime
    cursor: int
    attempts: int
    retrying_since: datetime | None
    next_attempt_at: datetime
    lease_until: datetime | None


@dataclass(frozen=True, slots=True)
class Delivery:
    """One attempt to deliver one event, as the delivery log keeps it."""

    id: UUID
    webhook_id: UUID
    event_id: int
    event_type: str
    attempt: int
    at: datetime
    duration_ms: int
    status_code: int | None
    outcome: str
    error: str | None
