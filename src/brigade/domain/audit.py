"""What the audit log records: the actions that move money or availability, or grant access."""

from __future__ import annotations

from enum import StrEnum


class AuditAction(StrEnum):
    ITEM_VOIDED = "order.item_voided"
    ITEM_PARTLY_VOIDED = "order.item_partly_voided"
    DISCOUNT_APPLIED = "order.discount_applied"
    ORDER_CANCELLED = "order.cancelled"
    ORDER_TRANSFERRED = "order.transferred"
    TIP_APPROVED = "order.tip_approved"
    PRODUCT_86D = "product.86d"
    PRODUCT_UN86D = "product.un86d"
    PRICE_CHANGED = "product.price_changed"
    STAFF_CREATED = "staff.created"
    STAFF_CHANGED = "staff.changed"
    TOKEN_CREATED = "token.created"  # noqa: S105
    TOKEN_REVOKED = "token.revoked"  # noqa: S105


class AuditedEntity(StrEnum):
    ORDER = "order"
    ORDER_ITEM = "order_item"
    PAYMENT = "payment"
    PRODUCT = "product"
    STAFF = "staff"
    TOKEN = "token"  # noqa: S105
