"""The back office's sign-in (docs/design.md §7): passwords (or a manager's PIN on a paired
terminal), the lock-out, cookie sessions, and the first run's setup token (§22).

scrypt is slow, so a typed password is checked against its holder's hash in a read
transaction of its own, off the event loop, before the write that counts it (as a PIN is,
terminals.py); the write checks the hash is still the one checked against.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hmac
from dataclasses import dataclass
from datetime import datetime, timedelta
from uuid import UUID

from brigade.access.domain.audit import AuditAction, AuditedEntity
from brigade.access.domain.errors import (
    LoginTaken,
    NotBackOffice,
    SetupDone,
    TooManySignInAttempts,
    WrongPassword,
    WrongSetupToken,
)
from brigade.access.domain.lockout import PASSWORD_LOCK_OUT
from brigade.access.domain.passwords import (
    SETUP_TOKEN_PREFIX,
    WEB_SESSION_PREFIX,
    PasswordHolder,
    WebSession,
    can_open_back_office,
    check_login,
    check_password,
    ensure_may_set_password,
    hash_password,
    login_key,
    password_matches,
    unknown_login_hash,
)
from brigade.access.domain.staff import StaffMember, new_token, token_digest
from brigade.access.domain.terminals import PinHolder, PinSources
from brigade.access.domain.token_cache import Credentials
from brigade.access.repository.passwords import (
    PasswordRepository,
    SetupTokenRepository,
    SignInFailureRepository,
    WebSessionRepository,
)
from brigade.access.repository.staff import StaffRepository
from brigade.access.service import audit, terminals
from brigade.access.service import token_cache as worker_token_cache
from brigade.kit.access import Actor, TokenOwner
from brigade.kit.clock import now
from brigade.kit.db.engine import Database, UnitOfWork
from brigade.kit.errors import BadToken, NotFound
from brigade.kit.ids import new_id

# --- passwords ------------------------------------------------------------------------------


async def set_password(
    uow: UnitOfWork, actor: Actor, staff_id: UUID, *, login: str, password: str
) -> StaffMember:
    """Give a staff member a sign-in name and a password: their own, a manager's staff below
    ADMIN, an admin anyone's. Audited without the password; it is stored only hashed."""
    key = check_login(login)
    check_password(password)
    staff = StaffRepository(uow)
    member = await staff.get(staff_id, for_update=True)
    if member is None:
        raise NotFound("staff member", staff_id)
    ensure_may_set_password(actor, member.id, member.role)
    await ensure_login_free(uow, key, other_than=staff_id)
    password_hash = await asyncio.to_thread(hash_password, password)
    return await store_password(uow, actor, member, key, password_hash)


async def ensure_login_free(uow: UnitOfWork, key: str, *, other_than: UUID) -> None:
    if await PasswordRepository(uow).login_taken(key, other_than=other_than):
        raise LoginTaken(f"Someone else signs in as {key!r}; choose another sign-in name.")


async def store_password(
    uow: UnitOfWork, actor: Actor, member: StaffMember, key: str, password_hash: str
) -> StaffMember:
    """Store a checked sign-in name (free) and a hashed password for ``member``, audited."""
    await PasswordRepository(uow).set_password(
        member.id, login=key, password_hash=password_hash, at=now()
    )
    # Sessions opened with the old password end: a password changed after a leak shuts them.
    await end_web_sessions_of(uow, member.id)
    await audit.record(
        uow,
        actor,
        AuditAction.PASSWORD_SET,
        (AuditedEntity.STAFF, member.id),
        before={"login": member.login} if member.login != key else None,
        after={"login": key},
    )
    return dataclasses.replace(member, login=key, has_password=True)


async def change_login(uow: UnitOfWork, staff_id: UUID, key: str | None) -> None:
    """A new sign-in name (checked, free) for the password they keep; or, with None, no
    password sign-in any more: the name and the password go, and their sessions end."""
    await PasswordRepository(uow).set_login(staff_id, key)
    if key is None:
        await end_web_sessions_of(uow, staff_id)


async def any_password(uow: UnitOfWork) -> bool:
    return await PasswordRepository(uow).any_password()


