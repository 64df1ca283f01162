"""Order records as responses: cents become amounts, staff become ``{staffId, name}``."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from fastapi import Response

from brigade.kit import money
from brigade.kit.access import Role, allows
from brigade.kit.http.json_answers import cents as amount
from brigade.kit.http.json_answers import instant, uuid_text
from brigade.kit.http.schemas import modifiers_out, order_number, staff_ref
from brigade.orders.domain.aggregate import NO_SHARE, ItemShare, Order
from brigade.orders.domain.permissions import OrderPermissions
from brigade.orders.domain.records import OrderHeader, OrderItem, OrderPayment
from brigade.orders.domain.refunds import OrderRefund
from brigade.orders.domain.settlement import SettledPayment
from brigade.orders.domain.totals import OrderTotals, RateTotal
from brigade.orders.schemas import (
    ItemEventOut,
    OrderDetail,
    OrderItemOut,
    OrderServiceChargeOut,
    OrderSummary,
    OrderTotalsOut,
    PaymentDetail,
    PaymentOut,
    RefundedItemOut,
    RefundOut,
    SettledPaymentOut,
    TaxOut,
)

cents = money.from_cents


def rate_number(units: int) -> float:
    """A rate as the JSON answers write it: 0.2 for 20 %."""
    return units / money.RATE_SCALE


def item_out(item: OrderItem, share: ItemShare) -> OrderItemOut:
    """An item with its part of its rate's tax and of the discount (``Order.item_shares``)."""
    return OrderItemOut(
        id=item.id,
        product_id=item.product_id,
        variant_id=item.variant_id,
        name=item.name,
        quantity=item.quantity,
        unit_price=cents(item.unit_price_cents),
        total=cents(item.total_cents),
        tax_rate_id=item.tax_rate_id,
        tax_rate=money.rate_from_units(item.tax_rate_units),
        tax_amount=cents(share.tax_cents),
        discount_amount=cents(share.discount_cents),
        modifiers=modifiers_out(item.modifiers),
        notes=item.notes,
        status=item.status,
        void_reason=item.void_reason,
        seat=item.seat,
        course=item.course,
        sent_as=item.sent_as_id,
        created_at=item.created_at,
        updated_at=item.updated_at,
    )


def items_out(order: Order) -> list[OrderItemOut]:
    shares = order.item_shares()
    return [item_out(item, shares.get(item.id, NO_SHARE)) for item in order.items]


def item_of_order(order: Order, item_id: UUID) -> OrderItemOut:
    return item_out(order.item(item_id), order.item_shares().get(item_id, NO_SHARE))


def item_event(order: Order, item_id: UUID) -> ItemEventOut:
    """An ``item.*`` event's data: the item, its order's number and totals."""
    header = order.header
    item = item_of_order(order, item_id)
    totals = OrderTotalsOut(
        id=header.id,
        order_number=order_number(header.order_number),
        status=header.status,
        currency=header.currency,
        subtotal=cents(header.subtotal_cents),
        discount_amount=cents(header.discount_cents),
        service_charge_total=cents(header.service_charge_cents),
        tax_amount=cents(header.tax_cents),
        total=cents(header.total_cents),
        paid_amount=cents(header.paid_cents),
        balance_due=cents(header.balance_due_cents),
        version=header.version,
    )
    return ItemEventOut(**dict(item), order_number=totals.order_number, order=totals)


def _payment_fields(payment: OrderPayment, viewer: Role) -> dict[str, Any]:
    """A payment as ``viewer`` may see it: without card, brand and who took it for a role that
    may not see payment details (the kitchen), which still sees what was paid."""
    fields: dict[str, Any] = {
        "id": payment.id,
        "amount": cents(payment.amount_cents),
        "tip_amount": cents(payment.tip_cents),
        "rounding_adjustment": cents(payment.rounding_cents),
        "currency": payment.currency,
        "status": payment.status,
        "card_last_four": None,
        "card_brand": None,
        "processed_at": payment.processed_at,
        "taken_by": None,
    }
    if allows(viewer, OrderPermissions.SEE_PAYMENT_DETAILS):
        fields["card_last_four"] = payment.card_last_four
        fields["card_brand"] = payment.card_brand
        fields["taken_by"] = staff_ref(payment.taken_by_id, payment.taken_by_name)
    return fields


