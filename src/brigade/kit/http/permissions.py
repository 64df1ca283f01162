"""The permission every route declares, and who authenticates a request.

A route says what it needs with a parameter typed by an alias its feature declares with
``allowed`` (``staff: OrderTaker``, orders/allowed.py). The route class (routing.py)
authenticates the request before anything else runs (so the idempotency key knows its
caller), through the application's ``Authenticator`` (the access feature's, access/security.py,
installed by app.py); the alias checks the permission, applies a manager's approval, and hands
the handler the acting staff member. OpenAPI shows the bearer scheme.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any, Protocol

from fastapi import Depends, Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from brigade.kit.access import (
    Actor,
    Permission,
    TokenOwner,
    every_scope_grants,
    scopes_granting,
    who_may,
)
from brigade.kit.db.engine import Database, UnitOfWork

# A manager's one-shot approval of one action on someone else's session (docs/design.md §10).
APPROVAL_HEADER = "Brigade-Approval"
# The query parameter that carries a one-use stream ticket, on the routes that take one.
TICKET_PARAMETER = "ticket"


class Authenticator(Protocol):
    """Who a request's credentials are, and the bookkeeping around them."""

    async def authenticate(
        self, uow: UnitOfWork, request: Request, *, ticket: bool = False
    ) -> TokenOwner:
        """``ticket``: the route takes a one-use stream ticket in its query (the event stream
        alone, docs/design.md §8); one sent there is the credential, spent on first use."""
        ...

    async def issue_stream_ticket(self, request: Request, actor: Actor) -> tuple[str, datetime]:
        """A new one-use ticket standing for the request's credential, and when it expires."""
        ...

    async def count_failed_attempt(self, database: Database, request: Request) -> None: ...

    async def touch(self, database: Database, owner: TokenOwner) -> None: ...

    async def apply_approval(
        self, request: Request, actor: Actor, presented: str, action: StrEnum | None
    ) -> Actor:
        """``actor`` with the approving manager's role for this one request, if ``presented``
        (the approval header) covers ``action`` (the route's) on the resource its path names."""
        ...


def authenticator(request: Request) -> Authenticator:
    found: Authenticator = request.app.state.authenticator
    return found


bearer = HTTPBearer(
    auto_error=False,
    scheme_name="staffToken",
    description="A staff token: `brigade token create --role ROLE --name NAME`, "
    "POST /api/tokens, or BRIGADE_ADMIN_TOKEN; a device token (POST /api/devices) or a PIN "
    "session token (POST /api/sessions).",
)


class PermissionCheck:
    """The dependency behind each alias: the request's actor, if their role allows it.

    ``approves``: the one action (access's ``ApprovalAction``) a manager's approval
    (``Brigade-Approval``) may cover on this route, on the resource its path names; a route
    without one refuses any approval (403 ``not_approvable``), so staff, tokens, devices,
    printers, webhooks and the catalogue always take the person's own sign-in.
    """

    def __init__(
        self,
        permission: Permission,
        approves: StrEnum | None = None,
        *,
        takes_ticket: bool = False,
    ) -> None:
        self.permission = permission
        self.approves = approves
        self.takes_ticket = takes_ticket

    async def __call__(
        self,
        request: Request,
        # Declares the scheme on the operation; the route class has already read the header.
        _credentials: Annotated[HTTPAuthorizationCredentials | None, Security(bearer)],
    ) -> Actor:
        actor: Actor = request.state.actor
        approval = request.headers.get(APPROVAL_HEADER)
        if approval is not None:
            # Here, inside the endpoint's run: an idempotent replay does not spend it again.
            actor = await authenticator(request).apply_approval(
                request, actor, approval, self.approves
            )
        actor.ensure(self.permission)
        return actor


def allowed(permission: Permission, approves: StrEnum | None = None) -> Any:
    """A route's parameter type's check: ``Annotated[Actor, allowed(...)]``, each feature's in
    its ``allowed.py``."""
    return Depends(PermissionCheck(permission, approves))


def describe(permission: Permission) -> str:
    granting = scopes_granting(permission)
    if every_scope_grants(permission):
        scoped = "any scoped token may"
    elif granting:
        scoped = f"a scoped token needs {' or '.join(granting)}"
    else:
        scoped = "no scoped token"
    return f"{who_may(permission)} ({permission.value}); {scoped}."
