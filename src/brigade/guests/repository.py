"""Every guest visit query (docs/design.md §28)."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import Row, func, select

from brigade.guests.domain import (
    CallKind,
    GuestCall,
    GuestRound,
    RoundLine,
    RoundStatus,
    Visit,
    VisitOrdered,
    call_event,
    round_event,
)
from brigade.guests.tables import guest_calls, guest_rounds, guest_visits
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import location_reader, record_from_row, row_from_record

round_location = location_reader(guest_rounds)


def _visit(row: Row[Any]) -> Visit:
    return record_from_row(Visit, row)


class VisitRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, visit: Visit) -> None:
        connection = await self._uow.connection()
        await connection.execute(guest_visits.insert().values(row_from_record(visit)))

    async def get(self, visit_id: UUID, *, for_update: bool = False) -> Visit | None:
        """The visit; ``for_update`` holds it until the transaction ends (its limits counted
        once for two rounds sent at once)."""
        connection = await self._uow.connection()
        statement = select(guest_visits).where(guest_visits.c.id == visit_id)
        if for_update:
            statement = statement.with_for_update()
        row = (await connection.execute(statement)).first()
        return None if row is None else _visit(row)

    async def save(self, visit: Visit) -> None:
        connection = await self._uow.connection()
        statement = guest_visits.update().where(guest_visits.c.id == visit.id)
        await connection.execute(statement.values(row_from_record(visit)))


class CallRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, call: GuestCall) -> None:
        """The call and its event, for the terminals."""
        connection = await self._uow.connection()
        await connection.execute(
            guest_calls.insert().values(row_from_record(call, kind=call.kind.value))
        )
        self._uow.record([call_event(call)])

    async def last(self, visit_id: UUID, kind: CallKind) -> datetime | None:
        """When this visit last called for ``kind`` (its index's own order)."""
        connection = await self._uow.connection()
        c = guest_calls.c
        found = await connection.execute(
            select(c.at)
            .where(c.visit_id == visit_id, c.kind == kind.value)
            .order_by(c.at.desc())
            .limit(1)
        )
        last: datetime | None = found.scalar_one_or_none()
        return last


def _lines_json(lines: tuple[RoundLine, ...]) -> list[dict[str, Any]]:
    return [
        {
            "name": line.name,
            "quantity": line.quantity,
            "totalCents": line.total_cents,
            "notes": line.notes,
            "itemId": None if line.item_id is None else str(line.item_id),
        }
        for line in lines
    ]


def _round(row: Row[Any]) -> GuestRound:
    lines = tuple(
        RoundLine(
            name=line["name"],
            quantity=line["quantity"],
            total_cents=line["totalCents"],
            notes=line["notes"],
            item_id=None if line["itemId"] is None else UUID(line["itemId"]),
        )
        for line in row.lines
    )
    return record_from_row(GuestRound, row, status=RoundStatus(row.status), lines=lines)


class RoundRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, guest_round: GuestRound) -> None:
        """The round and its event: placed, or refused."""
        connection = await self._uow.connection()
        row = row_from_record(
            guest_round, status=guest_round.status.value, lines=_lines_json(guest_round.lines)
        )
        await connection.execute(guest_rounds.insert().values(row))
        self._uow.record([round_event(guest_round, placed=True)])

    async def save(self, guest_round: GuestRound) -> None:
        """A round confirmed or declined, and its event."""
        connection = await self._uow.connection()
        c = guest_rounds.c
        await connection.execute(
            guest_rounds.update()
            .where(c.id == guest_round.id)
            .values(
                status=guest_round.status.value,
                decided_at=guest_round.decided_at,
                decided_by=guest_round.decided_by,
                reason=guest_round.reason,
            )
        )
        self._uow.record([round_event(guest_round, placed=False)])

    async def get(self, round_id: UUID, *, for_update: bool = False) -> GuestRound | None:
        connection = await self._uow.connection()
        statement = select(guest_rounds).where(guest_rounds.c.id == round_id)
        if for_update:
            statement = statement.with_for_update()
        row = (await connection.execute(statement)).first()
        return None if row is None else _round(row)

    async def of_visit(self, visit_id: UUID) -> list[GuestRound]:
        """The visit's rounds, oldest first (its index's order)."""
        connection = await self._uow.connection()
        c = guest_rounds.c
        rows = await connection.execute(
            select(guest_rounds).where(c.visit_id == visit_id).order_by(c.placed_at, c.id)
        )
        return [_round(row) for row in rows]

    async def waiting(self, location_id: UUID) -> list[GuestRound]:
        """The location's rounds waiting for a server, oldest first (the partial index)."""
        connection = await self._uow.connection()
        c = guest_rounds.c
        rows = await connection.execute(
            select(guest_rounds)
            .where(c.location_id == location_id, c.status == RoundStatus.WAITING.value)
            .order_by(c.placed_at, c.id)
        )
        return [_round(row) for row in rows]

    async def ordered(self, visit_id: UUID, since: datetime) -> VisitOrdered:
        """What the visit ordered, for its limits, in one query over its rounds."""
        connection = await self._uow.connection()
        c = guest_rounds.c
        refused = c.status == RoundStatus.REFUSED.value
        counted = c.status.in_([RoundStatus.WAITING.value, RoundStatus.SENT.value])
        recent = (c.placed_at >= since) & ~refused
        row = (
            await connection.execute(
                select(
                    func.count().filter(recent),
                    func.coalesce(func.sum(c.total_cents).filter(counted), 0),
                    func.max(c.placed_at).filter(refused),
                ).where(c.visit_id == visit_id)
            )
        ).one()
        return VisitOrdered(int(row[0]), int(row[1]), row[2])