def payment_detail(payment: OrderPayment, viewer: Role) -> PaymentDetail:
    return PaymentDetail(
        **_payment_fields(payment, viewer), order_id=payment.order_id, payment_method=payment.method
    )


def refund_out(refund: OrderRefund, viewer: Role) -> RefundOut:
    """A refund as ``viewer`` may see it: who gave it back hidden as who took a payment is."""
    refunded_by = None
    if allows(viewer, OrderPermissions.SEE_PAYMENT_DETAILS):
        refunded_by = staff_ref(refund.refunded_by_id, refund.refunded_by_name)
    return RefundOut(
        id=refund.id,
        order_id=refund.order_id,
        payment_id=refund.payment_id,
        amount=cents(refund.amount_cents),
        tip_amount=cents(refund.tip_cents),
        currency=refund.currency,
        payment_method=refund.method,
        method=refund.method,
        reason=refund.reason,
        items=[
            RefundedItemOut(
                item_id=part.item_id, quantity=part.quantity, amount=cents(part.amount_cents)
            )
            for part in refund.items
        ],
        refunded_by=refunded_by,
        created_at=refund.created_at,
    )


def settled_payment(settled: SettledPayment, viewer: Role) -> SettledPaymentOut:
    payment = settled.payment
    return SettledPaymentOut(
        **_payment_fields(payment, viewer),
        order_id=payment.order_id,
        payment_method=payment.method,
        order_number=order_number(settled.order_number),
        location_id=settled.location_id,
        order_type=settled.order_type,
        table_name=settled.table_name,
        customer_name=settled.customer_name,
        refunded_amount=cents(settled.refunded_cents),
        refunded_tip=cents(settled.refunded_tip_cents),
    )


def payments_out(order: Order, viewer: Role) -> list[PaymentOut]:
    """The order's payments as ``viewer`` may see them, as the order detail lists them."""
    return [
        PaymentOut(**_payment_fields(p, viewer), payment_method=p.method, method=p.method)
        for p in order.payments
    ]


def _summary_fields(header: OrderHeader) -> dict[str, Any]:
    return {
        "id": header.id,
        "order_number": order_number(header.order_number),
        "status": header.status,
        "order_type": header.order_type,
        "table_id": header.table_id,
        "table_name": header.table_name,
        "location_id": header.location_id,
        "customer_name": header.customer_name,
        "pickup_at": header.pickup_at,
        "currency": header.currency,
        "subtotal": cents(header.subtotal_cents),
        "total": cents(header.total_cents),
        "balance_due": cents(header.balance_due_cents),
        "created_at": header.created_at,
        "opened_by": staff_ref(header.opened_by_id, header.opened_by_name),
    }


def summary(header: OrderHeader) -> OrderSummary:
    return OrderSummary(**_summary_fields(header))


def _tax_out(rate: RateTotal) -> TaxOut:
    return TaxOut(
        tax_rate_id=rate.tax.id,
        name=rate.tax.label,
        rate=money.rate_from_units(rate.tax.units),
        net_amount=cents(rate.net_cents),
        tax_amount=cents(rate.tax_cents),
        gross_amount=cents(rate.gross_cents),
    )


def _charges(order: Order, totals: OrderTotals) -> list[OrderServiceChargeOut]:
    """The service charges that apply, each with what it comes to and its tax."""
    applying = order.header.applying_charges()
    amounts = zip(applying, totals.charge_amounts, totals.charge_taxes, strict=True)
    return [
        OrderServiceChargeOut(
            service_charge_id=charge.service_charge_id,
            name=charge.name,
            rate=None if charge.rate_units is None else money.rate_from_units(charge.rate_units),
            amount=cents(amount),
            tax_rate_id=None if charge.tax is None else charge.tax.id,
            tax_amount=cents(tax),
            automatic=charge.automatic,
        )
        for charge, amount, tax in amounts
    ]


