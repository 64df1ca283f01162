"""Authentication, staff and their tokens.

A token is shown once, when it is created; only its SHA-256 digest is stored.
"""

from __future__ import annotations

import dataclasses
import hmac
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from brigade.access.domain.audit import AuditAction, AuditedEntity
from brigade.access.domain.passwords import can_open_back_office
from brigade.access.domain.scopes import Scope
from brigade.access.domain.sign_in import SignInChanges
from brigade.access.domain.staff import (
    ApiToken,
    CreateStaff,
    CreateToken,
    StaffChanges,
    StaffMember,
    new_token,
    permission_to_choose_language,
    token_digest,
    token_hint,
)
from brigade.access.domain.stream_tickets import CredentialKind, bearer_kind
from brigade.access.domain.token_cache import Credentials
from brigade.access.repository.staff import AuthFailureRepository, StaffRepository, TokenRepository
from brigade.access.service import audit, passwords, sign_in, terminals
from brigade.access.service import token_cache as worker_token_cache
from brigade.access.service.revoking import Revocation, revoke
from brigade.kit.access import BOOTSTRAP_ADMIN, Actor, Role, TokenOwner
from brigade.kit.changes import UNSET
from brigade.kit.clock import later_than, now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import (
    BadToken,
    Conflict,
    InvalidInput,
    NotFound,
    TooManyFailedAttempts,
    Unauthenticated,
)
from brigade.kit.ids import new_id
from brigade.kit.languages import Language

FAILURE_WINDOW = timedelta(minutes=1)
NO_SIGN_IN_CHANGES = SignInChanges()
# last_used_at is refreshed at most this often per token, so reads stay reads.
LAST_USED_PRECISION = timedelta(minutes=1)


# --- authentication -------------------------------------------------------------------------


async def authenticate(
    uow: UnitOfWork, presented: str | None, *, admin_token: str | None
) -> TokenOwner:
    """Who holds a bearer token, or Unauthenticated. ``admin_token``: the bootstrap one.

    A token this worker has just seen is answered from its cache (access/service/token_cache.py);
    unknown tokens are never kept, so each one is looked up and fails again.
    """
    if not presented:
        raise Unauthenticated("Send a staff token as 'Authorization: Bearer <token>'.")
    if admin_token and hmac.compare_digest(presented.encode(), admin_token.encode()):
        return TokenOwner(BOOTSTRAP_ADMIN, last_used_at=None)
    return await authenticate_bearer(uow, token_digest(presented), bearer_kind(presented))


async def authenticate_bearer(uow: UnitOfWork, digest: str, kind: CredentialKind) -> TokenOwner:
    """Who holds the staff, device or PIN session token whose SHA-256 is ``digest``, or
    BadToken (what a stream ticket's credential is checked by, too)."""
    at = now()
    owner = worker_token_cache.cached(digest, at)
    if owner is None:
        lookup = worker_token_cache.lookup_started()
        owner = await _look_up(uow, digest, kind)
        worker_token_cache.keep(digest, _as_touched(owner, at), lookup)
    elif _due_touch(owner, at):
        worker_token_cache.cache().update(digest, _as_touched(owner, at))
    return owner


async def _look_up(uow: UnitOfWork, digest: str, kind: CredentialKind) -> TokenOwner:
    if kind is not CredentialKind.STAFF_TOKEN:
        return await terminals.authenticate(uow, digest, session=kind is CredentialKind.PIN_SESSION)
    owner = await TokenRepository(uow).owner(digest)
    if owner is None:
        raise BadToken("The token is unknown or revoked, or its staff member is inactive.")
    return owner


def _due_touch(owner: TokenOwner, at: datetime) -> bool:
    if owner.actor.token_id is None:
        return False
    return owner.last_used_at is None or at - owner.last_used_at >= LAST_USED_PRECISION


def _as_touched(owner: TokenOwner, at: datetime) -> TokenOwner:
    """``owner`` as it is once this request's use is recorded (``security.touch``): what the
    cache keeps, so the next requests do not record it again within the minute."""
    return dataclasses.replace(owner, last_used_at=at) if _due_touch(owner, at) else owner


def token_to_touch(owner: TokenOwner) -> UUID | None:
    """The token whose last-used time is due a refresh (at most once a minute), if any."""
    return owner.actor.token_id if _due_touch(owner, now()) else None


async def touch_token(uow: UnitOfWork, token_id: UUID) -> None:
    await TokenRepository(uow).touch(token_id, now())


class OverLimitAddresses:
    """Per worker: client addresses known to be past the failed-authentication limit, and until
    when (the end of their minute).

    Below the limit each failure is one shared upsert, so every worker and host counts it; once
    an address is past it, a flood from there is refused from memory, with no database write.
    """

    def __init__(self) -> None:
        self._until: dict[str, datetime] = {}

    def refusal(self, client: str, limit: int) -> TooManyFailedAttempts | None:
        until = self._until.get(client)
        at = now()
        if until is None or until <= at:
            return None
        return _too_many(limit, until, at)

    def remember(self, client: str, until: datetime) -> None:
        at = now()
        # Only addresses past the limit get here; drop those whose minute is over.
        self._until = {known: end for known, end in self._until.items() if end > at}
        self._until[client] = until


