"""Every query of the back office's sign-in: passwords, the lock-out, web sessions and the
first run's setup token."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from sqlalchemy import bindparam, delete, select, update

from brigade.access.domain.lockout import FailedAttempts
from brigade.access.domain.passwords import PasswordHolder, WebSession
from brigade.access.tables import devices, setup_tokens, sign_in_failures, staff, web_sessions
from brigade.kit.access import Actor, Role
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import insert_or_update, record_from_row, row_from_record

# The one row the setup token is kept in.
_SETUP_ROW = 1


class PasswordRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def login_taken(self, login: str, *, other_than: UUID) -> bool:
        connection = await self._uow.connection()
        query = select(staff.c.id).where(staff.c.login == login, staff.c.id != other_than)
        return (await connection.execute(query)).first() is not None

    async def set_password(
        self, staff_id: UUID, *, login: str, password_hash: str, at: datetime
    ) -> None:
        connection = await self._uow.connection()
        statement = update(staff).where(staff.c.id == staff_id)
        await connection.execute(
            statement.values(login=login, password_hash=password_hash, password_set_at=at)
        )

    async def set_login(self, staff_id: UUID, login: str | None) -> None:
        """A new sign-in name for their password; None: neither any more."""
        connection = await self._uow.connection()
        values: dict[str, object] = {"login": login}
        if login is None:
            values |= {"password_hash": None, "password_set_at": None}
        await connection.execute(update(staff).where(staff.c.id == staff_id).values(values))

    async def holder(self, login: str) -> PasswordHolder | None:
        connection = await self._uow.connection()
        query = select(staff).where(staff.c.login == login, staff.c.password_hash.is_not(None))
        row = (await connection.execute(query)).first()
        if row is None:
            return None
        return PasswordHolder(row.id, row.name, Role(row.role), row.is_active, row.password_hash)

    async def any_password(self) -> bool:
        connection = await self._uow.connection()
        query = select(staff.c.id).where(staff.c.password_hash.is_not(None)).limit(1)
        return (await connection.execute(query)).first() is not None


class SignInFailureRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def attempts(self, login: str, *, for_update: bool = False) -> FailedAttempts:
        connection = await self._uow.connection()
        query = select(sign_in_failures).where(sign_in_failures.c.login == login)
        row = (await connection.execute(query.with_for_update() if for_update else query)).first()
        return FailedAttempts() if row is None else record_from_row(FailedAttempts, row)

    async def save(self, login: str, attempts: FailedAttempts) -> None:
        connection = await self._uow.connection()
        values = row_from_record(attempts)
        statement = insert_or_update(connection, sign_in_failures).values(login=login, **values)
        await connection.execute(
            statement.on_conflict_do_update(index_elements=[sign_in_failures.c.login], set_=values)
        )

    async def forget(self, login: str) -> None:
        connection = await self._uow.connection()
        await connection.execute(delete(sign_in_failures).where(sign_in_failures.c.login == login))


# Every request signed in by the cookie runs it: built once. Only an active manager or admin
# is a session's owner: a demoted or deactivated one's sessions stop.
# A session opened on a terminal acts at its location, and not once the terminal is revoked.
_SESSION_OWNER = (
    select(web_sessions, staff.c.name, staff.c.role, devices.c.location_id)
    .join(staff, staff.c.id == web_sessions.c.staff_id)
    .outerjoin(devices, devices.c.id == web_sessions.c.device_id)
    .where(
        web_sessions.c.token_digest == bindparam("digest"),
        web_sessions.c.ended_at.is_(None),
        devices.c.revoked_at.is_(None),
        staff.c.is_active.is_(True),
        staff.c.role.in_([Role.MANAGER.value, Role.ADMIN.value]),
    )
)


class WebSessionRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, session: WebSession) -> None:
        connection = await self._uow.connection()
        await connection.execute(web_sessions.insert().values(row_from_record(session)))

    async def owner(self, digest: str) -> tuple[WebSession, Actor] | None:
        connection = await self._uow.connection()
        row = (await connection.execute(_SESSION_OWNER, {"digest": digest})).first()
        if row is None:
            return None
        session = record_from_row(WebSession, row)
        actor = Actor(
            name=row.name,
            role=Role(row.role),
            staff_id=row.staff_id,
            web_session_id=row.id,
            device_id=row.device_id,
            location_id=row.location_id,
        )
        return session, actor

    async def touch(self, session_id: UUID, at: datetime) -> None:
        connection = await self._uow.connection()
        statement = update(web_sessions).where(web_sessions.c.id == session_id)
        await connection.execute(statement.values(last_seen_at=at))

    async def end(self, session_id: UUID, at: datetime) -> None:
        connection = await self._uow.connection()
        statement = update(web_sessions).where(
            web_sessions.c.id == session_id, web_sessions.c.ended_at.is_(None)
        )
        await connection.execute(statement.values(ended_at=at))

    async def end_all_of(self, staff_id: UUID, at: datetime) -> None:
        connection = await self._uow.connection()
        statement = update(web_sessions).where(
            web_sessions.c.staff_id == staff_id, web_sessions.c.ended_at.is_(None)
        )
        await connection.execute(statement.values(ended_at=at))


class SetupTokenRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def replace(self, digest: str, at: datetime) -> None:
        connection = await self._uow.connection()
        values = {"token_digest": digest, "created_at": at}
        statement = insert_or_update(connection, setup_tokens).values(id=_SETUP_ROW, **values)
        await connection.execute(
            statement.on_conflict_do_update(index_elements=[setup_tokens.c.id], set_=values)
        )

    async def digest(self, *, for_update: bool = False) -> str | None:
        connection = await self._uow.connection()
        query = select(setup_tokens.c.token_digest).where(setup_tokens.c.id == _SETUP_ROW)
        row = (await connection.execute(query.with_for_update() if for_update else query)).first()
        return None if row is None else str(row.token_digest)

    async def remove(self) -> None:
        connection = await self._uow.connection()
        await connection.execute(delete(setup_tokens))
