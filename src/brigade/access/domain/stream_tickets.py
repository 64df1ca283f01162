"""One-use tickets that open the event stream where no header can be sent (a browser's
EventSource, docs/design.md §8), and the credentials a ticket stands for."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from uuid import UUID

from brigade.access.domain.terminals import DEVICE_TOKEN_PREFIX, SESSION_TOKEN_PREFIX
from brigade.kit.access import Actor

TICKET_PREFIX = "bre_"


class CredentialKind(StrEnum):
    """How a credential is looked up again: the stream acts as the one that asked for its
    ticket, checked as that credential is on every request."""

    STAFF_TOKEN = "staff_token"  # noqa: S105 (a kind's name, not a secret)
    DEVICE = "device"
    PIN_SESSION = "pin_session"
    WEB_SESSION = "web_session"
    BOOTSTRAP_ADMIN = "bootstrap_admin"


def bearer_kind(presented: str) -> CredentialKind:
    """A bearer token's kind, by its prefix (the bootstrap admin token aside)."""
    if presented.startswith(SESSION_TOKEN_PREFIX):
        return CredentialKind.PIN_SESSION
    if presented.startswith(DEVICE_TOKEN_PREFIX):
        return CredentialKind.DEVICE
    return CredentialKind.STAFF_TOKEN


def credential_kind(actor: Actor) -> CredentialKind:
    """The kind of credential ``actor`` came with."""
    if actor.web_session_id is not None:
        return CredentialKind.WEB_SESSION
    if actor.session_id is not None:
        return CredentialKind.PIN_SESSION
    if actor.token_id is not None:
        return CredentialKind.STAFF_TOKEN
    if actor.device_id is not None:
        return CredentialKind.DEVICE
    return CredentialKind.BOOTSTRAP_ADMIN


@dataclass(frozen=True, slots=True)
class StreamCredential:
    """A credential as stored with a ticket: its kind and its SHA-256, never itself."""

    kind: CredentialKind
    digest: str


@dataclass(frozen=True, slots=True)
class StreamTicket:
    """A ticket as stored: its SHA-256, the credential it stands for, its life and its use."""

    id: UUID
    ticket_digest: str
    credential: StreamCredential
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None = None
