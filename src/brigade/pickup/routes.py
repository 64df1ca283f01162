"""The order-ready board for guests (docs/design.md §20): order numbers only, no names, no
prices, no items."""

from __future__ import annotations

from pydantic import Field

from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import AtLocationQuery, order_number
from brigade.kit.http.types import ResponseModel, Timestamp
from brigade.pickup import service
from brigade.pickup.allowed import PickupBoardReader

router = brigade_router(prefix="/api/pickup-board", tags=["pickup"])


class PreparingOut(ResponseModel):
    order_number: str = Field(
        description="The order's check number, as the guest's receipt shows it (#1042)"
    )
    since: Timestamp = Field(description="When the order first reached the kitchen")


class ReadyOut(ResponseModel):
    order_number: str = Field(
        description="The order's check number, as the guest's receipt shows it (#1042)"
    )
    ready_at: Timestamp = Field(description="When the last of its items became ready")


class PickupBoardOut(ResponseModel):
    preparing: list[PreparingOut] = Field(
        description="Sent, with an item the kitchen still works on; oldest first (at most 100)"
    )
    ready: list[ReadyOut] = Field(
        description="Every sent item ready or served, one still waiting; newest first, for 15 "
        "minutes at most (at most 100)"
    )


@router.get("", response_model=PickupBoardOut, responses=problem_responses())
async def get_pickup_board(
    reader: PickupBoardReader, uow: UowDep, location_id: AtLocationQuery
) -> PickupBoardOut:
    """What the guests' board shows: the numbers of the location's takeout and delivery orders
    (dine-in too when its profile's `boardShowsDineIn` says so) being prepared and ready. A ready
    order leaves when its items are served (picked up), or 15 minutes after it became ready.
    Read it again on the events a BOARD device's stream carries."""
    board = await service.get_board(uow, reader, location_id)
    return PickupBoardOut(
        preparing=[
            PreparingOut(order_number=order_number(shown.number), since=shown.since)
            for shown in board.preparing
        ],
        ready=[
            ReadyOut(order_number=order_number(shown.number), ready_at=shown.ready_at)
            for shown in board.ready
        ],
    )
