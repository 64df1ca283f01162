"""The orders' permissions and who holds each, and which one an order action needs by what the
order has been through: a server changes what the kitchen has not seen; past that it takes a
manager (docs/design.md §7)."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from brigade.access.domain.scopes import Scope
from brigade.kit.access import (
    REQUIRED_ROLE,
    Actor,
    Needs,
    Permission,
    Role,
    allows,
    declare_permissions,
)
from brigade.orders.domain.errors import TipNeedsApproval
from brigade.orders.domain.states import ItemStatus, is_sent


class OrderPermissions(Permission):
    SEE_PAYMENT_DETAILS = "see a payment's card, brand and who took it"
    SET_ITEM_STATUS = "set item status"
    TAKE_ORDERS = "create and change orders, send, take payments, complete"
    VOID_SENT_ITEMS = "void items already sent to the kitchen"
    DISCOUNT = "apply discounts"
    APPROVE_LARGE_TIPS = "take a tip above the approval ratio of its payment"
    CANCEL_SENT_OR_PAID = "cancel an order that was sent or paid"
    REFUND = "refund a completed order"
    REOPEN = "reopen a check completed today"
    WAIVE_SERVICE_CHARGES = "take an automatic service charge off an order"
    READ_PAYMENTS = "read payments across orders (settlement, tip-out)"


PERMISSIONS = declare_permissions(
    {
        # The kitchen has no use for card details (design.md §7): it reads payments without them.
        OrderPermissions.SEE_PAYMENT_DETAILS: Needs(
            Role.SERVER,
            scopes=frozenset({Scope.ORDERS_READ, Scope.ORDERS_WRITE, Scope.PAYMENTS_READ}),
        ),
        OrderPermissions.SET_ITEM_STATUS: Needs(
            Role.KITCHEN, scopes=frozenset({Scope.ORDERS_WRITE})
        ),
        OrderPermissions.TAKE_ORDERS: Needs(Role.SERVER, scopes=frozenset({Scope.ORDERS_WRITE})),
        OrderPermissions.VOID_SENT_ITEMS: Needs(
            Role.MANAGER, scopes=frozenset({Scope.ORDERS_WRITE})
        ),
        OrderPermissions.DISCOUNT: Needs(Role.MANAGER, scopes=frozenset({Scope.ORDERS_WRITE})),
        OrderPermissions.APPROVE_LARGE_TIPS: Needs(
            Role.MANAGER, scopes=frozenset({Scope.ORDERS_WRITE})
        ),
        OrderPermissions.CANCEL_SENT_OR_PAID: Needs(
            Role.MANAGER, scopes=frozenset({Scope.ORDERS_WRITE})
        ),
        OrderPermissions.REFUND: Needs(Role.MANAGER, scopes=frozenset({Scope.ORDERS_WRITE})),
        OrderPermissions.REOPEN: Needs(Role.MANAGER, scopes=frozenset({Scope.ORDERS_WRITE})),
        OrderPermissions.WAIVE_SERVICE_CHARGES: Needs(
            Role.MANAGER, scopes=frozenset({Scope.ORDERS_WRITE})
        ),
        OrderPermissions.READ_PAYMENTS: Needs(
            Role.MANAGER, scopes=frozenset({Scope.PAYMENTS_READ})
        ),
    }
)


def permission_to_void(status: ItemStatus) -> Permission:
    """A server voids what the kitchen has not seen; once sent, it takes a manager."""
    return OrderPermissions.VOID_SENT_ITEMS if is_sent(status) else OrderPermissions.TAKE_ORDERS


def permission_to_cancel(*, anything_sent: bool, refund_cents: int) -> Permission:
    """A server may cancel an order nothing of which was sent or paid; past that, a manager."""
    if anything_sent or refund_cents:
        return OrderPermissions.CANCEL_SENT_OR_PAID
    return OrderPermissions.TAKE_ORDERS


def permission_to_waive_charge() -> Permission:
    """A server takes off a charge a server added; the location's automatic one, a manager."""
    return OrderPermissions.WAIVE_SERVICE_CHARGES


def permission_to_change_item(fields: Iterable[str]) -> Permission:
    """The kitchen moves an item's status; changing its quantity or notes is a server's."""
    if set(fields) <= {"status"}:
        return OrderPermissions.SET_ITEM_STATUS
    return OrderPermissions.TAKE_ORDERS


def tip_needs_approval(amount_cents: int, tip_cents: int, ratio: Decimal) -> bool:
    """A tip above ``ratio`` x its payment's amount (BRIGADE_TIP_APPROVAL_RATIO) is unusual
    enough, and refunded with the payment on a cancel, that a manager must approve it."""
    return tip_cents > ratio * amount_cents


def check_tip_approval(amount_cents: int, tip_cents: int, ratio: Decimal, actor: Actor) -> bool:
    """Refuse a tip that needs approval from a role that cannot give it (403
    ``tip_needs_approval``). Answers whether it needed approval: those are audited."""
    if not tip_needs_approval(amount_cents, tip_cents, ratio):
        return False
    if not allows(actor.role, OrderPermissions.APPROVE_LARGE_TIPS):
        raise TipNeedsApproval(
            f"a tip above {ratio} x the payment's amount needs the "
            f"{REQUIRED_ROLE[OrderPermissions.APPROVE_LARGE_TIPS]} role; this token is {actor.role}"
        )
    return True
