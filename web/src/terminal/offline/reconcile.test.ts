import { describe, expect, it } from "vitest";
import { anItem, anOrder } from "../../shared/fixtures";
import type { Order } from "../../shared/types";
import { seatAtFour, tabForSam } from "./fixtures";
import { applyOperation, approvalAsk, effectHeld, onTop, type Operation, settled } from "./operations";
import { rebased, reconcile } from "./reconcile";

const AT = "2026-01-01T20:14:00.000Z";
const fries: Operation = {
  kind: "add",
  orderId: "o",
  itemId: "i-fries",
  body: { productId: "p-fries", quantity: 2, modifiers: [] },
  name: "Fries",
  unitPrice: 450,
  modifiers: [],
};

// Each case: the order before, the operation, what the order shows after it.
type Case = [string, Order | null, Operation, (order: Order | null) => void];

/** A payment of the whole balance by `method` on a check whose cash balance rounds up. */
function payingAll(method: "CASH" | "CARD", name: string, paid: number, rounding: number): Case {
  return [
    `paying the whole balance: ${name}, and nothing is left to pay`,
    anOrder({ total: 11.03, balanceDue: 11.03, cashBalanceDue: 11.05 }),
    { kind: "pay", orderId: "o", paymentId: "pay1", body: { amount: paid, paymentMethod: method }, settles: true },
    (order) => {
      expect(order).toMatchObject({ balanceDue: 0, cashBalanceDue: 0, paidAmount: paid, roundingAdjustment: rounding });
      expect(order?.payments[0]).toMatchObject({ amount: paid, roundingAdjustment: rounding });
    },
  ];
}

