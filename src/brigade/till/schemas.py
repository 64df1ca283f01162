"""A shift as the API answers it: in the till's routes and in a server's checkout."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from pydantic import Field

from brigade.kit.clock import now
from brigade.kit.http.types import Number, ResponseModel, Timestamp
from brigade.till.domain import Shift


class ShiftOut(ResponseModel):
    id: UUID = Field(description="The shift's id")
    staff_id: UUID = Field(description="Who worked it")
    staff_name: str = Field(description="Their name")
    location_id: UUID = Field(description="The location they clocked in at")
    clocked_in_at: Timestamp = Field(description="When they clocked in, in UTC")
    clocked_out_at: Timestamp | None = Field(
        description="When they clocked out, in UTC; null while clocked in"
    )
    hours: Number = Field(description="To the hundredth; while clocked in, until now")


def shift_out(shift: Shift, at: datetime | None = None) -> ShiftOut:
    return ShiftOut(
        id=shift.id,
        staff_id=shift.staff_id,
        staff_name=shift.staff_name,
        location_id=shift.location_id,
        clocked_in_at=shift.clocked_in_at,
        clocked_out_at=shift.clocked_out_at,
        hours=shift.hours(at or now()),
    )
