"""The journal's endpoints (MANAGER; a device or its PIN sessions only at their location):
read the entries in order, verify the chain (docs/design.md §18)."""

from __future__ import annotations

import json
from typing import Annotated, Any
from uuid import UUID

from fastapi import Query, Request
from pydantic import Field

from brigade.journal import service
from brigade.journal.allowed import JournalReader
from brigade.journal.domain import EntryKind, JournalEntry
from brigade.kit.errors import OtherLocation
from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import AtLocationQuery
from brigade.kit.http.types import ResponseModel, Timestamp

router = brigade_router(prefix="/api/journal", tags=["journal"])


class JournalEntryOut(ResponseModel):
    sequence: int = Field(description="Its number at its location: 1, 2, 3... with no gap")
    location_id: UUID = Field(description="The location whose journal it is in")
    kind: EntryKind = Field(description="SALE, REFUND, VOID, REOPEN, TIP_ADJUST or Z")
    order_id: UUID | None = Field(description="The order it records; null for a Z")
    receipt_number: int | None = Field(description="A SALE's: its own sequence")
    at: Timestamp = Field(description="When it was written, in UTC")
    content: dict[str, Any] = Field(
        description="The figures, in cents: a SALE's net sales, taxes by rate, service charges, "
        "tips, discounts, rounding and payments by method; a REFUND's amounts by method and tax "
        "by rate; a VOID's amount; a REOPEN its SALE's negated (with the tips as adjusted since); "
        "a TIP_ADJUST the tip's change on a sale (`receiptNumber`, `paymentId`, `method`, "
        "`tips`: the difference, `tip`: the tip now); a Z its number and totals"
    )
    previous_hash: str = Field(
        description="The hash of the entry before (64 zeros for the first): the chain"
    )
    hash: str = Field(
        description="SHA-256 over the canonical JSON (sorted keys, no spaces) of at, content, "
        "kind, locationId, previousHash and sequence"
    )


class JournalVerification(ResponseModel):
    ok: bool = Field(
        description=(
            "Whether the whole chain holds: every hash, sequence and link as its fields give"
        )
    )
    entries: int = Field(description="The entries read before the chain broke (all when ok)")
    first_broken_sequence: int | None = Field(
        description="The first entry where it breaks; null when ok"
    )


def entry_out(entry: JournalEntry) -> JournalEntryOut:
    return JournalEntryOut(
        sequence=entry.sequence,
        location_id=entry.location_id,
        kind=entry.kind,
        order_id=entry.order_id,
        receipt_number=entry.receipt_number,
        at=entry.at,
        content=json.loads(entry.content_text),
        previous_hash=entry.previous_hash,
        hash=entry.hash,
    )


@router.get("", response_model=list[JournalEntryOut], responses=problem_responses(OtherLocation))
async def read_journal(
    staff: JournalReader,
    uow: UowDep,
    location_id: AtLocationQuery,
    after: Annotated[
        int, Query(ge=0, le=2**53, description="Entries after this sequence (0: from the first)")
    ] = 0,
    limit: Annotated[
        int,
        Query(ge=1, le=service.MAX_PAGE, description="At most this many entries (default 100)."),
    ] = 100,
) -> list[JournalEntryOut]:
    """The location's entries in sequence order, after `after`, at most `limit`."""
    staff.ensure_at(location_id)
    return [entry_out(entry) for entry in await service.entries(uow, location_id, after, limit)]


@router.get(
    "/verify", response_model=JournalVerification, responses=problem_responses(OtherLocation)
)
async def verify_journal(
    staff: JournalReader, uow: UowDep, location_id: AtLocationQuery, request: Request
) -> JournalVerification:
    """Recompute the chain: a changed row (its content, kind, time or order), a deleted one (a
    gap, or a previous hash that does not match) or a changed counter break it at
    `firstBrokenSequence`; so does a Z report whose stored copy is not the chain's, or a chain
    that lost entries a Z names (deleted with its counter)."""
    staff.ensure_at(location_id)
    found = await service.verify(uow, location_id, request.app.state.journal_witnesses)
    return JournalVerification(
        ok=found.ok, entries=found.entries, first_broken_sequence=found.first_broken_sequence
    )