const cases: Case[] = [
  [
    "a new check is made on the tablet, empty and unnumbered",
    null,
    seatAtFour,
    (order) => {
      expect(order).toMatchObject({ id: "o", status: "DRAFT", tableName: "4", guestCount: 2, total: 0, version: 0 });
    },
  ],
  [
    "a new bar tab carries its customer's name; one kept from before the names has none",
    null,
    tabForSam,
    (order) => expect(order).toMatchObject({ orderType: "BAR_TAB", customerName: "Sam" }),
  ],
  [
    "a check opened by an operation kept from before the names has no name",
    null,
    seatAtFour,
    (order) => expect(order?.customerName).toBeNull(),
  ],
  [
    "seating a check the tablet knows changes nothing",
    anOrder(),
    seatAtFour,
    (order) => expect(order).toEqual(anOrder()),
  ],
  ["an operation on a check the tablet does not know shows nothing", null, fries, (order) => expect(order).toBeNull()],
  [
    "an addition is an unsent line with its price, and the totals move by it",
    anOrder(),
    fries,
    (order) => {
      expect(order?.items.at(-1)).toMatchObject({
        id: "i-fries",
        name: "Fries",
        quantity: 2,
        total: 9,
        status: "PENDING",
      });
      expect(order).toMatchObject({ subtotal: 19, total: 19, balanceDue: 19 });
    },
  ],
  [
    "an addition the server already holds (its answer was lost) is not shown twice",
    anOrder({ items: [anItem("a", "Latte"), anItem("i-fries", "Fries", { quantity: 2, total: 9 })] }),
    fries,
    (order) => expect(order?.items).toHaveLength(2),
  ],
  [
    "a quantity is set, not added: the line's total follows",
    anOrder(),
    { kind: "quantity", orderId: "o", itemId: "a", quantity: 3 },
    (order) => {
      expect(order?.items[0]).toMatchObject({ quantity: 3, total: 12 });
      expect(order?.total).toBe(18);
    },
  ],
  [
    "a sent line's quantity is the server's to change",
    anOrder({ items: [anItem("a", "Latte", { status: "SENT" })] }),
    { kind: "quantity", orderId: "o", itemId: "a", quantity: 3 },
    (order) => expect(order?.items[0].quantity).toBe(1),
  ],
  [
    "a note is set on its line",
    anOrder(),
    { kind: "note", orderId: "o", itemId: "a", notes: "no ice" },
    (order) => expect(order?.items[0].notes).toBe("no ice"),
  ],
  [
    "a void strikes the line and takes it off the totals",
    anOrder(),
    { kind: "void", orderId: "o", itemId: "a", reason: "Entered by mistake" },
    (order) => {
      expect(order?.items[0]).toMatchObject({ status: "VOIDED", voidReason: "Entered by mistake" });
      expect(order?.total).toBe(6);
    },
  ],
  [
    "voiding a voided line moves no money twice",
    anOrder({ items: [anItem("a", "Latte", { status: "VOIDED" })], total: 6, balanceDue: 6 }),
    { kind: "void", orderId: "o", itemId: "a", reason: "Entered by mistake" },
    (order) => expect(order?.total).toBe(6),
  ],
  [
    "send marks the unsent lines sent and opens a draft",
    anOrder({ status: "DRAFT" }),
    { kind: "send", orderId: "o" },
    (order) => {
      expect(order?.items[0].status).toBe("SENT");
      expect(order?.status).toBe("OPEN");
    },
  ],
  [
    "a send holds a course not fired and fires course 1",
    anOrder({ status: "DRAFT", items: [anItem("a", "Soup"), anItem("b", "Steak", { course: 2 })] }),
    { kind: "send", orderId: "o" },
    (order) => {
      expect(order?.items.map((item) => item.status)).toEqual(["SENT", "PENDING"]);
      expect(order?.firedCourses).toEqual([1]);
    },
  ],
  [
    "firing a course sends its lines and a later send takes it too",
    anOrder({ firedCourses: [1], items: [anItem("a", "Steak", { course: 2 }), anItem("b", "Tart", { course: 3 })] }),
    { kind: "fire", orderId: "o", course: 2 },
    (order) => {
      expect(order?.items.map((item) => item.status)).toEqual(["SENT", "PENDING"]);
      expect(order?.firedCourses).toEqual([1, 2]);
    },
  ],
  [
    "a send with only held lines changes nothing (the server refuses it)",
    anOrder({ status: "DRAFT", items: [anItem("b", "Steak", { course: 2 })] }),
    { kind: "send", orderId: "o" },
    (order) => expect(order).toMatchObject({ status: "DRAFT", firedCourses: [] }),
  ],
  [
    "a line takes its seat and course",
    anOrder(),
    { kind: "place", orderId: "o", itemId: "a", seat: 2, course: 3 },
    (order) => expect(order?.items[0]).toMatchObject({ seat: 2, course: 3 }),
  ],
  [
    "a discount replaces the one before",
    anOrder({ discountAmount: 1, total: 9, balanceDue: 9 }),
    { kind: "discount", orderId: "o", amount: 2.5, reason: "Regular" },
    (order) => expect(order).toMatchObject({ discountAmount: 2.5, total: 7.5, balanceDue: 7.5 }),
  ],
  [
    "cash paid lowers the balance, not the total",
    anOrder(),
    { kind: "pay", orderId: "o", paymentId: "pay1", body: { amount: 10, paymentMethod: "CASH" } },
    (order) => {
      expect(order).toMatchObject({ total: 10, balanceDue: 0, paidAmount: 10 });
      expect(order?.payments.map((payment) => payment.id)).toEqual(["pay1"]);
    },
  ],
  [
    "paying the whole balance pays what the check owes now, not what it owed when tapped",
    // The server's answer to an earlier operation added the tax of a line added offline.
    anOrder({ total: 11, balanceDue: 11, cashBalanceDue: 11 }),
    { kind: "pay", orderId: "o", paymentId: "pay1", body: { amount: 10, paymentMethod: "CASH" }, settles: true },
    (order) => {
      expect(order).toMatchObject({ total: 11, balanceDue: 0, cashBalanceDue: 0, paidAmount: 11 });
      expect(order?.payments.map((payment) => payment.amount)).toEqual([11]);
    },
  ],
  payingAll("CASH", "cash pays the rounded cash balance, the rounding settled with it", 11.05, 0.02),
  payingAll("CARD", "a card pays the exact balance, rounding none", 11.03, 0),
  [
    "a share of a split pays what it said",
    anOrder(),
    { kind: "pay", orderId: "o", paymentId: "pay1", body: { amount: 4, paymentMethod: "CASH" } },
    (order) => expect(order).toMatchObject({ balanceDue: 6, cashBalanceDue: 6, paidAmount: 4 }),
  ],
  [
    "a payment the server already holds is not taken twice",
    applyOperation(
      anOrder(),
      { kind: "pay", orderId: "o", paymentId: "pay1", body: { amount: 10, paymentMethod: "CASH" } },
      AT,
    ),
    { kind: "pay", orderId: "o", paymentId: "pay1", body: { amount: 10, paymentMethod: "CASH" } },
    (order) => expect(order?.paidAmount).toBe(10),
  ],
  [
    "complete closes the check",
    anOrder({ balanceDue: 0 }),
    { kind: "complete", orderId: "o" },
    (order) => expect(order?.status).toBe("COMPLETED"),
  ],
  [
    "a move names the new table",
    anOrder(),
    { kind: "transfer", orderId: "o", tableId: "t3", tableName: "3" },
    (order) => expect(order).toMatchObject({ tableId: "t3", tableName: "3" }),
  ],
  [
    "a cancel closes the check at once and gives back what was paid",
    applyOperation(
      anOrder(),
      { kind: "pay", orderId: "o", paymentId: "pay1", body: { amount: 4, paymentMethod: "CASH" } },
      AT,
    ),
    { kind: "cancel", orderId: "o", reason: "Seated by mistake" },
    (order) => {
      expect(order).toMatchObject({ status: "CANCELLED", cancelledAt: AT });
      expect(order?.payments.map((payment) => payment.status)).toEqual(["REFUNDED"]);
    },
  ],
  [
    "a check cancelled already stays as it is",
    anOrder({ status: "CANCELLED", cancelledAt: "2026-01-01T19:00:00.000Z" }),
    { kind: "cancel", orderId: "o", reason: "Guests left" },
    (order) => expect(order?.cancelledAt).toBe("2026-01-01T19:00:00.000Z"),
  ],
  [
    "a name is put on the check, its money untouched",
    anOrder(),
    { kind: "name", orderId: "o", customerName: "Sam" },
    (order) => expect(order).toEqual({ ...anOrder(), customerName: "Sam" }),
  ],
  [
    "a name is taken off the check",
    anOrder({ customerName: "Sam" }),
    { kind: "name", orderId: "o", customerName: null },
    (order) => expect(order?.customerName).toBeNull(),
  ],
];

