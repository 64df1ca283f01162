import { describe, expect, it } from "vitest";
import { ApiError, Unreachable } from "./api/client";
import type { Order, OrderItem } from "./types";
import { inWords, whatChanged } from "./words";

const item = (id: string, name: string, extra: Partial<OrderItem> = {}): OrderItem => ({
  id,
  productId: id,
  variantId: null,
  name,
  quantity: 1,
  unitPrice: 4,
  total: 4,
  modifiers: [],
  notes: null,
  status: "PENDING",
  voidReason: null,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  ...extra,
});

const order = (extra: Partial<Order> = {}): Order => ({
  id: "o",
  orderNumber: "#1042",
  status: "OPEN",
  orderType: "DINE_IN",
  tableId: "t4",
  tableName: "4",
  total: 10,
  balanceDue: 10,
  createdAt: "2026-01-01T00:00:00Z",
  guestCount: 3,
  items: [item("a", "Latte")],
  subtotal: 10,
  discountAmount: 0,
  taxAmount: 0,
  paidAmount: 0,
  tipTotal: 0,
  payments: [],
  version: 3,
  locationId: "L",
  customerId: null,
  notes: null,
  refunds: [],
  openedBy: null,
  completedBy: null,
  cancelledBy: null,
  updatedAt: "2026-01-01T00:00:00Z",
  completedAt: null,
  cancelledAt: null,
  ...extra,
});

describe("words", () => {
  it("says what another terminal changed", () => {
    const after = order({
      items: [item("a", "Latte", { status: "VOIDED" }), item("b", "Fries", { quantity: 2 })],
      discountAmount: 5,
    });
    expect(whatChanged(order(), after)).toBe(
      "Check #1042 was changed on another terminal: voided Latte, added 2 Fries, set a discount of $5.00.",
    );
    expect(whatChanged(order(), order({ version: 4 }))).toBe(
      "Check #1042 was changed on another terminal: changed it.",
    );
  });

  it("explains errors in words", () => {
    expect(inWords(new ApiError(409, "product_unavailable", "Steak is 86'd."))).toBe("Steak is 86'd.");
    expect(inWords(new Unreachable("x"))).toBe("The server cannot be reached.");
    expect(inWords(new Error("x"))).toMatch(/try again/);
  });
});
