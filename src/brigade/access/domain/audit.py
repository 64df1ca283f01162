"""What the audit log records: the actions that move money or availability, or grant access."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any
from uuid import UUID

from brigade.kit.access import Actor


class AuditAction(StrEnum):
    ITEM_VOIDED = "order.item_voided"
    ITEM_PARTLY_VOIDED = "order.item_partly_voided"
    DISCOUNT_APPLIED = "order.discount_applied"
    ORDER_CANCELLED = "order.cancelled"
    ORDER_REOPENED = "order.reopened"
    ORDER_TRANSFERRED = "order.transferred"
    # Money moving between checks (docs/design.md §5): who split, moved or merged what.
    ORDER_SPLIT = "order.split"
    ITEMS_MOVED = "order.items_moved"
    ORDERS_MERGED = "order.merged"
    TIP_APPROVED = "order.tip_approved"
    TIP_ADJUSTED = "order.tip_adjusted"
    ORDER_REFUNDED = "order.refunded"
    SERVICE_CHARGE_WAIVED = "order.service_charge_waived"
    PRODUCT_86D = "product.86d"
    PRODUCT_UN86D = "product.un86d"
    PRICE_CHANGED = "product.price_changed"
    STOCK_ADJUSTED = "product.stock_adjusted"
    STOCK_COUNTED = "product.stock_counted"
    STAFF_CREATED = "staff.created"
    STAFF_CHANGED = "staff.changed"
    TOKEN_CREATED = "token.created"  # noqa: S105
    TOKEN_REVOKED = "token.revoked"  # noqa: S105
    # The dining room: who paired what, who set a PIN, whose PIN sign-in locked.
    LOCATION_PROFILE_SET = "location.profile_set"
    DEVICE_PAIRED = "device.paired"
    DEVICE_REVOKED = "device.revoked"
    PIN_SET = "staff.pin_set"
    # The back office's sign-in name and password (never the password itself).
    PASSWORD_SET = "staff.password_set"  # noqa: S105
    PIN_LOCKED = "staff.pin_locked"
    PIN_WRONG = "staff.pin_wrong"
    # The till: cash in and out of a drawer, and its count.
    DRAWER_OPENED = "cash_drawer.opened"
    DRAWER_MOVEMENT = "cash_drawer.movement"
    DRAWER_CLOSED = "cash_drawer.closed"


class AuditedEntity(StrEnum):
    ORDER = "order"
    ORDER_ITEM = "order_item"
    PAYMENT = "payment"
    PRODUCT = "product"
    STAFF = "staff"
    TOKEN = "token"  # noqa: S105
    LOCATION = "location"
    DEVICE = "device"
    CASH_DRAWER = "cash_drawer"


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """Who did what to which record, when and why; ``before``/``after`` hold the fields that
    changed, as JSON values (money as decimal strings)."""

    id: UUID
    at: datetime
    location_id: UUID | None
    staff_id: UUID | None
    staff_name: str
    action: AuditAction
    entity_type: AuditedEntity
    entity_id: UUID
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    reason: str | None
    # The manager whose PIN approved the action on the spot (docs/design.md §10), if any.
    approved_by_id: UUID | None = None
    approved_by_name: str | None = None


@dataclass(frozen=True, slots=True)
class NamedAuditEntry(AuditEntry):
    """An entry as the log is read: with the names people know what it concerns by, resolved
    when read (the check's number and table, the person, the device), null where it concerns
    none or the record is gone."""

    order_id: UUID | None = None
    order_number: int | None = None
    table_name: str | None = None
    person_name: str | None = None
    device_name: str | None = None


@dataclass(frozen=True, slots=True)
class AuditFilter:
    """What an audit list is narrowed to; an absent (None) filter filters nothing."""

    location_id: UUID | None = None
    action: AuditAction | None = None
    staff_id: UUID | None = None
    at_from: datetime | None = None  # inclusive
    at_before: datetime | None = None  # exclusive


@dataclass(frozen=True, slots=True)
class AuditNote:
    """What another feature's change asks the audit log to keep, in that change's transaction
    (access/listeners.py): ``before``/``after`` hold the fields that changed, as JSON values
    (money as decimal strings)."""

    actor: Actor
    action: AuditAction
    entity: tuple[AuditedEntity, UUID]
    location_id: UUID | None = None
    before: Mapping[str, Any] | None = None
    after: Mapping[str, Any] | None = None
    reason: str | None = None