describe("applyOperation", () => {
  it.each(cases)("%s", (_name, before, op, check) => check(applyOperation(before, op, AT)));
});

describe("reconcile", () => {
  it("shows the server's answer with what is still waiting made on top", () => {
    const answered = anOrder({ version: 4 });
    const waiting = [
      { op: fries, madeAt: AT },
      { op: { kind: "send", orderId: "o" } as Operation, madeAt: AT },
    ];
    const shown = reconcile(answered, waiting, "o");
    expect(shown?.items.map((item) => [item.name, item.status])).toEqual([
      ["Latte", "SENT"],
      ["Fries", "SENT"],
    ]);
    expect(shown?.version).toBe(4);
  });

  it("leaves out the operations on other checks", () => {
    const other = { ...fries, orderId: "elsewhere" };
    expect(reconcile(anOrder(), [{ op: other, madeAt: AT }], "o")).toEqual(anOrder());
  });

  it("makes a check seated twice on the tablet once", () => {
    const shown = reconcile(
      null,
      [
        { op: seatAtFour, madeAt: AT },
        { op: fries, madeAt: AT },
        { op: seatAtFour, madeAt: AT },
      ],
      "o",
    );
    expect(shown?.items).toHaveLength(1);
  });

  it("once the server answers, its answer replaces the tablet's guess", () => {
    const answered = anOrder({ items: [anItem("i-fries", "Fries", { quantity: 2, total: 9.9, status: "PENDING" })] });
    expect(reconcile(answered, [], "o")).toEqual(answered);
  });
});

describe("rebased", () => {
  it.each([
    ["made against the version its predecessor was sent with: the answer's", 3, 3, 4, 4],
    ["made on a new check before it was answered: the answer's", null, null, 1, 1],
    ["made against a version someone else moved on: kept, so the server says 412", 2, 3, 4, 2],
  ])("%s", (_name, against, sentWith, answered, expected) => {
    expect(rebased(against, sentWith, answered)).toBe(expected);
  });
});

describe("settled", () => {
  const payAll = (method: "CASH" | "CARD"): Operation => ({
    kind: "pay",
    orderId: "o",
    paymentId: "pay1",
    body: { amount: 10, paymentMethod: method },
    settles: true,
  });
  const answered = anOrder({ balanceDue: 11.03, cashBalanceDue: 11.05 });

  it.each([
    ["cash pays the server's cash balance (taxes and rounding included)", payAll("CASH"), 11.05],
    ["a card pays the server's balance", payAll("CARD"), 11.03],
    ["a share of a split pays what it said", { ...payAll("CASH"), settles: false }, 10],
  ])("%s", (_name, op, amount) => {
    const sent = settled(op, answered);
    expect(sent.kind === "pay" && sent.body.amount).toBe(amount);
    // Sent again after a failure, it is the same body.
    expect(settled(sent, anOrder({ balanceDue: 20, cashBalanceDue: 20 }))).toEqual(sent);
  });

  it("still shows the whole balance paid, rounding included, while its exact amount is sent", () => {
    const sent = settled(payAll("CASH"), answered);
    const shown = applyOperation(answered, sent, AT);
    expect(shown).toMatchObject({ balanceDue: 0, cashBalanceDue: 0, paidAmount: 11.05 });
    expect(shown?.payments.at(-1)?.roundingAdjustment).toBe(0.02);
  });

  it("leaves a payment on a check the server never answered as it was", () => {
    expect(settled(payAll("CASH"), undefined)).toEqual(payAll("CASH"));
  });
});

