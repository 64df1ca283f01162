"""Paired devices, staff PINs, PIN sessions and managers' approvals (docs/design.md §10).

A wrong PIN is an answer, not an exception: its count must be committed with the request
(the unit of work rolls back on an exception), so the sign-in use cases return the refusal
for the API to send.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from uuid import UUID

from brigade.access.domain.approvals import (
    ApprovalAction,
    approvable,
    approval_ceiling,
    approval_resource,
)
from brigade.access.domain.audit import AuditAction, AuditedEntity
from brigade.access.domain.errors import (
    ApprovalInvalid,
    NotApprovable,
    PinLocked,
    TooManyWrongPins,
    WrongPin,
)
from brigade.access.domain.lockout import PIN_LOCK_OUT, FailedAttempts
from brigade.access.domain.permissions import AccessPermissions
from brigade.access.domain.staff import new_token as new_secret
from brigade.access.domain.staff import permission_to_set_pin, token_digest, token_hint
from brigade.access.domain.terminals import (
    APPROVAL_LIFETIME,
    APPROVAL_TOKEN_PREFIX,
    APPROVER_ROLE,
    DEVICE_TOKEN_PREFIX,
    SESSION_TOKEN_PREFIX,
    Approval,
    Device,
    DeviceKind,
    DirectoryEntry,
    PinHolder,
    PinSources,
    StaffSession,
    check_pin,
    device_actor,
    hash_pin,
    pin_matches,
    window_start,
)
from brigade.access.domain.token_cache import Credentials
from brigade.access.repository.terminals import (
    ApprovalRepository,
    DeviceRepository,
    PinFailureRepository,
    PinRepository,
    SessionRepository,
)
from brigade.access.service import audit
from brigade.access.service import staff as access
from brigade.access.service import token_cache as worker_token_cache
from brigade.access.service.revoking import Revocation, revoke
from brigade.kit import money
from brigade.kit.access import Actor, Approver, TokenOwner
from brigade.kit.clock import now
from brigade.kit.db.engine import Database, UnitOfWork
from brigade.kit.errors import BadToken, Forbidden, InvalidInput, NotFound
from brigade.kit.ids import new_id

APPROVAL_HEADER = "Brigade-Approval"

# --- authentication -------------------------------------------------------------------------


async def authenticate(uow: UnitOfWork, digest: str, *, session: bool) -> TokenOwner:
    """The actor behind a live device or (``session``) PIN session token (``digest``: its
    SHA-256), and when a session expires: one indexed read, or BadToken."""
    if session:
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
    device = await add_device(
        uow,
        actor,
        name=name,
        kind=kind,
        location_id=location_id,
        token=(token_digest(secret), token_hint(secret)),
    )
    return device, secret


async def add_device(
    uow: UnitOfWork,
    actor: Actor,
    *,
    name: str,
    kind: DeviceKind,
    location_id: UUID,
    token: tuple[str, str],
) -> Device:
    """Record and audit a paired device whose token (``token``: its digest and hint) is made
    by the caller: here, or from a pairing code's claim (access/service/pairing.py). Its
    location must have been made (a profile): a device of a made-up id would serve a location
    nobody can see."""
    repository = DeviceRepository(uow)
    if not await location_exists(uow, location_id):
        raise InvalidInput("locationId", "no such location")
    digest, hint = token
    device = Device(
        id=new_id(),
        name=name,
        kind=kind,
        location_id=location_id,
        token_digest=digest,
        hint=hint,
        created_at=now(),
        revoked_at=None,
    )
    await repository.insert(device)
    await audit.record(
        uow,
        actor,
        AuditAction.DEVICE_PAIRED,
        (AuditedEntity.DEVICE, device.id),
        location_id=location_id,
        after={"name": name, "kind": kind.value},
    )
    return device


async def find_device(uow: UnitOfWork, device_id: UUID) -> Device:
    device = await DeviceRepository(uow).get(device_id)
    if device is None:
        raise NotFound("device", device_id)
    return device


async def current_device(uow: UnitOfWork, actor: Actor) -> Device:
    """The device a device token or PIN session acts through: how a screen learns its own
    location and kind once paired. A staff token has none (404)."""
    device = None if actor.device_id is None else await DeviceRepository(uow).get(actor.device_id)
    if device is None:
        raise NotFound("device", "for this token")
    return device


async def unpair_current_device(uow: UnitOfWork, actor: Actor) -> Device:
    """The device unpairs itself: revoked as the back office revokes it, so the back office
    sees it (docs/design.md §23). A staff token has no device (404)."""
    if actor.device_id is None:
        raise NotFound("device", "for this token")
    return await revoke_device(uow, actor, actor.device_id)


async def list_devices(
    uow: UnitOfWork, location_id: UUID | None, *, page: int, limit: int
) -> tuple[list[Device], int]:
    return await DeviceRepository(uow).list(location_id, page=page, limit=limit)


_DEVICE_REVOCATION: Revocation[Device] = Revocation(
    "device",
    "device_id",
    AuditAction.DEVICE_REVOKED,
    AuditedEntity.DEVICE,
    location_of=lambda device: device.location_id,
)


async def revoke_device(uow: UnitOfWork, actor: Actor, device_id: UUID) -> Device:
    """Revoke a device: its token and every session signed in on it stop at once, for good.
    Revoking twice changes nothing."""
    return await revoke(uow, actor, DeviceRepository(uow), _DEVICE_REVOCATION, device_id)


# --- PINs -----------------------------------------------------------------------------------


async def set_pin(uow: UnitOfWork, actor: Actor, staff_id: UUID, pin: str) -> None:
    """Set a staff member's PIN: their own, or anyone's for an admin. Never stored in clear."""
    actor.ensure(permission_to_set_pin(actor.staff_id, staff_id))
    check_pin(pin)
    if await access.find_staff(uow, staff_id) is None:
        raise NotFound("staff member", staff_id)
    # scrypt is deliberately slow: off the event loop.
    pin_hash = await asyncio.to_thread(hash_pin, pin)
    await store_pin(uow, actor, staff_id, pin_hash)


async def store_pin(uow: UnitOfWork, actor: Actor, staff_id: UUID, pin_hash: str) -> None:
    """Store a checked PIN's hash for ``staff_id``, audited (never the PIN)."""
    await PinRepository(uow).set_pin(staff_id, pin_hash, now())
    await audit.record(uow, actor, AuditAction.PIN_SET, (AuditedEntity.STAFF, staff_id))