def _too_many(limit: int, until: datetime, at: datetime) -> TooManyFailedAttempts:
    retry_after = int((until - at).total_seconds()) + 1
    return TooManyFailedAttempts(
        f"More than {limit} failed authentications in a minute from this address; "
        f"retry in {retry_after} s.",
        retry_after,
        limit,
    )


async def count_failed_attempt(
    uow: UnitOfWork, client: str, *, limit: int, over_limit: OverLimitAddresses
) -> TooManyFailedAttempts | None:
    """Count a failed authentication from ``client``. Past ``limit`` in the current minute,
    remembers the address in ``over_limit`` and answers the error to raise once the count is
    committed."""
    at = now()
    window_start = at.replace(second=0, microsecond=0)
    repository = AuthFailureRepository(uow)
    failures = await repository.count_failure(client, window_start)
    if failures == 1:
        await repository.purge_before(window_start - FAILURE_WINDOW)
    if failures <= limit:
        return None
    over_limit.remember(client, window_start + FAILURE_WINDOW)
    return _too_many(limit, window_start + FAILURE_WINDOW, at)


# --- staff ----------------------------------------------------------------------------------


def _staff_fields(member: StaffMember) -> dict[str, Any]:
    return {
        "name": member.name,
        "role": member.role.value,
        "isActive": member.is_active,
        "language": member.language,
    }


def _changed_fields(member: StaffMember) -> dict[str, Any]:
    """What a change's audit entry compares: a sign-in name changed with a password is in
    that password's entry (``staff.password_set``) instead."""
    return _staff_fields(member) | {"login": member.login}


async def create_staff(
    uow: UnitOfWork,
    actor: Actor,
    command: CreateStaff,
    sign_in_changes: SignInChanges = NO_SIGN_IN_CHANGES,
) -> StaffMember:
    """A new staff member, with the PIN, sign-in name and password ``sign_in_changes`` gives
    them: each is checked before anyone is created, so a refused one creates nobody (§7)."""
    sign_in_changes = sign_in_changes.checked()
    sign_in_changes.ensure_fit(login=None, has_password=False)
    hashes = await sign_in.hashed(sign_in_changes)
    created = now()
    member = StaffMember(new_id(), command.name, command.role, True, created, created)
    await sign_in.ensure_login_free(uow, sign_in_changes, member.id)
    await StaffRepository(uow).insert(member)
    await audit.record(
        uow,
        actor,
        AuditAction.STAFF_CREATED,
        (AuditedEntity.STAFF, member.id),
        after=_staff_fields(member),
    )
    return await sign_in.give(uow, actor, member, sign_in_changes, hashes)


async def find_staff(uow: UnitOfWork, staff_id: UUID) -> StaffMember | None:
    return await StaffRepository(uow).get(staff_id)


async def get_staff(uow: UnitOfWork, staff_id: UUID) -> StaffMember:
    member = await StaffRepository(uow).get(staff_id)
    if member is None:
        raise NotFound("staff member", staff_id)
    return member


async def choose_language(
    uow: UnitOfWork, actor: Actor, staff_id: UUID, language: Language | None
) -> StaffMember:
    """Set a staff member's own screens' language (None: their location's): one's own, or
    anyone's for whoever manages staff, as a PIN."""
    actor.ensure(permission_to_choose_language(actor.staff_id, staff_id))
    return await update_staff(uow, actor, staff_id, StaffChanges(language=language))


async def screen_language(
    uow: UnitOfWork, staff_id: UUID | None, location_id: UUID | None
) -> Language:
    """The language a screen signed in as the staff member at the location shows: their own,
    else the location's, else the default (docs/design.md §26)."""
    return await StaffRepository(uow).screen_language(staff_id, location_id)


async def list_staff(uow: UnitOfWork, *, page: int, limit: int) -> tuple[list[StaffMember], int]:
    return await StaffRepository(uow).list(page=page, limit=limit)


async def update_staff(
    uow: UnitOfWork,
    actor: Actor,
    staff_id: UUID,
    changes: StaffChanges,
    sign_in_changes: SignInChanges = NO_SIGN_IN_CHANGES,
) -> StaffMember:
    """Rename, change the role, deactivate or reactivate; set a PIN, a sign-in name and a
    password, or take the password sign-in away (a ``login`` of None). Every rule is checked
    before anything is written: a refused change changes nothing (§7).

    Deactivation revokes every token of theirs for good: reactivating them brings none back
    (docs/design.md §7), so a token that left with someone stays dead.
    """
    sign_in_changes = sign_in_changes.checked()
    hashes = await sign_in.hashed(sign_in_changes)
    repository = StaffRepository(uow)
    current = await repository.get(staff_id, for_update=True)
    if current is None:
        raise NotFound("staff member", staff_id)
    sign_in_changes.ensure_fit(login=current.login, has_password=current.has_password)
    await sign_in.ensure_login_free(uow, sign_in_changes, staff_id)
    member = changes.applied_to(current)
    login = sign_in_changes.login_change(current.login)
    if login is not UNSET:
        if login is None and actor.staff_id == staff_id:
            raise Conflict("You cannot take away your own sign-in name: you would be locked out.")
        member = dataclasses.replace(member, login=login, has_password=login is not None)
    if member != current:
        member = await _save(uow, actor, current, member)
    return await sign_in.give(uow, actor, member, sign_in_changes, hashes)


