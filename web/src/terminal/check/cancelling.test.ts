import { describe, expect, it } from "vitest";
import { anItem, anOrder } from "../../shared/fixtures";
import type { Order, Payment, Role } from "../../shared/types";
import { refundOnCancel, whyManager } from "./cancelling";

const payment = (amount: number, tipAmount: number, status: Payment["status"] = "COMPLETED"): Payment => ({
  id: `p${amount}`,
  amount,
  tipAmount,
  roundingAdjustment: 0,
  currency: "USD",
  status,
  cardLastFour: null,
  cardBrand: null,
  processedAt: "2026-01-01T00:00:00Z",
  takenBy: null,
  paymentMethod: "CASH",
  method: "CASH",
});

describe("refundOnCancel", () => {
  it("gives back what was paid, tips included, and nothing refunded already", () => {
    const order = anOrder({ payments: [payment(10, 1.5), payment(4, 0, "REFUNDED"), payment(2.25, 0)] });
    expect(refundOnCancel(order)).toBe(1375);
  });
});

describe("whyManager", () => {
  const unsent = anOrder();
  const sent = anOrder({ items: [anItem("a", "Latte", { status: "PREPARING" })] });
  const paid = anOrder({ payments: [payment(5, 0)] });
  it.each<[string, Order, Role, RegExp | null]>([
    ["a server cancels a check with nothing sent or paid", unsent, "SERVER", null],
    ["a voided line was never sent", anOrder({ items: [anItem("a", "Latte", { status: "VOIDED" })] }), "SERVER", null],
    [
      "a payment refunded already takes nothing back",
      anOrder({ payments: [payment(5, 0, "REFUNDED")] }),
      "SERVER",
      null,
    ],
    ["a server needs a manager once an item was sent", sent, "SERVER", /^Items were sent/],
    ["a server needs a manager once a payment was taken", paid, "SERVER", /^Payments were taken/],
    [
      "both are said",
      anOrder({ items: sent.items, payments: paid.payments }),
      "SERVER",
      /sent to the kitchen and payments taken/,
    ],
    ["a manager cancels it themselves", sent, "MANAGER", null],
    ["so does an admin", paid, "ADMIN", null],
  ])("%s", (_name, order, role, said) => {
    const why = whyManager(order, role);
    if (said === null) expect(why).toBeNull();
    else expect(why).toMatch(said);
  });
});
