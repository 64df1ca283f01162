"""The orders' errors and their answers (docs/design.md §2): an order's state, its items,
payments, refunds, checks and tips."""

from __future__ import annotations

from decimal import Decimal

from brigade.kit.errors import Conflict, Forbidden, declare_answers


class OrderClosed(Conflict):
    pass


class InvalidTransition(Conflict):
    pass


class NothingToSend(Conflict):
    pass


class Overpayment(Conflict):
    def __init__(self, detail: str, balance_due: Decimal) -> None:
        super().__init__(detail)
        self.balance_due = balance_due


class BalanceDue(Conflict):
    def __init__(self, detail: str, balance_due: Decimal) -> None:
        super().__init__(detail)
        self.balance_due = balance_due


class DiscountTooLarge(Conflict):
    pass


class ItemNotEditable(Conflict):
    pass


class TooManyItems(Conflict):
    pass


class ItemAlreadySent(Conflict):
    """More of a sent item: the kitchen works from its ticket, so it goes on a new line."""


class RefundExceedsPaid(Conflict):
    """A refund of more than was paid less what was already refunded (of the order, or of the
    payment it goes back to)."""

    def __init__(self, detail: str, refundable_amount: Decimal, refundable_tip: Decimal) -> None:
        super().__init__(detail)
        self.refundable_amount = refundable_amount
        self.refundable_tip = refundable_tip


class CheckHasPayments(Conflict):
    """Only an unpaid check is split: its payments would belong to no one check."""


class WouldOverpay(Conflict):
    """Moving lines off a check would leave its payments above what it comes to."""


class TipNotAdjustable(Conflict):
    """Only a card payment's tip is adjusted (a cash tip is in the drawer already)."""


class ServiceChargeApplied(Conflict):
    """The service charge already applies to the order."""


class BusinessDayClosed(Conflict):
    """The payment was taken on a business day that has ended: its tips are settled."""


class DayClosed(Conflict):
    """The sale is in a closed Z (docs/design.md §18): its figures are final."""


class IdInUse(Conflict):
    """An id the client chose already names something made by another request."""


class TipNeedsApproval(Forbidden):
    """A tip this large needs a role above the caller's."""


class TableOccupied(Conflict):
    """A table with a DRAFT or OPEN order on it can't be deleted."""


ERRORS = declare_answers(
    {
        OrderClosed: (409, "order_closed"),
        InvalidTransition: (409, "invalid_transition"),
        NothingToSend: (409, "nothing_to_send"),
        Overpayment: (409, "overpayment"),
        BalanceDue: (409, "balance_due"),
        DiscountTooLarge: (409, "discount_too_large"),
        ItemNotEditable: (409, "item_not_editable"),
        TooManyItems: (409, "too_many_items"),
        ItemAlreadySent: (409, "item_already_sent"),
        RefundExceedsPaid: (409, "refund_exceeds_paid"),
        CheckHasPayments: (409, "check_has_payments"),
        WouldOverpay: (409, "would_overpay"),
        TipNotAdjustable: (409, "tip_not_adjustable"),
        ServiceChargeApplied: (409, "service_charge_already_applied"),
        BusinessDayClosed: (409, "business_day_closed"),
        DayClosed: (409, "day_closed"),
        IdInUse: (409, "id_in_use"),
        TipNeedsApproval: (403, "tip_needs_approval"),
        TableOccupied: (409, "table_occupied"),
    }
)
