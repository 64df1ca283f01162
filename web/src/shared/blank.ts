// An order with nothing on it yet: the check a tablet opens before the server has answered
// (its number is the server's to give), and the base of the tests' orders.

import type { Order } from "./types";

export type OrderOpening = Pick<
  Order,
  "id" | "orderType" | "tableId" | "tableName" | "locationId" | "currency" | "guestCount" | "customerName" | "createdAt"
>;

export function blankOrder(opening: OrderOpening): Order {
  return {
    ...opening,
    orderNumber: "#new",
    status: "DRAFT",
    subtotal: 0,
    total: 0,
    balanceDue: 0,
    customerId: null,
    pickupAt: null,
    notes: null,
    items: [],
    firedCourses: [],
    discountAmount: 0,
    taxAmount: 0,
    taxMode: "EXCLUSIVE",
    taxes: [],
    serviceCharges: [],
    serviceChargeTotal: 0,
    roundingAdjustment: 0,
    cashBalanceDue: 0,
    paidAmount: 0,
    tipTotal: 0,
    payments: [],
    refunds: [],
    version: 0,
    openedBy: null,
    completedBy: null,
    cancelledBy: null,
    updatedAt: opening.createdAt,
    completedAt: null,
    cancelledAt: null,
    mergedInto: null,
  };
}
