"""Who a request's bearer token is: the application's ``Authenticator``
(kit/http/permissions.py), installed by app.py.

Staff tokens, the bootstrap admin token, device tokens and PIN sessions, and, only when no
bearer token is sent, the back office's session cookie (its changes CSRF-checked, kit/http/
cookies.py); a failed attempt is
counted per client address, a token's use recorded at most once a minute, and a manager's
approval applied to the one request it covers.
"""

from __future__ import annotations

import logging
import re
from datetime import datetime, timedelta
from enum import StrEnum

from fastapi import Request
from sqlalchemy.exc import SQLAlchemyError

from brigade.access.domain.approvals import ApprovalAction
from brigade.access.domain.staff import token_digest
from brigade.access.domain.stream_tickets import StreamCredential
from brigade.access.service import passwords, stream_tickets, terminals
from brigade.access.service import staff as access
from brigade.kit.access import AUTH_OFF, Actor, TokenOwner
from brigade.kit.db.engine import Database, UnitOfWork
from brigade.kit.http.cookies import ensure_same_site, session_cookie
from brigade.kit.http.deps import client_address
from brigade.kit.http.permissions import TICKET_PARAMETER
from brigade.kit.http.routing import SAFE_METHODS
from brigade.settings import Settings

log = logging.getLogger("brigade.security")


def _presented_token(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def _admin_token(settings: Settings) -> str | None:
    return settings.admin_token.get_secret_value() if settings.admin_token else None


class TokenAuthenticator:
    """The application's Authenticator: every credential the access feature issues."""

    async def authenticate(
        self, uow: UnitOfWork, request: Request, *, ticket: bool = False
    ) -> TokenOwner:
        settings: Settings = request.app.state.settings
        if settings.auth == "off":
            return TokenOwner(AUTH_OFF, last_used_at=None)
        idle = timedelta(hours=settings.web_session_hours)
        if ticket and TICKET_PARAMETER in request.query_params:
            credential = await self._spent_ticket(request)
            return await stream_tickets.authenticate(
                uow, credential, admin_token=_admin_token(settings), idle=idle
            )
        presented = _presented_token(request)
        cookie = session_cookie(request) if presented is None else None
        if cookie is not None:
            if request.method not in SAFE_METHODS:
                ensure_same_site(request)
            return await passwords.authenticate_session(uow, token_digest(cookie), idle=idle)
        return await access.authenticate(uow, presented, admin_token=_admin_token(settings))

    async def _spent_ticket(self, request: Request) -> StreamCredential:
        """The credential the request's ticket stands for: spent on the request's first
        authentication (in its own transaction: used, whatever follows), kept for its checks
        again (the stream's re-check)."""
        spent: StreamCredential | None = getattr(request.state, "stream_credential", None)
        if spent is None:
            database: Database = request.app.state.database
            async with database.unit_of_work(write=True) as uow:
                spent = await stream_tickets.spend(uow, request.query_params[TICKET_PARAMETER])
            request.state.stream_credential = spent
        return spent

    async def issue_stream_ticket(self, request: Request, actor: Actor) -> tuple[str, datetime]:
        settings: Settings = request.app.state.settings
        # With authentication off there is no credential: the stream needs none either.
        presented = _presented_token(request) or session_cookie(request) or ""
        return await stream_tickets.issue(
            request.state.uow,
            actor,
            presented,
            lifetime=timedelta(seconds=settings.stream_ticket_seconds),
        )

    async def count_failed_attempt(self, database: Database, request: Request) -> None:
        """In its own transaction: the request's own is rolled back by the failure. An address this
        worker already knows to be over the limit is refused without a database write."""
        settings: Settings = request.app.state.settings
        over_limit: access.OverLimitAddresses = request.app.state.over_limit_addresses
        client = client_address(request)
        limit = settings.auth_failures_per_minute
        too_many = over_limit.refusal(client, limit)
        if too_many is None:
            async with database.unit_of_work(write=True) as uow:
                too_many = await access.count_failed_attempt(
                    uow, client, limit=limit, over_limit=over_limit
                )
        if too_many is not None:
            raise too_many

    async def touch(self, database: Database, owner: TokenOwner) -> None:
        """Refresh the token's last-used time, at most once a minute, after the request's work.

        Bookkeeping: if it fails, the request it follows has still succeeded.
        """
        token_id = access.token_to_touch(owner)
        session_id = passwords.session_to_touch(owner)
        if token_id is None and session_id is None:
            return
        try:
            async with database.unit_of_work(write=True) as uow:
                if token_id is not None:
                    await access.touch_token(uow, token_id)
                if session_id is not None:
                    await passwords.touch_session(uow, session_id)
        except (OSError, SQLAlchemyError):
            log.warning("could not record the use of %s", token_id or session_id, exc_info=True)

    async def apply_approval(
        self, request: Request, actor: Actor, presented: str, action: StrEnum | None
    ) -> Actor:
        return await terminals.apply_approval(
            request.state.uow,
            actor,
            presented,
            writes=request.method != "GET",
            # The route's (its alias, from access/domain/approvals.py).
            action=None if action is None else ApprovalAction(action),
            # /api/devices/current/… names the caller's own device.
            path_ids={"device_id": actor.device_id, **_path_ids(request)},
        )


def _path_ids(request: Request) -> dict[str, object]:
    """The request's path parameters by their Python names (``order_id``), as approvals name
    and store their resource (access/domain/approvals.py); the path names them camelCase
    (``{orderId}``)."""
    return {
        re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower(): value
        for name, value in request.path_params.items()
    }