# --- sign-in --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TypedPassword:
    """A password checked against the hash of its sign-in name's holder, if any."""

    login: str
    password_hash: str | None
    matches: bool


async def check_typed_password(database: Database, login: str, password: str) -> TypedPassword:
    """Read the holder's hash in its own read transaction and compare off the loop; an unknown
    name is compared against a stand-in hash, so it takes as long as a known one."""
    key = login_key(login)
    async with database.unit_of_work(write=False) as reader:
        holder = await PasswordRepository(reader).holder(key)
    # The stand-in is made once per process, off the loop like the compare.
    stored = await asyncio.to_thread(unknown_login_hash) if holder is None else holder.password_hash
    matches = await asyncio.to_thread(password_matches, password, stored)
    if holder is None:
        return TypedPassword(key, None, matches=False)
    return TypedPassword(key, holder.password_hash, matches)


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A new back-office session: its record, its token (for the cookie), its holder and, on
    a terminal, the location it acts at."""

    session: WebSession
    token: str
    staff: PasswordHolder | PinHolder
    location_id: UUID | None = None


SignInRefusal = WrongPassword | TooManySignInAttempts | NotBackOffice


def _locked(seconds: int) -> TooManySignInAttempts:
    return TooManySignInAttempts(
        f"Too many wrong passwords for this sign-in name; try again in {seconds} s.",
        seconds,
        PASSWORD_LOCK_OUT.limit,
    )


async def sign_in(uow: UnitOfWork, typed: TypedPassword) -> SignedIn | SignInRefusal:
    """A back-office session for the holder of ``typed``, or the refusal (answered, not raised:
    a wrong password's count must commit). Every wrong password, for a known name or not, is
    the same 401 and counts; the tenth within 15 minutes locks the name for 15 minutes."""
    at = now()
    failures = SignInFailureRepository(uow)
    attempts = await failures.attempts(typed.login, for_update=True)
    locked_for = attempts.seconds_locked(at)
    if locked_for is not None:
        return _locked(locked_for)
    holder = await PasswordRepository(uow).holder(typed.login)
    right = (
        holder is not None
        and typed.matches
        and holder.password_hash == typed.password_hash
        and holder.is_active
    )
    if holder is None or not right:
        attempts = attempts.after_failure(at, PASSWORD_LOCK_OUT)
        await failures.save(typed.login, attempts)
        locked_for = attempts.seconds_locked(at)
        if locked_for is not None:
            return _locked(locked_for)
        return WrongPassword("The sign-in name or the password is wrong.")
    await failures.forget(typed.login)
    if not can_open_back_office(holder.role):
        return _not_back_office(holder)
    return await _open_session(uow, holder, at)


def _not_back_office(holder: PasswordHolder | PinHolder) -> NotBackOffice:
    return NotBackOffice(
        f"The back office is for managers and admins; {holder.name} is {holder.role}: "
        "ring orders on a terminal with your PIN."
    )


async def pin_sign_in(
    uow: UnitOfWork,
    terminal: Actor,
    typed: terminals.TypedPin,
    *,
    address: str,
    limits: terminals.PinLimits,
) -> SignedIn | terminals.PinRefusal | NotBackOffice:
    """A back-office session on this paired terminal for the manager whose PIN this is, or the
    refusal: wrong PINs count and lock out as a terminal sign-in's do. The session acts at the
    terminal's location and ends with its pairing, or after 15 minutes left alone."""
    assert terminal.device_id is not None, "SIGN_IN_WITH_PIN is granted to terminals only"
    sources = PinSources(address, terminal.device_id)
    verified = await terminals.verify_pin(uow, terminal, typed, sources, limits)
    if not isinstance(verified, PinHolder):
        return verified
    if not can_open_back_office(verified.role):
        return _not_back_office(verified)
    return await _open_session(uow, verified, now(), terminal)


async def _open_session(
    uow: UnitOfWork,
    holder: PasswordHolder | PinHolder,
    at: datetime,
    terminal: Actor | None = None,
) -> SignedIn:
    secret = new_token(WEB_SESSION_PREFIX)
    device_id = None if terminal is None else terminal.device_id
    digest = token_digest(secret)
    session = WebSession(new_id(), holder.staff_id, digest, at, at, None, device_id)
    await WebSessionRepository(uow).insert(session)
    location_id = None if terminal is None else terminal.location_id
    return SignedIn(session, secret, holder, location_id)


async def open_session_for(uow: UnitOfWork, staff_id: UUID) -> SignedIn:
    """A session for a staff member whose password was just set in this transaction (the
    first run signs its first person in)."""
    member = await StaffRepository(uow).get(staff_id)
    if member is None or member.login is None:
        raise NotFound("staff member with a password", staff_id)
    holder = await PasswordRepository(uow).holder(member.login)
    assert holder is not None, "the password was set in this transaction"
    return await _open_session(uow, holder, now())


async def authenticate_session(uow: UnitOfWork, digest: str, *, idle: timedelta) -> TokenOwner:
    """Who the session cookie whose SHA-256 is ``digest`` signs in, or BadToken: ended, idle
    too long, a week old, or its staff member deactivated or below MANAGER. Cached as tokens
    are (token_cache.py)."""
    at = now()
    owner = worker_token_cache.cached(digest, at)
    if owner is not None:
        return owner
    lookup = worker_token_cache.lookup_started()
    found = await WebSessionRepository(uow).owner(digest)
    if found is None or not found[0].is_live(at, idle):
        raise BadToken("The session has ended; sign in again.")
    session, actor = found
    owner = TokenOwner(actor, session.last_seen_at, expires_at=session.expires_at(idle))
    # Kept as touched: this request's use is recorded (security.touch) if it is due.
    kept = dataclasses.replace(owner, last_used_at=at) if session.due_touch(at) else owner
    worker_token_cache.keep(digest, kept, lookup)
    return owner


def session_to_touch(owner: TokenOwner) -> UUID | None:
    """The session whose last-seen time is due a refresh (at most once a minute), if any."""
    session_id = owner.actor.web_session_id
    if session_id is None or owner.last_used_at is None:
        return None
    return session_id if now() - owner.last_used_at >= timedelta(minutes=1) else None


async def touch_session(uow: UnitOfWork, session_id: UUID) -> None:
    await WebSessionRepository(uow).touch(session_id, now())


async def sign_out(uow: UnitOfWork, actor: Actor) -> None:
    """End the back-office session the request came with."""
    if actor.web_session_id is None:
        raise NotFound("back-office session", "current (this request has no session cookie)")
    await WebSessionRepository(uow).end(actor.web_session_id, now())
    worker_token_cache.forget_on_commit(uow, Credentials("web_session_id", actor.web_session_id))


async def end_web_sessions_of(uow: UnitOfWork, staff_id: UUID) -> None:
    """Deactivation, demotion below MANAGER, a new password: their sessions end for good."""
    await WebSessionRepository(uow).end_all_of(staff_id, now())
    worker_token_cache.forget_on_commit(uow, Credentials("staff_id", staff_id))


# --- the first run --------------------------------------------------------------------------


async def prepare_setup(uow: UnitOfWork, fixed: str | None = None) -> str | None:
    """At each start: while no one has a password, a new setup token (``fixed``: a test's),
    stored as its digest and answered this once; once someone has, none (and none kept)."""
    tokens = SetupTokenRepository(uow)
    if await any_password(uow):
        await tokens.remove()
        return None
    secret = fixed or new_token(SETUP_TOKEN_PREFIX)
    await tokens.replace(token_digest(secret), now())
    return secret


async def claim_setup(uow: UnitOfWork, presented: str) -> None:
    """Check the setup token and spend it, in the transaction that does the setup."""
    if await any_password(uow):
        raise SetupDone("Setup is done: sign in with your password at /manage.")
    tokens = SetupTokenRepository(uow)
    stored = await tokens.digest(for_update=True)
    if stored is None or not hmac.compare_digest(stored, token_digest(presented)):
        raise WrongSetupToken(
            "This setup link is not the latest one: use the link `brigade serve` printed at "
            "its last start."
        )
    await tokens.remove()
