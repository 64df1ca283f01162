import { describe, expect, it } from "vitest";
import { aPayment, anOrder } from "../../shared/fixtures";
import { formatMoney } from "../../shared/money";
import { closesAfterPayment, paidWords } from "./closing";

describe("whether a paid check closes by itself", () => {
  const completed = anOrder({ status: "COMPLETED", balanceDue: 0, cashBalanceDue: 0 });

  it.each<[string, Parameters<typeof closesAfterPayment>, boolean]>([
    ["completed, no change", [completed, 0], true],
    ["completed, no cash payment (card)", [completed, null], true],
    ["completed, change to give: the receipt shows it", [completed, 500], false],
    ["left open (auto-complete off, something unsent, offline)", [anOrder({ balanceDue: 0 }), 0], false],
    ["no order", [null, 0], false],
  ])("%s", (_, [order, change], closes) => {
    expect(closesAfterPayment(order, change)).toBe(closes);
  });
});

describe("the floor's line for a check that closed itself", () => {
  const money = (cents: number) => formatMoney(cents);

  it("says the check, what was taken and how", () => {
    const order = anOrder({ status: "COMPLETED", payments: [aPayment("CASH", 12.4)] });
    expect(paidWords(order, money)).toBe("Check #1042 paid · $12.40 cash");
  });

  it("counts card tips and names each method once, in the order used", () => {
    const order = anOrder({
      status: "COMPLETED",
      payments: [
        aPayment("CASH", 20, { id: "p1" }),
        aPayment("CARD", 5.5, { id: "p2", tipAmount: 1 }),
        aPayment("CASH", 0.1),
      ],
    });
    expect(paidWords(order, money)).toBe("Check #1042 paid · $26.60 cash and card");
  });

  it("leaves out a refunded payment", () => {
    const order = anOrder({
      status: "COMPLETED",
      payments: [aPayment("CARD", 3, { id: "p1", status: "REFUNDED" }), aPayment("GIFT_CARD", 7, { id: "p2" })],
    });
    expect(paidWords(order, money)).toBe("Check #1042 paid · $7.00 gift card");
  });
});