async def staff_directory(
    uow: UnitOfWork, *, page: int, limit: int
) -> tuple[list[DirectoryEntry], int]:
    return await PinRepository(uow).directory(page=page, limit=limit)


@dataclass(frozen=True, slots=True)
class TypedPin:
    """A PIN checked against its holder's hash before the write: scrypt is slow, and neither
    SQLite's write lock nor PostgreSQL's row lock may wait for it. The write re-checks that the
    hash is still the one checked against."""

    staff_id: UUID
    pin_hash: str | None
    matches: bool


async def check_typed_pin(database: Database, staff_id: UUID, pin: str) -> TypedPin:
    """Read the holder's hash in its own read transaction and compare ``pin`` off the loop."""
    async with database.unit_of_work(write=False) as reader:
        holder = await PinRepository(reader).holder(staff_id)
    if holder is None:
        return TypedPin(staff_id, None, matches=False)
    matches = await asyncio.to_thread(pin_matches, pin, holder.pin_hash)
    return TypedPin(staff_id, holder.pin_hash, matches)


@dataclass(frozen=True, slots=True)
class PinLimits:
    """BRIGADE_PIN_FAILURES_PER_DEVICE, _PER_ADDRESS and _WINDOW_SECONDS."""

    per_device: int
    per_address: int
    window: timedelta


PinRefusal = WrongPin | PinLocked | TooManyWrongPins


