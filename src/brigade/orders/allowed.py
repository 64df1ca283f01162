"""The permission aliases the orders' routes declare, and any other feature's route that needs
one of its permissions (``staff: Reader``; kit/http/permissions.py ``allowed``)."""

from __future__ import annotations

from typing import Annotated

from brigade.access.domain.approvals import ApprovalAction
from brigade.kit.access import Actor
from brigade.kit.http.permissions import allowed
from brigade.orders.domain.permissions import OrderPermissions

ItemStatusSetter = Annotated[Actor, allowed(OrderPermissions.SET_ITEM_STATUS)]
OrderTaker = Annotated[Actor, allowed(OrderPermissions.TAKE_ORDERS)]
# What a manager's approval may cover, each on the resource its route's path names.
ItemVoider = Annotated[Actor, allowed(OrderPermissions.TAKE_ORDERS, ApprovalAction.ITEM_VOID)]
ItemChanger = Annotated[
    Actor, allowed(OrderPermissions.SET_ITEM_STATUS, ApprovalAction.ITEM_PARTIAL_VOID)
]
OrderCanceller = Annotated[
    Actor, allowed(OrderPermissions.TAKE_ORDERS, ApprovalAction.ORDER_CANCEL)
]
Payer = Annotated[Actor, allowed(OrderPermissions.TAKE_ORDERS, ApprovalAction.PAYMENT_LARGE_TIP)]
TipAdjuster = Annotated[
    Actor, allowed(OrderPermissions.TAKE_ORDERS, ApprovalAction.PAYMENT_TIP_ADJUST)
]
Discounter = Annotated[Actor, allowed(OrderPermissions.DISCOUNT, ApprovalAction.ORDER_DISCOUNT)]
Refunder = Annotated[Actor, allowed(OrderPermissions.REFUND, ApprovalAction.ORDER_REFUND)]
Reopener = Annotated[Actor, allowed(OrderPermissions.REOPEN, ApprovalAction.ORDER_REOPEN)]
# Takes a server's charge off; an automatic one takes a manager (the aggregate checks).
ChargeRemover = Annotated[
    Actor, allowed(OrderPermissions.TAKE_ORDERS, ApprovalAction.SERVICE_CHARGE_WAIVE)
]
# Receipts show payments with their card's last four: never the kitchen's (design.md §7).
ReceiptReader = Annotated[Actor, allowed(OrderPermissions.SEE_PAYMENT_DETAILS)]
PaymentsReader = Annotated[Actor, allowed(OrderPermissions.READ_PAYMENTS)]
