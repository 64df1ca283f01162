"""A staff member's PIN, sign-in name and password given with their creation or change, in its
one transaction (docs/design.md §7): what the separate endpoints store, with the same
rules and audit entries."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from uuid import UUID

from brigade.access.domain.passwords import hash_password
from brigade.access.domain.sign_in import SignInChanges
from brigade.access.domain.staff import StaffMember
from brigade.access.domain.terminals import hash_pin
from brigade.access.service import passwords, terminals
from brigade.kit.access import Actor
from brigade.kit.changes import UNSET, changed
from brigade.kit.db.engine import UnitOfWork


@dataclass(frozen=True, slots=True)
class Hashes:
    """The new PIN's and password's hashes, if any."""

    pin_hash: str | None
    password_hash: str | None


async def hashed(changes: SignInChanges) -> Hashes:
    """scrypt is slow: off the event loop, and before the transaction's first statement, so no
    write lock waits for it."""
    pin_hash = password_hash = None
    if changes.pin is not UNSET:
        pin_hash = await asyncio.to_thread(hash_pin, changes.pin)
    if changes.password is not UNSET:
        password_hash = await asyncio.to_thread(hash_password, changes.password)
    return Hashes(pin_hash, password_hash)


async def ensure_login_free(uow: UnitOfWork, changes: SignInChanges, staff_id: UUID) -> None:
    if changes.login is not UNSET and changes.login is not None:
        await passwords.ensure_login_free(uow, changes.login, other_than=staff_id)


async def give(
    uow: UnitOfWork, actor: Actor, member: StaffMember, changes: SignInChanges, hashes: Hashes
) -> StaffMember:
    """Store the new PIN and password (``changes`` checked, fitting ``member``, its sign-in name
    free), each audited as its own endpoint audits it; ``member`` as they are after."""
    if hashes.pin_hash is not None:
        await terminals.store_pin(uow, actor, member.id, hashes.pin_hash)
    if hashes.password_hash is None:
        return member
    login = changed(changes.login, member.login)
    assert login is not None, "SignInChanges.ensure_fit refuses a password without a name"
    return await passwords.store_password(uow, actor, member, login, hashes.password_hash)