def detail(order: Order, viewer: Role) -> OrderDetail:
    header = order.header
    totals = order.totals()
    shares = order.item_shares(totals)
    return OrderDetail(
        **_summary_fields(header),
        customer_id=header.customer_id,
        guest_count=header.guest_count,
        notes=header.notes,
        items=[item_out(item, shares.get(item.id, NO_SHARE)) for item in order.items],
        fired_courses=list(header.fired_courses),
        discount_amount=cents(header.discount_cents),
        tax_amount=cents(header.tax_cents),
        tax_mode=header.tax_mode,
        taxes=[_tax_out(rate) for rate in header.taxes],
        service_charges=_charges(order, totals),
        service_charge_total=cents(header.service_charge_cents),
        rounding_adjustment=cents(header.rounding_cents),
        cash_balance_due=cents(header.cash_balance_due_cents),
        paid_amount=cents(header.paid_cents),
        tip_total=cents(header.tip_cents),
        payments=payments_out(order, viewer),
        refunds=[refund_out(refund, viewer) for refund in order.refunds],
        version=header.version,
        completed_by=staff_ref(header.completed_by_id, header.completed_by_name),
        cancelled_by=staff_ref(header.cancelled_by_id, header.cancelled_by_name),
        updated_at=header.updated_at,
        completed_at=header.completed_at,
        cancelled_at=header.cancelled_at,
        merged_into=header.merged_into,
        receipt_number=header.receipt_number,
    )


# --- the order detail straight to JSON (kit/http/json_answers.py): get order is a hot read -----


def _staff_json(staff_id: UUID | None, name: str | None) -> dict[str, Any] | None:
    return None if name is None else {"staffId": uuid_text(staff_id), "name": name}


def _item_json(item: OrderItem, share: ItemShare) -> dict[str, Any]:
    return {
        "id": uuid_text(item.id),
        "productId": uuid_text(item.product_id),
        "variantId": uuid_text(item.variant_id),
        "name": item.name,
        "quantity": float(item.quantity),
        "unitPrice": amount(item.unit_price_cents),
        "total": amount(item.total_cents),
        "taxRateId": uuid_text(item.tax_rate_id),
        "taxRate": rate_number(item.tax_rate_units),
        "taxAmount": amount(share.tax_cents),
        "discountAmount": amount(share.discount_cents),
        "modifiers": [
            {
                "modifierOptionId": uuid_text(m.modifier_option_id),
                "name": m.name,
                "price": amount(m.price_cents),
            }
            for m in item.modifiers
        ],
        "notes": item.notes,
        "status": item.status.value,
        "voidReason": item.void_reason,
        "seat": item.seat,
        "course": item.course,
        "sentAs": uuid_text(item.sent_as_id),
        "createdAt": instant(item.created_at),
        "updatedAt": instant(item.updated_at),
    }


def _payment_json(payment: OrderPayment, sees_details: bool) -> dict[str, Any]:
    return {
        "id": uuid_text(payment.id),
        "amount": amount(payment.amount_cents),
        "tipAmount": amount(payment.tip_cents),
        "roundingAdjustment": amount(payment.rounding_cents),
        "currency": payment.currency,
        "status": payment.status.value,
        "cardLastFour": payment.card_last_four if sees_details else None,
        "cardBrand": payment.card_brand if sees_details else None,
        "processedAt": instant(payment.processed_at),
        "takenBy": _staff_json(payment.taken_by_id, payment.taken_by_name)
        if sees_details
        else None,
        "paymentMethod": payment.method.value,
        "method": payment.method.value,
    }


