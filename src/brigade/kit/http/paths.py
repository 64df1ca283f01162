"""The path parameters every resource's URL names: camelCase in the OpenAPI like every other
parameter (`{orderId}`), snake_case in Python; the URLs themselves are the same.

Each is an opaque id the API answered (`id` of the resource it names).
"""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Path


def _id(alias: str, what: str) -> object:
    return Path(alias=alias, description=f"The {what}'s `id`.")


CardCheckoutId = Annotated[UUID, _id("checkoutId", "card checkout")]
CategoryId = Annotated[UUID, _id("categoryId", "category")]
DeliveryId = Annotated[UUID, _id("deliveryId", "webhook delivery")]
DeviceId = Annotated[UUID, _id("deviceId", "paired device")]
GuestRoundId = Annotated[UUID, _id("roundId", "guests' round")]
DrawerId = Annotated[UUID, _id("drawerId", "cash drawer session")]
ModifierGroupId = Annotated[UUID, _id("groupId", "modifier group")]
ItemId = Annotated[UUID, _id("itemId", "order item (a line of the order)")]
LocationId = Annotated[UUID, _id("locationId", "location")]
OrderId = Annotated[UUID, _id("orderId", "order")]
PaymentId = Annotated[UUID, _id("paymentId", "payment (of this order)")]
PrinterId = Annotated[UUID, _id("printerId", "printer")]
PaymentReaderId = Annotated[UUID, _id("readerId", "payment reader")]
ProductId = Annotated[UUID, _id("productId", "product")]
RefundId = Annotated[UUID, _id("refundId", "refund (of this order)")]
ServiceChargeId = Annotated[UUID, _id("serviceChargeId", "service charge")]
StaffId = Annotated[UUID, _id("staffId", "staff member")]
StationId = Annotated[UUID, _id("stationId", "kitchen station")]
TableId = Annotated[UUID, _id("tableId", "table")]
TaxRateId = Annotated[UUID, _id("taxRateId", "tax rate")]
TicketId = Annotated[UUID, _id("ticketId", "kitchen ticket")]
TokenId = Annotated[UUID, _id("tokenId", "API token")]
VariantId = Annotated[UUID, _id("variantId", "product variant")]
WebhookId = Annotated[UUID, _id("webhookId", "webhook")]
