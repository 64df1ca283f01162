"""Every staff, token and failed-authentication query."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import Row, bindparam, delete, func, select, update

from brigade.access.domain.scopes import Scope
from brigade.access.domain.staff import ApiToken, StaffMember
from brigade.access.tables import api_tokens, auth_failures, staff
from brigade.dining.tables import locations
from brigade.kit.access import Actor, Role, TokenOwner
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import count_one_more, fetch_page, record_from_row, row_from_record
from brigade.kit.languages import DEFAULT_LANGUAGE, Language


def _scopes(stored: list[str] | None) -> frozenset[Scope] | None:
    return None if stored is None else frozenset(Scope(scope) for scope in stored)


def _to_token(row: Row[Any]) -> ApiToken:
    scopes = None if row.scopes is None else tuple(Scope(scope) for scope in row.scopes)
    return record_from_row(ApiToken, row, scopes=scopes)


def _to_staff(row: Row[Any]) -> StaffMember:
    return record_from_row(
        StaffMember,
        row,
        role=Role(row.role),
        has_password=row.password_hash is not None,
        language=None if row.language is None else Language(row.language),
    )


class StaffRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, member: StaffMember) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            staff.insert().values(
                row_from_record(member, dropped=["has_password"], role=member.role.value)
            )
        )

    async def save(self, member: StaffMember) -> None:
        connection = await self._uow.connection()
        values = row_from_record(member, dropped=["has_password"], role=member.role.value)
        # The sign-in name and password change only through their own use case (passwords.py).
        del values["id"], values["created_at"], values["login"]
        await connection.execute(update(staff).where(staff.c.id == member.id).values(values))

    async def get(self, staff_id: UUID, *, for_update: bool = False) -> StaffMember | None:
        connection = await self._uow.connection()
        query = select(staff).where(staff.c.id == staff_id)
        row = (await connection.execute(query.with_for_update() if for_update else query)).first()
        return None if row is None else _to_staff(row)

    async def screen_language(self, staff_id: UUID | None, location_id: UUID | None) -> Language:
        """The staff member's own language, else their location's, else the default: one read."""
        connection = await self._uow.connection()
        own = select(staff.c.language).where(staff.c.id == staff_id).scalar_subquery()
        local = select(locations.c.language).where(locations.c.id == location_id)
        found = (
            await connection.execute(select(func.coalesce(own, local.scalar_subquery())))
        ).scalar()
        return DEFAULT_LANGUAGE if found is None else Language(found)

    async def list(self, *, page: int, limit: int) -> tuple[list[StaffMember], int]:
        connection = await self._uow.connection()
        rows, total = await fetch_page(
            connection, staff, [], (staff.c.name, staff.c.id), page=page, limit=limit
        )
        return [_to_staff(row) for row in rows], total


# Every authenticated request runs it: built once.
_OWNER = (
    select(
        api_tokens.c.id,
        api_tokens.c.last_used_at,
        api_tokens.c.scopes,
        api_tokens.c.location_id,
        staff.c.id.label("staff_id"),
        staff.c.name,
        staff.c.role,
    )
    .join(staff, staff.c.id == api_tokens.c.staff_id)
    .where(
        api_tokens.c.token_digest == bindparam("digest"),
        api_tokens.c.revoked_at.is_(None),
        staff.c.is_active.is_(True),
    )
)


class TokenRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, token: ApiToken) -> None:
        connection = await self._uow.connection()
        scopes = None if token.scopes is None else list(token.scopes)
        await connection.execute(api_tokens.insert().values(row_from_record(token, scopes=scopes)))

    async def owner(self, digest: str) -> TokenOwner | None:
        """The actor behind a live token (not revoked, its staff member active): one read."""
        connection = await self._uow.connection()
        row = (await connection.execute(_OWNER, {"digest": digest})).first()
        if row is None:
            return None
        actor = Actor(
            name=row.name,
            role=Role(row.role),
            staff_id=row.staff_id,
            token_id=row.id,
            scopes=_scopes(row.scopes),
            location_id=row.location_id,
        )
        return TokenOwner(actor, row.last_used_at)

    async def touch(self, token_id: UUID, at: datetime) -> None:
        connection = await self._uow.connection()
        statement = update(api_tokens).where(api_tokens.c.id == token_id)
        await connection.execute(statement.values(last_used_at=at))

    async def get(self, token_id: UUID, *, for_update: bool = False) -> ApiToken | None:
        connection = await self._uow.connection()
        query = select(api_tokens).where(api_tokens.c.id == token_id)
        row = (await connection.execute(query.with_for_update() if for_update else query)).first()
        return None if row is None else _to_token(row)

    async def revoke(self, token_id: UUID, at: datetime) -> None:
        connection = await self._uow.connection()
        statement = update(api_tokens).where(api_tokens.c.id == token_id)
        await connection.execute(statement.values(revoked_at=at))

    async def revoke_all(self, staff_id: UUID, at: datetime) -> int:
        """Revoke every live token of a staff member; answers how many."""
        connection = await self._uow.connection()
        statement = update(api_tokens).where(
            api_tokens.c.staff_id == staff_id, api_tokens.c.revoked_at.is_(None)
        )
        result = await connection.execute(statement.values(revoked_at=at))
        return result.rowcount

    async def list(
        self, *, staff_id: UUID | None, page: int, limit: int
    ) -> tuple[list[ApiToken], int]:
        connection = await self._uow.connection()
        where = [] if staff_id is None else [api_tokens.c.staff_id == staff_id]
        oldest_first = (api_tokens.c.created_at, api_tokens.c.id)
        rows, total = await fetch_page(
            connection, api_tokens, where, oldest_first, page=page, limit=limit
        )
        return [_to_token(row) for row in rows], total

    async def any_exists(self) -> bool:
        connection = await self._uow.connection()
        found = await connection.execute(select(api_tokens.c.id).limit(1))
        return found.first() is not None


class AuthFailureRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def count_failure(self, client: str, window_start: datetime) -> int:
        """Add one failure to the client's current window; answer the window's count.

        One upsert, so workers and hosts sharing the database share the count.
        """
        connection = await self._uow.connection()
        return await count_one_more(
            connection, auth_failures, client=client, window_start=window_start
        )

    async def purge_before(self, moment: datetime) -> None:
        connection = await self._uow.connection()
        await connection.execute(delete(auth_failures).where(auth_failures.c.window_start < moment))