async def verify_pin(
    uow: UnitOfWork, actor: Actor, typed: TypedPin, sources: PinSources, limits: PinLimits
) -> PinHolder | PinRefusal:
    """The staff member if the typed PIN is theirs; else the refusal, with the wrong PIN
    counted, audited, and counted against its device and address.

    A device or address past its limit of wrong PINs in the window is refused whatever the PIN
    (so guesses past it tell nothing). The fifth wrong PIN for one person from one address
    within 5 minutes locks their PIN sign-in from that address, and the lock is audited.
    """
    at = now()
    window = window_start(at, limits.window)
    failures = PinFailureRepository(uow)
    limited = sources.limited(limits.per_device, limits.per_address)
    counts = await failures.counts([source for source, _ in limited], window)
    reached = [limit for source, limit in limited if counts.get(source, 0) >= limit]
    if reached:
        return _too_many_wrong_pins(window + limits.window, at, min(reached))
    staff_id = typed.staff_id
    pins = PinRepository(uow)
    holder = await pins.holder(staff_id, for_update=True)
    attempts = FailedAttempts()
    if holder is not None:
        attempts = await pins.attempts(staff_id, sources.lock_source)
        locked_for = attempts.seconds_locked(at)
        if locked_for is not None:
            return _locked(locked_for)
        # The hash checked against is still theirs (a PIN changed meanwhile is a wrong one).
        if typed.matches and holder.pin_hash == typed.pin_hash and holder.is_active:
            if attempts != FailedAttempts():
                await pins.save_attempts(staff_id, sources.lock_source, FailedAttempts())
            return holder
    await audit.record(
        uow,
        actor,
        AuditAction.PIN_WRONG,
        (AuditedEntity.STAFF, staff_id),
        location_id=actor.location_id,
        after={"source": sources.lock_source},
    )
    for source, limit in limited:
        await failures.count_failure(
            source,
            (window, window + limits.window),
            limit,
            location_id=actor.location_id,
            device_id=sources.device_id,
        )
    if counts == {}:
        await failures.purge_before(window - limits.window)
    wrong = WrongPin("Wrong PIN, or no such staff member with a PIN.")
    if holder is None:
        return wrong
    attempts = attempts.after_failure(at, PIN_LOCK_OUT)
    await pins.save_attempts(staff_id, sources.lock_source, attempts)
    if attempts.locked_until is None:
        return wrong
    await audit.record(
        uow,
        actor,
        AuditAction.PIN_LOCKED,
        (AuditedEntity.STAFF, staff_id),
        location_id=actor.location_id,
        after={"lockedUntil": attempts.locked_until.isoformat(), "source": sources.lock_source},
    )
    return _locked(int(PIN_LOCK_OUT.lock.total_seconds()))


def _locked(seconds: int) -> PinLocked:
    return PinLocked(
        f"Too many wrong PINs: PIN sign-in is locked from here; retry in {seconds} s.",
        seconds,
        PIN_LOCK_OUT.limit,
    )


def _too_many_wrong_pins(until: datetime, at: datetime, limit: int) -> TooManyWrongPins:
    seconds = math.ceil((until - at).total_seconds())
    return TooManyWrongPins(
        f"Too many wrong PINs from this device or address; retry in {seconds} s.", seconds, limit
    )


# --- sessions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SignIn:
    session: StaffSession
    token: str
    staff: PinHolder


async def sign_in(
    uow: UnitOfWork,
    terminal: Actor,
    typed: TypedPin,
    *,
    address: str,
    limits: PinLimits,
    hours: int,
) -> SignIn | PinRefusal:
    """A session on this terminal for the staff member whose PIN this is, or the refusal."""
    assert terminal.device_id is not None, "SIGN_IN_WITH_PIN is granted to terminals only"
    sources = PinSources(address, terminal.device_id)
    verified = await verify_pin(uow, terminal, typed, sources, limits)
    if not isinstance(verified, PinHolder):
        return verified
    staff_id = typed.staff_id
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
    worker_token_cache.forget_on_commit(uow, Credentials("session_id", actor.session_id))


async def end_sessions_of(uow: UnitOfWork, staff_id: UUID) -> None:
    """Deactivation: every PIN session of theirs ends for good (reactivating brings none back)."""
    await SessionRepository(uow).end_all_of(staff_id, now())
    worker_token_cache.forget_on_commit(uow, Credentials("staff_id", staff_id))


async def location_exists(uow: UnitOfWork, location_id: UUID) -> bool:
    """Whether the location was made (a profile, docs/design.md §10): only such a location is
    a device's, or a bound token's."""
    return await DeviceRepository(uow).location_exists(location_id)