describe("effectHeld", () => {
  const order = anOrder({
    items: [anItem("a", "Latte", { quantity: 2, notes: "hot", status: "VOIDED" })],
    discountAmount: 1.5,
    status: "COMPLETED",
    customerName: "Ana",
  });
  it.each<[string, Operation, boolean]>([
    ["a quantity the line has", { kind: "quantity", orderId: "o", itemId: "a", quantity: 2 }, true],
    ["a name the check has", { kind: "name", orderId: "o", customerName: "Ana" }, true],
    ["a quantity it has not", { kind: "quantity", orderId: "o", itemId: "a", quantity: 3 }, false],
    ["a note the line has", { kind: "note", orderId: "o", itemId: "a", notes: "hot" }, true],
    ["a note on a line not there", { kind: "note", orderId: "o", itemId: "zz", notes: null }, false],
    ["a void made", { kind: "void", orderId: "o", itemId: "a", reason: "Entered by mistake" }, true],
    ["a discount set", { kind: "discount", orderId: "o", amount: 1.5, reason: "Regular" }, true],
    [
      "a payment not taken",
      { kind: "pay", orderId: "o", paymentId: "p", body: { amount: 1, paymentMethod: "CASH" } },
      false,
    ],
    ["a completion made", { kind: "complete", orderId: "o" }, true],
    ["a send with nothing left unsent", { kind: "send", orderId: "o" }, true],
    ["a fire of a course not fired", { kind: "fire", orderId: "o", course: 2 }, false],
    ["a seat the line has not", { kind: "place", orderId: "o", itemId: "a", seat: 2, course: 1 }, false],
    ["a cancel on a check that is not cancelled", { kind: "cancel", orderId: "o", reason: "Guests left" }, false],
    ["a name the check has not", { kind: "name", orderId: "o", customerName: "Sam" }, false],
    ["a name taken off a check that still has it", { kind: "name", orderId: "o", customerName: null }, false],
  ])("%s", (_name, op, held) => expect(effectHeld(op, order)).toBe(held));

  it("a send that left only held lines, a fire and a seat made", () => {
    const held = anOrder({ firedCourses: [1, 3], items: [anItem("a", "Steak", { course: 2, seat: 4 })] });
    expect(effectHeld({ kind: "send", orderId: "o" }, held)).toBe(true);
    expect(effectHeld({ kind: "fire", orderId: "o", course: 3 }, held)).toBe(true);
    expect(effectHeld({ kind: "fire", orderId: "o", course: 2 }, held)).toBe(false);
    expect(effectHeld({ kind: "place", orderId: "o", itemId: "a", seat: 4, course: 2 }, held)).toBe(true);
  });

  it("a cancel made", () => {
    const cancelled = anOrder({ status: "CANCELLED" });
    expect(effectHeld({ kind: "cancel", orderId: "o", reason: "Guests left" }, cancelled)).toBe(true);
  });
});

describe("approvalAsk", () => {
  it("asks a manager to approve cancelling that one check", () => {
    expect(approvalAsk({ kind: "cancel", orderId: "o", reason: "Guests left" })).toEqual({
      action: "order.cancel",
      resource: { orderId: "o" },
    });
  });
  it("asks a manager to approve a discount up to the discount it sets", () => {
    expect(approvalAsk({ kind: "discount", orderId: "o", amount: 2.5, reason: "Regular" })).toEqual({
      action: "order.discount",
      resource: { orderId: "o" },
      amount: 2.5,
    });
  });
});

describe("onTop", () => {
  const tap = {
    body: { productId: "p-latte", quantity: 1, modifiers: [] },
    name: "Latte",
    unitPrice: 400,
    modifiers: [],
  };
  const again: Operation = { kind: "quantity", orderId: "o", itemId: "a", quantity: 2, tap };
  const newId = () => "i-new";
  it.each<[string, Operation, Order, Operation | null]>([
    ["an addition is made as it was", fries, anOrder(), fries],
    [
      "the same product tapped again raises its line from what it holds now",
      again,
      anOrder({ items: [anItem("a", "Latte", { quantity: 3 })] }),
      { ...again, quantity: 4 },
    ],
    [
      "its line sent meanwhile: an addition of its own",
      again,
      anOrder({ items: [anItem("a", "Latte", { status: "SENT" })] }),
      { kind: "add", orderId: "o", itemId: "i-new", ...tap },
    ],
    [
      "its line voided meanwhile: an addition of its own",
      again,
      anOrder({ items: [anItem("a", "Latte", { status: "VOIDED" })] }),
      { kind: "add", orderId: "o", itemId: "i-new", ...tap },
    ],
    ["a quantity changed with − or +: for a person", { ...again, tap: undefined }, anOrder(), null],
    ["any other change: for a person", { kind: "send", orderId: "o" }, anOrder(), null],
  ])("%s", (_name, op, after, expected) => expect(onTop(op, after, newId)).toEqual(expected));
});
