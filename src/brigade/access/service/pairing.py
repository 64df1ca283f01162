"""Pairing a device by a short code (docs/design.md §23): a fresh device asks for a code, a
manager approves it in the back office, the device claims its token once."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from brigade.access.domain.errors import (
    PairingCodeClaimed,
    PairingCodeExpired,
    PairingCodeNotFound,
    PairingCodeUsed,
    TooManyPairingCodes,
)
from brigade.access.domain.pairing import (
    CODE_LIFETIME,
    KEPT_AFTER_EXPIRY,
    ClaimState,
    PairingCode,
    device_token_for,
    new_claim,
    new_code,
    normalised_code,
)
from brigade.access.domain.staff import token_digest, token_hint
from brigade.access.domain.terminals import Device, DeviceKind
from brigade.access.repository.pairing import PairingCodeRepository
from brigade.access.service import terminals
from brigade.kit.access import Actor
from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.ids import new_id

_NOT_FOUND = "No such pairing code, or it ran out: ask the device for a new one."


@dataclass(frozen=True, slots=True)
class NewPairingCode:
    pairing: PairingCode
    code: str
    claim: str


async def ask_for_code(
    uow: UnitOfWork, kind: DeviceKind, *, client_address: str, per_address: int
) -> NewPairingCode:
    """A code and its claim for a device of ``kind``; at most ``per_address`` codes from one
    client address within a code's life (TooManyPairingCodes)."""
    at = now()
    codes = PairingCodeRepository(uow)
    asked, first = await codes.asked_from(client_address, at - CODE_LIFETIME)
    if asked >= per_address and first is not None:
        retry = math.ceil((first + CODE_LIFETIME - at).total_seconds())
        raise TooManyPairingCodes(
            f"Too many pairing codes asked for from this address; retry in {retry} s.",
            max(retry, 1),
        )
    code = new_code()
    while not await codes.take_code(code, at):
        code = new_code()
    claim = new_claim()
    token = device_token_for(claim)
    pairing = PairingCode(
        id=new_id(),
        code=code,
        kind=kind,
        claim_digest=token_digest(claim),
        token_digest=token_digest(token),
        hint=token_hint(token),
        client_address=client_address,
        created_at=at,
        expires_at=at + CODE_LIFETIME,
        device_id=None,
        approved_at=None,
        claimed_at=None,
    )
    await codes.purge_expired_before(at - KEPT_AFTER_EXPIRY)
    await codes.insert(pairing)
    return NewPairingCode(pairing, code, claim)


async def approve(
    uow: UnitOfWork, actor: Actor, typed_code: str, *, location_id: UUID, name: str
) -> Device:
    """A manager pairs the device showing ``typed_code`` at ``location_id``, under ``name``: the
    device is made as POST /api/devices makes one, with the token its claim pairs into."""
    actor.ensure_at(location_id)
    code = normalised_code(typed_code)
    codes = PairingCodeRepository(uow)
    pairing = None if code is None else await codes.by_code(code)
    at = now()
    if pairing is None or not pairing.is_live(at):
        raise PairingCodeNotFound(_NOT_FOUND)
    if pairing.approved_at is not None:
        raise PairingCodeUsed("This code was approved already: its device is paired.")
    device = await terminals.add_device(
        uow,
        actor,
        name=name,
        kind=pairing.kind,
        location_id=location_id,
        token=(pairing.token_digest, pairing.hint),
    )
    await codes.approve(pairing.id, device.id, at)
    return device


@dataclass(frozen=True, slots=True)
class Waiting:
    expires_at: datetime


@dataclass(frozen=True, slots=True)
class Paired:
    token: str
    device: Device


async def claim(uow: UnitOfWork, presented: str) -> Waiting | Paired:
    """What the device polling with its claim hears: wait, or its token (once)."""
    codes = PairingCodeRepository(uow)
    pairing = await codes.by_claim(token_digest(presented))
    if pairing is None:
        raise PairingCodeNotFound(_NOT_FOUND)
    at = now()
    state = pairing.claim_state(at)
    if state is ClaimState.USED:
        raise PairingCodeClaimed("This device's token was handed over already.")
    if state is ClaimState.EXPIRED:
        raise PairingCodeExpired("The code ran out before it was paired: ask for a new one.")
    if state is ClaimState.PENDING or pairing.device_id is None:
        return Waiting(pairing.claim_deadline())
    await codes.mark_claimed(pairing.id, at)
    device = await terminals.find_device(uow, pairing.device_id)
    return Paired(device_token_for(presented), device)