async def _save(
    uow: UnitOfWork, actor: Actor, current: StaffMember, member: StaffMember
) -> StaffMember:
    """Store ``member``, changed from ``current``, and audit what changed."""
    staff_id = current.id
    if (member.role, member.is_active) != (current.role, current.is_active):
        # A change that keeps their role and activity (their own language) takes no access away.
        actor.ensure_keeps_own_access(staff_id, role=member.role, is_active=member.is_active)
    member = dataclasses.replace(member, updated_at=later_than(current.updated_at))
    await StaffRepository(uow).save(member)
    if member.login != current.login:
        await passwords.change_login(uow, staff_id, member.login)
    # A new name or role, or none at all: their tokens and sessions are looked up again.
    worker_token_cache.forget_on_commit(uow, Credentials("staff_id", staff_id))
    if current.is_active and not member.is_active:
        await terminals.end_sessions_of(uow, staff_id)
    if not (member.is_active and can_open_back_office(member.role)):
        # Deactivated or below MANAGER: their back-office sessions end for good (§7).
        await passwords.end_web_sessions_of(uow, staff_id)
    before, after = _changed_fields(current), _changed_fields(member)
    changed = {k: v for k, v in after.items() if before[k] != v}
    if current.is_active and not member.is_active:
        changed["revokedTokens"] = await TokenRepository(uow).revoke_all(
            staff_id, member.updated_at
        )
    await audit.record(
        uow,
        actor,
        AuditAction.STAFF_CHANGED,
        (AuditedEntity.STAFF, staff_id),
        before={k: v for k, v in before.items() if after[k] != v},
        after=changed,
    )
    return member


# --- tokens ---------------------------------------------------------------------------------


async def create_token(uow: UnitOfWork, actor: Actor, command: CreateToken) -> tuple[ApiToken, str]:
    """A new token for an active staff member, bound to one location that was made or to
    none: the record, and the token, shown this once."""
    staff_id, name = command.staff_id, command.name
    member = await StaffRepository(uow).get(staff_id)
    if member is None or not member.is_active:
        raise NotFound("active staff member", staff_id)
    location_id = command.location_id
    if location_id is not None and not await terminals.location_exists(uow, location_id):
        raise InvalidInput("locationId", "no such location")
    secret = new_token()
    token = ApiToken(
        id=new_id(),
        staff_id=staff_id,
        name=name,
        token_digest=token_digest(secret),
        hint=token_hint(secret),
        created_at=now(),
        last_used_at=None,
        revoked_at=None,
        scopes=None if command.scopes is None else tuple(sorted(command.scopes)),
        location_id=location_id,
    )
    await TokenRepository(uow).insert(token)
    created: dict[str, Any] = {"name": name, "staffId": str(staff_id), "role": member.role.value}
    if token.scopes is not None:
        created["scopes"] = list(token.scopes)
    if location_id is not None:
        created["locationId"] = str(location_id)
    await audit.record(
        uow, actor, AuditAction.TOKEN_CREATED, (AuditedEntity.TOKEN, token.id), after=created
    )
    return token, secret


async def create_staff_token(
    uow: UnitOfWork, actor: Actor, name: str, role: Role, scopes: frozenset[Scope] | None = None
) -> tuple[ApiToken, str]:
    """A staff member and their first token, both called ``name``: what the CLI creates."""
    member = await create_staff(uow, actor, CreateStaff(name, role))
    return await create_token(uow, actor, CreateToken(member.id, name, scopes))


async def list_tokens(
    uow: UnitOfWork, *, staff_id: UUID | None, page: int, limit: int
) -> tuple[list[ApiToken], int]:
    return await TokenRepository(uow).list(staff_id=staff_id, page=page, limit=limit)


_TOKEN_REVOCATION: Revocation[ApiToken] = Revocation(
    "token", "token_id", AuditAction.TOKEN_REVOKED, AuditedEntity.TOKEN
)


async def revoke_token(uow: UnitOfWork, actor: Actor, token_id: UUID) -> ApiToken:
    """Revoke a token; revoking a revoked token changes nothing."""
    return await revoke(uow, actor, TokenRepository(uow), _TOKEN_REVOCATION, token_id)


async def bootstrap_admin_token(uow: UnitOfWork, actor: Actor) -> str | None:
    """A first ADMIN token when there is no token at all (a new installation), else None."""
    if await TokenRepository(uow).any_exists():
        return None
    _token, secret = await create_staff_token(uow, actor, "Administrator", Role.ADMIN)
    return secret
