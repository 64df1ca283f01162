"""What a manager's approval may cover (docs/design.md §10, docs/security.md): the actions,
the resource each is approved on, the amount an approval that moves money names, and the
checks of an approval asked for. Access's policy; the kit's ``Actor`` only carries the manager
who approved (``Approver``)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from uuid import UUID

from brigade.access.domain.errors import ApprovalInvalid, NotApprovable
from brigade.kit.errors import InvalidInput


class ApprovalAction(StrEnum):
    """What a manager's approval can cover: one of these on one resource, nothing else.

    Staff, tokens, devices, printers, webhooks, the catalogue and its prices, and roles are
    never here: they take the person's own sign-in (docs/security.md)."""

    ITEM_VOID = "item.void"
    ITEM_PARTIAL_VOID = "item.partial_void"
    ORDER_DISCOUNT = "order.discount"
    ORDER_CANCEL = "order.cancel"
    ORDER_REFUND = "order.refund"
    ORDER_REOPEN = "order.reopen"
    PAYMENT_LARGE_TIP = "payment.large_tip"
    PAYMENT_TIP_ADJUST = "payment.tip_adjust"
    SERVICE_CHARGE_WAIVE = "order.service_charge_waive"
    # The till (docs/design.md §17): a server's pay-in, pay-out, no-sale and count at a terminal.
    CASH_DRAWER_MOVEMENT = "cash_drawer.movement"
    CASH_DRAWER_CLOSE = "cash_drawer.close"
    # A device unpairing itself (docs/design.md §23), on that device.
    DEVICE_UNPAIR = "device.unpair"


# The resource each action is approved on: the ids that name it, in order.
APPROVAL_RESOURCE: Mapping[ApprovalAction, tuple[str, ...]] = MappingProxyType(
    {
        ApprovalAction.ITEM_VOID: ("order_id", "item_id"),
        ApprovalAction.ITEM_PARTIAL_VOID: ("order_id", "item_id"),
        ApprovalAction.ORDER_DISCOUNT: ("order_id",),
        ApprovalAction.ORDER_CANCEL: ("order_id",),
        ApprovalAction.ORDER_REFUND: ("order_id",),
        ApprovalAction.ORDER_REOPEN: ("order_id",),
        ApprovalAction.PAYMENT_LARGE_TIP: ("order_id",),
        ApprovalAction.PAYMENT_TIP_ADJUST: ("order_id", "payment_id"),
        ApprovalAction.SERVICE_CHARGE_WAIVE: ("order_id", "service_charge_id"),
        ApprovalAction.CASH_DRAWER_MOVEMENT: ("drawer_id",),
        ApprovalAction.CASH_DRAWER_CLOSE: ("drawer_id",),
        ApprovalAction.DEVICE_UNPAIR: ("device_id",),
    }
)

# The actions that move money: their approval names the most it approves (docs/design.md §10)
# and what it covers: the discount, the refund's amount and tip, the tip, the movement.
APPROVED_UP_TO: Mapping[ApprovalAction, str] = MappingProxyType(
    {
        ApprovalAction.ORDER_DISCOUNT: "the order's discount",
        ApprovalAction.ORDER_REFUND: "the refund, its amount and tip together",
        ApprovalAction.PAYMENT_LARGE_TIP: "the payment's tip",
        ApprovalAction.PAYMENT_TIP_ADJUST: "the payment's new tip",
        ApprovalAction.CASH_DRAWER_MOVEMENT: "the pay-in or pay-out (0 for a no sale)",
    }
)


def approval_ceiling(action: ApprovalAction, amount_cents: int | None) -> int | None:
    """The amount an approval of ``action`` is asked for, checked: required where the action
    moves money (``APPROVED_UP_TO``), refused where it does not (422 ``amount``)."""
    covers = APPROVED_UP_TO.get(action)
    if covers is not None and amount_cents is None:
        raise InvalidInput("amount", f"names the most {action} approves: {covers}")
    if covers is None and amount_cents is not None:
        raise InvalidInput("amount", f"is only for an action that moves money, not {action}")
    return amount_cents


def approvable(action: str) -> ApprovalAction:
    """The action an approval may be asked for, or NotApprovable (403 ``not_approvable``)."""
    try:
        return ApprovalAction(action)
    except ValueError:
        raise NotApprovable(
            f"No approval can cover {action!r}: it takes the person's own sign-in. An approval "
            f"covers one of {', '.join(ApprovalAction)} on one order, cash drawer or device."
        ) from None


def approval_resource(action: ApprovalAction, ids: Mapping[str, object]) -> str:
    """The resource ``action`` is approved on, as stored and compared: ``order_id=…/item_id=…``
    from ``ids`` (a request's path parameters, or the ids an approval was asked for). Ids
    missing or malformed: ApprovalInvalid."""
    parts = []
    for name in APPROVAL_RESOURCE[action]:
        try:
            parts.append(f"{name}={UUID(str(ids[name]))}")
        except (KeyError, ValueError):
            raise ApprovalInvalid(f"An approval for {action} names its {name}.") from None
    return "/".join(parts)
