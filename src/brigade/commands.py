"""What the `brigade` commands do to the database: each in one transaction of its own."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar
from uuid import UUID

from brigade import listening
from brigade.access.domain.scopes import Scope
from brigade.access.domain.staff import CreateToken
from brigade.access.domain.terminals import DeviceKind
from brigade.access.service import passwords, terminals
from brigade.access.service import staff as access
from brigade.event_payloads import install_event_payloads
from brigade.kit.access import Actor, Role
from brigade.kit.db.engine import Database, UnitOfWork
from brigade.settings import Settings

T = TypeVar("T")

# Whoever can run `brigade` on the server already holds the database: they act as an admin.
COMMAND_LINE = Actor(name="command line", role=Role.ADMIN)


async def in_one_transaction(settings: Settings, work: Callable[[UnitOfWork], Awaitable[T]]) -> T:
    # A command's changes record events too (the demo menu's products), shaped as the API
    # shows them.
    install_event_payloads(max_bytes=settings.event_max_bytes)
    database = Database(settings)
    listening.subscribe(database)
    try:
        async with database.unit_of_work(write=True) as uow:
            return await work(uow)
    finally:
        await database.dispose()


async def create_staff_token(
    settings: Settings, name: str, role: Role, scopes: frozenset[Scope] | None = None
) -> str:
    async def create(uow: UnitOfWork) -> str:
        _token, secret = await access.create_staff_token(uow, COMMAND_LINE, name, role, scopes)
        return secret

    return await in_one_transaction(settings, create)


async def create_token_for(
    settings: Settings, staff_id: UUID, name: str, scopes: frozenset[Scope] | None = None
) -> str:
    """A new token for an existing, active person (NotFound otherwise): no one new is made."""

    async def create(uow: UnitOfWork) -> str:
        command = CreateToken(staff_id, name, scopes)
        _token, secret = await access.create_token(uow, COMMAND_LINE, command)
        return secret

    return await in_one_transaction(settings, create)


async def pair_device(settings: Settings, name: str, kind: DeviceKind, location_id: UUID) -> str:
    async def pair(uow: UnitOfWork) -> str:
        _device, secret = await terminals.pair_device(
            uow, COMMAND_LINE, name=name, kind=kind, location_id=location_id
        )
        return secret

    return await in_one_transaction(settings, pair)


async def bootstrap_admin_token(settings: Settings) -> str | None:
    async def bootstrap(uow: UnitOfWork) -> str | None:
        return await access.bootstrap_admin_token(uow, COMMAND_LINE)

    return await in_one_transaction(settings, bootstrap)


async def prepare_setup(settings: Settings) -> str | None:
    """While no one has a password: a new one-time setup token (docs/design.md §22)."""
    fixed = settings.setup_token.get_secret_value() if settings.setup_token else None

    async def prepare(uow: UnitOfWork) -> str | None:
        return await passwords.prepare_setup(uow, fixed)

    return await in_one_transaction(settings, prepare)
