"""Which permission an order action needs, by what the order has been through: a server
changes what the kitchen has not seen; past that it takes a manager (docs/design.md §7)."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from brigade.kit.access import REQUIRED_ROLE, Actor, Permission, allows
from brigade.orders.domain.errors import TipNeedsApproval
from brigade.orders.domain.states import ItemStatus, is_sent


def permission_to_void(status: ItemStatus) -> Permission:
    """A server voids what the kitchen has not seen; once sent, it takes a manager."""
    return Permission.VOID_SENT_ITEMS if is_sent(status) else Permission.TAKE_ORDERS


def permission_to_cancel(*, anything_sent: bool, refund_cents: int) -> Permission:
    """A server may cancel an order nothing of which was sent or paid; past that, a manager."""
    if anything_sent or refund_cents:
        return Permission.CANCEL_SENT_OR_PAID
    return Permission.TAKE_ORDERS


def permission_to_waive_charge() -> Permission:
    """A server takes off a charge a server added; the location's automatic one, a manager."""
    return Permission.WAIVE_SERVICE_CHARGES


def permission_to_change_item(fields: Iterable[str]) -> Permission:
    """The kitchen moves an item's status; changing its quantity or notes is a server's."""
    if set(fields) <= {"status"}:
        return Permission.SET_ITEM_STATUS
    return Permission.TAKE_ORDERS


def tip_needs_approval(amount_cents: int, tip_cents: int, ratio: Decimal) -> bool:
    """A tip above ``ratio`` x its payment's amount (BRIGADE_TIP_APPROVAL_RATIO) is unusual
    enough, and refunded with the payment on a cancel, that a manager must approve it."""
    return tip_cents > ratio * amount_cents


def check_tip_approval(amount_cents: int, tip_cents: int, ratio: Decimal, actor: Actor) -> bool:
    """Refuse a tip that needs approval from a role that cannot give it (403
    ``tip_needs_approval``). Answers whether it needed approval: those are audited."""
    if not tip_needs_approval(amount_cents, tip_cents, ratio):
        return False
    if not allows(actor.role, Permission.APPROVE_LARGE_TIPS):
        raise TipNeedsApproval(
            f"a tip above {ratio} x the payment's amount needs the "
            f"{REQUIRED_ROLE[Permission.APPROVE_LARGE_TIPS]} role; this token is {actor.role}"
        )
    return True