# --- approvals ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Granted:
    approval: Approval
    token: str
    approver: PinHolder


@dataclass(frozen=True, slots=True)
class ApprovalRequest:
    """What a manager is asked to approve: one action on one resource (its ids by name), up
    to an amount where the action moves money."""

    action: str
    ids: Mapping[str, UUID | None]
    amount: Decimal | None = None


async def request_approval(
    uow: UnitOfWork,
    actor: Actor,
    typed: TypedPin,
    asked: ApprovalRequest,
    *,
    address: str,
    limits: PinLimits,
    resource_check: Callable[[], Awaitable[None]],
) -> Granted | PinRefusal:
    """A manager's one-shot approval of one action on one resource for ``actor``, by the
    manager's PIN typed on the actor's screen; wrong PINs count like a sign-in's. What no
    approval covers is refused, the PIN uncounted (403 ``not_approvable``), and so is a
    resource that ``resource_check`` finds missing or at another location than the actor's:
    an approval minted for it would wait there for a change."""
    action = approvable(asked.action)
    if action is ApprovalAction.DEVICE_UNPAIR:
        # A device asks to unpair itself, none other (docs/design.md §23).
        if actor.device_id is None or str(asked.ids.get("device_id")) != str(actor.device_id):
            raise ApprovalInvalid("A device asks to unpair itself only: name its own deviceId.")
    else:
        actor.ensure(AccessPermissions.REQUEST_APPROVAL)
    resource = approval_resource(action, asked.ids)
    amount_cents = approval_ceiling(
        action, None if asked.amount is None else money.to_cents(asked.amount)
    )
    await resource_check()
    sources = PinSources(address, actor.device_id)
    verified = await verify_pin(uow, actor, typed, sources, limits)
    if not isinstance(verified, PinHolder):
        return verified
    approver_id = typed.staff_id
    if verified.role.rank < APPROVER_ROLE.rank:
        raise Forbidden(f"An approval takes the PIN of a {APPROVER_ROLE} or above.")
    secret = new_secret(APPROVAL_TOKEN_PREFIX)
    at = now()
    approval = Approval(
        id=new_id(),
        token_digest=token_digest(secret),
        approver_id=approver_id,
        requested_by=actor.caller_key,
        action=action.value,
        resource=resource,
        created_at=at,
        expires_at=at + APPROVAL_LIFETIME,
        used_at=None,
        amount_cents=amount_cents,
    )
    repository = ApprovalRepository(uow)
    await repository.purge_expired(at)
    await repository.insert(approval)
    return Granted(approval, secret, verified)


async def apply_approval(
    uow: UnitOfWork,
    actor: Actor,
    presented: str,
    *,
    writes: bool,
    action: ApprovalAction | None,
    path_ids: Mapping[str, object],
) -> Actor:
    """``actor`` with the approving manager's role for this one request, which must be the
    ``action`` (the route's; None: no approval covers it) on the resource the approval was
    asked for. The approval is used up in this request's transaction, so a refused change
    leaves it usable."""
    if not writes:
        raise InvalidInput(APPROVAL_HEADER, "approves a change; a read needs none")
    if action is None:
        raise NotApprovable("No approval covers this request: it takes the person's own sign-in.")
    resource = approval_resource(action, path_ids)
    consumed = None
    if presented.startswith(APPROVAL_TOKEN_PREFIX):
        consumed = await ApprovalRepository(uow).consume(
            token_digest(presented), actor.caller_key, now(), action=action, resource=resource
        )
    approver_id, up_to_cents = consumed if consumed is not None else (None, None)
    approver = None if approver_id is None else await access.find_staff(uow, approver_id)
    if approver is None or not approver.is_active or approver.role.rank < APPROVER_ROLE.rank:
        raise ApprovalInvalid(
            "The approval is unknown, expired, already used, someone else's, or for another "
            f"action or resource than this {action} on {resource}; ask the manager again."
        )
    role = max(actor.role, approver.role, key=lambda role: role.rank)
    return actor.approved_by(Approver(approver.id, approver.name, up_to_cents=up_to_cents), role)
