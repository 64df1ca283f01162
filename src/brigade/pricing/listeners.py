"""What pricing answers when another feature asks, in that feature's transaction
(docs/design.md §15): subscribed when the app starts."""

from __future__ import annotations

from brigade.kit.db.engine import Answerer, UnitOfWork
from brigade.pricing import service
from brigade.pricing.domain import AutomaticCharges, LiveServiceCharge, ServiceCharge


async def automatic_charges(uow: UnitOfWork, asked: AutomaticCharges) -> list[ServiceCharge]:
    return await service.automatic_charges(uow, asked.location_id)


async def live_service_charge(uow: UnitOfWork, asked: LiveServiceCharge) -> ServiceCharge:
    return await service.get_service_charge(uow, asked.service_charge_id)


ANSWERS: tuple[tuple[type, Answerer], ...] = (
    (AutomaticCharges, automatic_charges),
    (LiveServiceCharge, live_service_charge),
)
