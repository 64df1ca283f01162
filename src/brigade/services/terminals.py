"""Paired devices, staff PINs, PIN sessions and managers' approvals (docs/design.md §10).

A wrong PIN is an answer, not an exception: its count must be committed with the request
(the unit of work rolls back on an exception), so the sign-in use cases return the refusal
for the API to send.
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass
from datetime import timedelta
from uuid import UUID

from brigade.db.access import StaffRepository
from brigade.db.engine import UnitOfWork
from brigade.db.terminals import (
    ApprovalRepository,
    DeviceRepository,
    PinRepository,
    SessionRepository,
)
from brigade.domain.access import (
    Actor,
    Approver,
    TokenOwner,
    permission_to_set_pin,
    token_digest,
    token_hint,
)
from brigade.domain.access import new_token as new_secret
from brigade.domain.audit import AuditAction, AuditedEntity
from brigade.domain.errors import (
    ApprovalInvalid,
    BadToken,
    Forbidden,
    InvalidInput,
    NotFound,
    PinLocked,
    WrongPin,
)
from brigade.domain.ids import new_id
from brigade.domain.terminals import (
    APPROVAL_LIFETIME,
    APPROVAL_TOKEN_PREFIX,
    APPROVER_ROLE,
    DEVICE_TOKEN_PREFIX,
    PIN_LOCK,
    SESSION_TOKEN_PREFIX,
    Approval,
    Device,
    DeviceKind,
    DirectoryEntry,
    PinAttempts,
    PinHolder,
    StaffSession,
    check_pin,
    device_actor,
    hash_pin,
    pin_matches,
)
from brigade.domain.token_cache import Credentials
from brigade.services import audit, tokens
from brigade.services.clock import now

APPROVAL_HEADER = "Brigade-Approval"

# --- authentication -------------------------------------------------------------------------


def is_device_or_session_token(presented: str) -> bool:
    return presented.startswith((DEVICE_TOKEN_PREFIX, SESSION_TOKEN_PREFIX))


async def authenticate(uow: UnitOfWork, presented: str, digest: str) -> TokenOwner:
    """The actor behind a live device or session token (``digest``: its SHA-256), and when a
    session expires: one indexed read, or BadToken."""
    if presented.startswith(SESSION_TOKEN_PREFIX):
        signed_in = await SessionRepository(uow).signed_in(digest, now())
        if signed_in is None:
            raise BadToken(
                "The session is unknown, ended or expired, its staff member is inactive "
                "or its device revoked: sign in again."
            )
        actor = Actor(
            name=signed_in.name,
            role=signed_in.role,
            staff_id=signed_in.staff_id,
            session_id=signed_in.session_id,
            device_id=signed_in.device_id,
            location_id=signed_in.location_id,
        )
        return TokenOwner(actor, last_used_at=None, expires_at=signed_in.expires_at)
    device = await DeviceRepository(uow).live_by_digest(digest)
    if device is None:
        raise BadToken("The device token is unknown or revoked.")
    return TokenOwner(device_actor(device), last_used_at=None)


# --- devices --------------------------------------------------------------------------------


async def pair_device(
    uow: UnitOfWork, actor: Actor, *, name: str, kind: DeviceKind, location_id: UUID
) -> tuple[Device, str]:
    """A new device: the record, and its token, shown this once."""
    secret = new_secret(DEVICE_TOKEN_PREFIX)
    device = Device(
        id=new_id(),
        name=name,
        kind=kind,
        location_id=location_id,
        token_digest=token_digest(secret),
        hint=token_hint(secret),
        created_at=now(),
        revoked_at=None,
    )
    await DeviceRepository(uow).insert(device)
    await audit.record(
        uow,
        actor,
        AuditAction.DEVICE_PAIRED,
        (AuditedEntity.DEVICE, device.id),
        location_id=location_id,
        after={"name": name, "kind": kind.value},
    )
    return device, secret


async def current_device(uow: UnitOfWork, actor: Actor) -> Device:
    """The device a device token or PIN session acts through: how a screen learns its own
    location and kind once paired. A staff token has none (404)."""
    device = None if actor.device_id is None else await DeviceRepository(uow).get(actor.device_id)
    if device is None:
        raise NotFound("device", "for this token")
    return device


async def list_devices(
    uow: UnitOfWork, location_id: UUID | None, *, page: int, limit: int
) -> tuple[list[Device], int]:
    return await DeviceRepository(uow).list(location_id, page=page, limit=limit)


async def revoke_device(uow: UnitOfWork, actor: Actor, device_id: UUID) -> Device:
    """Revoke a device: its token and every session signed in on it stop at once, for good.
    Revoking twice changes nothing."""
    repository = DeviceRepository(uow)
    device = await repository.get(device_id, for_update=True)
    if device is None:
        raise NotFound("device", device_id)
    # Also when revoked already (through another worker): this one forgets it now.
    tokens.forget_on_commit(uow, Credentials("device_id", device_id))
    if device.revoked_at is not None:
        return device
    at = now()
    await repository.revoke(device_id, at)
    await audit.record(
        uow,
        actor,
        AuditAction.DEVICE_REVOKED,
        (AuditedEntity.DEVICE, device_id),
        location_id=device.location_id,
        before={"revokedAt": None},
        after={"revokedAt": at.isoformat()},
    )
    return dataclasses.replace(device, revoked_at=at)


# --- PINs -----------------------------------------------------------------------------------


async def set_pin(uow: UnitOfWork, actor: Actor, staff_id: UUID, pin: str) -> None:
    """Set a staff member's PIN: their own, or anyone's for an admin. Never stored in clear."""
    actor.ensure(permission_to_set_pin(actor.staff_id, staff_id))
    check_pin(pin)
    if await StaffRepository(uow).get(staff_id) is None:
        raise NotFound("staff member", staff_id)
    # scrypt is deliberately slow: off the event loop.
    pin_hash = await asyncio.to_thread(hash_pin, pin)
    await PinRepository(uow).set_pin(staff_id, pin_hash, now())
    await audit.record(uow, actor, AuditAction.PIN_SET, (AuditedEntity.STAFF, staff_id))


async def staff_directory(
    uow: UnitOfWork, *, page: int, limit: int
) -> tuple[list[DirectoryEntry], int]:
    return await PinRepository(uow).directory(page=page, limit=limit)


async def _verify_pin(
    uow: UnitOfWork, actor: Actor, staff_id: UUID, pin: str
) -> PinHolder | WrongPin | PinLocked:
    """The staff member if ``pin`` is theirs; else the refusal, with the wrong PIN counted.

    The fifth wrong PIN within the window locks their PIN sign-in, and the lock is audited.
    """
    wrong = WrongPin("Wrong PIN, or no such staff member with a PIN.")
    holder = await PinRepository(uow).holder(staff_id)
    if holder is None:
        return wrong
    at = now()
    locked_for = holder.pin.attempts.seconds_locked(at)
    if locked_for is not None:
        return _locked(locked_for)
    matches = await asyncio.to_thread(pin_matches, pin, holder.pin.pin_hash)
    if matches and holder.is_active:
        if holder.pin.attempts != PinAttempts():
            await PinRepository(uow).save_attempts(staff_id, PinAttempts())
        return holder
    attempts = holder.pin.attempts.after_failure(at)
    await PinRepository(uow).save_attempts(staff_id, attempts)
    if attempts.locked_until is None:
        return wrong
    await audit.record(
        uow,
        actor,
        AuditAction.PIN_LOCKED,
        (AuditedEntity.STAFF, staff_id),
        location_id=actor.location_id,
        after={"lockedUntil": attempts.locked_until.isoformat()},
    )
    return _locked(int(PIN_LOCK.total_seconds()))


def _locked(seconds: int) -> PinLocked:
    return PinLocked(f"Too many wrong PINs: PIN sign-in is locked; retry in {seconds} s.", seconds)


# --- sessions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SignIn:
    session: StaffSession
    token: str
    staff: PinHolder


async def sign_in(
    uow: UnitOfWork, terminal: Actor, staff_id: UUID, pin: str, *, hours: int
) -> SignIn | WrongPin | PinLocked:
    """A session on this terminal for the staff member whose PIN this is, or the refusal."""
    assert terminal.device_id is not None, "SIGN_IN_WITH_PIN is granted to terminals only"
    verified = await _verify_pin(uow, terminal, staff_id, pin)
    if not isinstance(verified, PinHolder):
        return verified
    secret = new_secret(SESSION_TOKEN_PREFIX)
    started = now()
    session = StaffSession(
        id=new_id(),
        staff_id=staff_id,
        device_id=terminal.device_id,
        token_digest=token_digest(secret),
        created_at=started,
        expires_at=started + timedelta(hours=hours),
        ended_at=None,
    )
    await SessionRepository(uow).insert(session)
    return SignIn(session, secret, verified)


async def sign_out(uow: UnitOfWork, actor: Actor) -> None:
    """End the PIN session the request came with."""
    if actor.session_id is None:
        raise NotFound("PIN session", "current (this credential is not one)")
    await SessionRepository(uow).end(actor.session_id, now())
    tokens.forget_on_commit(uow, Credentials("session_id", actor.session_id))


async def end_sessions_of(uow: UnitOfWork, staff_id: UUID) -> None:
    """Deactivation: every PIN session of theirs ends for good (reactivating brings none back)."""
    await SessionRepository(uow).end_all_of(staff_id, now())
    tokens.forget_on_commit(uow, Credentials("staff_id", staff_id))


# --- approvals ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Granted:
    approval: Approval
    token: str
    approver: PinHolder


async def request_approval(
    uow: UnitOfWork, actor: Actor, approver_id: UUID, pin: str
) -> Granted | WrongPin | PinLocked:
    """A manager's one-shot approval for ``actor``'s next change, by the manager's PIN typed on
    the actor's screen; wrong PINs count towards the manager's lock-out like a sign-in."""
    verified = await _verify_pin(uow, actor, approver_id, pin)
    if not isinstance(verified, PinHolder):
        return verified
    if verified.role.rank < APPROVER_ROLE.rank:
        raise Forbidden(f"An approval takes the PIN of a {APPROVER_ROLE} or above.")
    secret = new_secret(APPROVAL_TOKEN_PREFIX)
    at = now()
    approval = Approval(
        id=new_id(),
        token_digest=token_digest(secret),
        approver_id=approver_id,
        requested_by=actor.caller_key,
        created_at=at,
        expires_at=at + APPROVAL_LIFETIME,
        used_at=None,
    )
    repository = ApprovalRepository(uow)
    await repository.purge_expired(at)
    await repository.insert(approval)
    return Granted(approval, secret, verified)


async def apply_approval(uow: UnitOfWork, actor: Actor, presented: str, *, writes: bool) -> Actor:
    """``actor`` with the approving manager's role for this one request; the approval is used
    up in this request's transaction, so a refused change leaves it usable."""
    if not writes:
        raise InvalidInput(APPROVAL_HEADER, "approves a change; a read needs none")
    approver_id = None
    if presented.startswith(APPROVAL_TOKEN_PREFIX):
        approver_id = await ApprovalRepository(uow).consume(
            token_digest(presented), actor.caller_key, now()
        )
    approver = None if approver_id is None else await StaffRepository(uow).get(approver_id)
    if approver is None or not approver.is_active or approver.role.rank < APPROVER_ROLE.rank:
        raise ApprovalInvalid(
            "The approval is unknown, expired, already used or someone else's; "
            "ask the manager again."
        )
    role = max(actor.role, approver.role, key=lambda role: role.rank)
    return actor.approved_by(Approver(approver.id, approver.name), role)