def _refund_json(refund: OrderRefund, sees_details: bool) -> dict[str, Any]:
    return {
        "id": uuid_text(refund.id),
        "orderId": uuid_text(refund.order_id),
        "paymentId": uuid_text(refund.payment_id),
        "amount": amount(refund.amount_cents),
        "tipAmount": amount(refund.tip_cents),
        "currency": refund.currency,
        "paymentMethod": refund.method.value,
        "method": refund.method.value,
        "reason": refund.reason,
        "items": [
            {
                "itemId": uuid_text(part.item_id),
                "quantity": float(part.quantity),
                "amount": amount(part.amount_cents),
            }
            for part in refund.items
        ],
        "refundedBy": _staff_json(refund.refunded_by_id, refund.refunded_by_name)
        if sees_details
        else None,
        "createdAt": instant(refund.created_at),
    }


def detail_json(order: Order, viewer: Role) -> dict[str, Any]:
    """``OrderDetail``'s JSON, as ``detail`` would answer it."""
    header = order.header
    sees_details = allows(viewer, OrderPermissions.SEE_PAYMENT_DETAILS)
    totals = order.totals()
    shares = order.item_shares(totals)
    return {
        "id": uuid_text(header.id),
        "orderNumber": order_number(header.order_number),
        "status": header.status.value,
        "orderType": header.order_type.value,
        "tableId": uuid_text(header.table_id),
        "tableName": header.table_name,
        "locationId": uuid_text(header.location_id),
        "customerName": header.customer_name,
        "pickupAt": instant(header.pickup_at),
        "currency": header.currency,
        "subtotal": amount(header.subtotal_cents),
        "total": amount(header.total_cents),
        "balanceDue": amount(header.balance_due_cents),
        "createdAt": instant(header.created_at),
        "customerId": uuid_text(header.customer_id),
        "guestCount": header.guest_count,
        "notes": header.notes,
        "items": [_item_json(item, shares.get(item.id, NO_SHARE)) for item in order.items],
        "firedCourses": list(header.fired_courses),
        "discountAmount": amount(header.discount_cents),
        "taxAmount": amount(header.tax_cents),
        "taxMode": header.tax_mode.value,
        "taxes": [
            {
                "taxRateId": uuid_text(rate.tax.id),
                "name": rate.tax.label,
                "rate": rate_number(rate.tax.units),
                "netAmount": amount(rate.net_cents),
                "taxAmount": amount(rate.tax_cents),
                "grossAmount": amount(rate.gross_cents),
            }
            for rate in header.taxes
        ],
        "serviceCharges": [
            c.model_dump(mode="json", by_alias=True) for c in _charges(order, totals)
        ],
        "serviceChargeTotal": amount(header.service_charge_cents),
        "roundingAdjustment": amount(header.rounding_cents),
        "cashBalanceDue": amount(header.cash_balance_due_cents),
        "paidAmount": amount(header.paid_cents),
        "tipTotal": amount(header.tip_cents),
        "payments": [_payment_json(p, sees_details) for p in order.payments],
        "refunds": [_refund_json(refund, sees_details) for refund in order.refunds],
        "version": header.version,
        "openedBy": _staff_json(header.opened_by_id, header.opened_by_name),
        "completedBy": _staff_json(header.completed_by_id, header.completed_by_name),
        "cancelledBy": _staff_json(header.cancelled_by_id, header.cancelled_by_name),
        "updatedAt": instant(header.updated_at),
        "completedAt": instant(header.completed_at),
        "cancelledAt": instant(header.cancelled_at),
        "mergedInto": None if header.merged_into is None else str(header.merged_into),
        "receiptNumber": header.receipt_number,
    }


def etag(order: Order) -> str:
    return f'"{order.header.version}"'


def tag(response: Response, order: Order) -> None:
    """Every answer about one order carries its version as the ETag."""
    response.headers["ETag"] = etag(order)


def created(response: Response, order: Order, location: str) -> None:
    response.headers["Location"] = location
    tag(response, order)
