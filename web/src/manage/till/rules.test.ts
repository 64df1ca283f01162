import { describe, expect, it } from "vitest";
import { formatMoney } from "../../shared/money";
import {
  clockTime,
  type Drawer,
  openFirst,
  entryCents,
  figureRows,
  type JournalEntry,
  journalState,
  kindWords,
  latestAfter,
  movementRows,
  type Movement,
  olderAfter,
  summarise,
  varianceWords,
} from "./rules";

const money = (cents: number) => formatMoney(cents, "USD");

function drawer(overrides: Partial<Drawer>): Drawer {
  return {
    id: "d",
    locationId: "l",
    deviceId: null,
    status: "CLOSED",
    openedAt: "2026-11-26T09:00:00Z",
    openedBy: null,
    closedAt: "2026-11-26T17:00:00Z",
    closedBy: null,
    openingFloat: 100,
    expectedAmount: 100,
    countedAmount: 100,
    variance: 0,
    ...overrides,
  };
}

function movement(overrides: Partial<Movement>): Movement {
  return {
    id: "m",
    type: "PAY_IN",
    amount: 0,
    rounding: 0,
    reason: null,
    orderId: null,
    paymentId: null,
    refundId: null,
    staff: { staffId: null, name: "Marco" },
    createdAt: "2026-11-26T10:00:00Z",
    ...overrides,
  };
}

describe("varianceWords", () => {
  it("says short, over or even", () => {
    expect(varianceWords(-2, money)).toBe("Short $2.00");
    expect(varianceWords(0.5, money)).toBe("Over $0.50");
    expect(varianceWords(0, money)).toBe("Even");
    // A float's dust is still even.
    expect(varianceWords(0.1 + 0.2 - 0.3, money)).toBe("Even");
  });
});

describe("openFirst", () => {
  it("puts the open drawers first, then the newest opened", () => {
    const found = openFirst([
      drawer({ id: "closed-early", openedAt: "2026-11-26T08:00:00Z" }),
      drawer({ id: "closed-late", openedAt: "2026-11-26T12:00:00Z" }),
      drawer({ id: "open", status: "OPEN", openedAt: "2026-11-25T20:00:00Z", closedAt: null }),
      drawer({ id: "overnight", openedAt: "2026-11-25T20:00:00Z", closedAt: "2026-11-26T02:00:00Z" }),
    ]);
    expect(found.map((d) => d.id)).toEqual(["open", "closed-late", "closed-early", "overnight"]);
  });
});

describe("summarise", () => {
  it("sums cash sales and refunds and keeps the rest one by one", () => {
    const summary = summarise([
      movement({ id: "s1", type: "CASH_SALE", amount: 12.34, rounding: 0.01 }),
      movement({ id: "p", type: "PAY_OUT", amount: 5, reason: "Milk" }),
      movement({ id: "s2", type: "CASH_SALE", amount: 0.1, rounding: 0 }),
      movement({ id: "r", type: "CASH_REFUND", amount: 2.2 }),
      movement({ id: "n", type: "NO_SALE", reason: "Change" }),
    ]);
    expect(summary.cashSales).toEqual({ count: 2, cents: 1245 });
    expect(summary.cashRefunds).toEqual({ count: 1, cents: 220 });
    expect(summary.byHand.map((m) => m.id)).toEqual(["p", "n"]);
  });
});

describe("movementRows", () => {
  it("lists the sums, then each movement by hand with its reason, who and when", () => {
    const rows = movementRows(
      [
        movement({ id: "s", type: "CASH_SALE", amount: 22 }),
        movement({ id: "p", type: "PAY_OUT", amount: 5, reason: "Milk" }),
        movement({ id: "i", type: "PAY_IN", amount: 50, reason: "Float top-up" }),
        movement({ id: "n", type: "NO_SALE", reason: "Change" }),
      ],
      money,
      () => "10:00",
    );
    expect(rows.map((row) => [row.what, row.detail, row.amount])).toEqual([
      ["Cash sales · 1", "", "$22.00"],
      ["Cash refunds · 0", "", "$0.00"],
      ["Pay-out", "Milk · Marco · 10:00", "-$5.00"],
      ["Pay-in", "Float top-up · Marco · 10:00", "$50.00"],
      ["No sale", "Change · Marco · 10:00", "–"],
    ]);
  });
});

describe("figureRows", () => {
  const x = {
    from: "2026-11-26T09:00:00Z",
    to: "2026-11-26T22:00:00Z",
    currency: "USD",
    orderCount: 2,
    netSales: 40.5,
    taxes: [{ id: "t", name: "VAT", rate: 0.1, net: 40.5, tax: 4.05 }],
    serviceCharges: 0,
    tips: 3,
    byPaymentMethod: [
      { method: "CARD", amount: 30, count: 1, tips: 3 },
      { method: "CASH", amount: 14.55, count: 1, tips: 0 },
    ],
    refunds: { count: 1, amount: 2, tips: 0, taxes: [] },
    voids: { count: 0, amount: 0 },
    discounts: 0,
    rounding: 0,
    drawers: [],
    unassignedCash: 0,
    heldCards: [],
    journalSequence: 3,
    lastZ: 0,
    openChecks: { count: 0, total: 0, paid: 0, checks: [] },
  };

  it("lists every figure of an X", () => {
    expect(figureRows(x, money).map((row) => [row.label, row.value])).toEqual([
      ["Orders", "2"],
      ["Net sales", "$40.50"],
      ["Tax VAT 10% on $40.50", "$4.05"],
      ["Service charges", "$0.00"],
      ["Tips", "$3.00"],
      ["Card · 1 payment, tips $3.00", "$30.00"],
      ["Cash · 1 payment", "$14.55"],
      ["Refunds · 1 refund", "$2.00"],
      ["Voids · 0 voids", "$0.00"],
      ["Discounts", "$0.00"],
      ["Cash rounding", "$0.00"],
    ]);
  });

  it("shows a VAT-inclusive day's sales net of the VAT in them, gross beside", () => {
    const vat = { ...x, netSales: 54, taxes: [{ id: "t", name: "VAT", rate: 0.2, net: 45, tax: 9 }] };
    expect(figureRows(vat, money, "INCLUSIVE").slice(1, 3)).toEqual([
      { label: "Net sales (excl. VAT)", value: "$45.00", total: true },
      { label: "Gross sales (incl. VAT)", value: "$54.00" },
    ]);
    // Service charges' VAT is in the rates with the lines': the figure net of VAT holds them.
    const charged = { ...vat, serviceCharges: 6, taxes: [{ id: "t", name: "VAT", rate: 0.2, net: 50, tax: 10 }] };
    expect(figureRows(charged, money, "INCLUSIVE")[1]).toEqual({
      label: "Net sales and service charges (excl. VAT)",
      value: "$50.00",
      total: true,
    });
  });

  it("names the cash no drawer took, when there is some", () => {
    expect(figureRows({ ...x, unassignedCash: -1.5 }, money).at(-1)).toEqual({
      label: "Cash with no drawer",
      value: "-$1.50",
    });
  });

  it("lists each card still held for a tab, after the cash", () => {
    const held = {
      checkoutId: "c",
      orderId: "o",
      heldAmount: 60,
      cardBrand: "VISA",
      cardLastFour: "4242",
      heldSince: "2026-12-03T21:04:00Z",
    };
    expect(figureRows({ ...x, heldCards: [held] }, money).at(-1)).toEqual({
      label: "Card held on a tab · VISA 4242",
      value: "$60.00",
    });
  });

  it("ends a Z with its grand total", () => {
    const z = { ...x, number: 1, businessDay: "2026-11-26", grandTotal: 140.5, forced: false, reason: null };
    expect(figureRows(z, money).at(-1)).toEqual({ label: "Grand total", value: "$140.50", total: true });
  });
});

describe("the journal", () => {
  it("says intact with its count, or where it broke", () => {
    expect(journalState({ ok: true, entries: 1284, firstBrokenSequence: null })).toBe("Journal intact · 1,284 entries");
    expect(journalState({ ok: true, entries: 1, firstBrokenSequence: null })).toBe("Journal intact · 1 entry");
    expect(journalState({ ok: false, entries: 811, firstBrokenSequence: 812 })).toBe("Journal broken at entry 812");
  });

  it("pages back from the latest entries", () => {
    expect(latestAfter(1284, 50)).toBe(1234);
    expect(latestAfter(12, 50)).toBe(0);
    expect(olderAfter(1234, 50)).toBe(1184);
    expect(olderAfter(30, 50)).toBe(0);
    expect(olderAfter(0, 50)).toBeNull();
  });

  it("reads the amount an entry holds", () => {
    const entry = (kind: JournalEntry["kind"], content: Record<string, unknown>): JournalEntry => ({
      sequence: 1,
      locationId: "l",
      kind,
      orderId: null,
      receiptNumber: null,
      at: "2026-11-26T10:00:00Z",
      content,
      previousHash: "0".repeat(64),
      hash: "a".repeat(64),
    });
    expect(entryCents(entry("SALE", { netSales: 1250, tips: 100 }))).toBe(1250);
    expect(entryCents(entry("REFUND", { amount: 300 }))).toBe(300);
    expect(entryCents(entry("VOID", { cause: "item_voided", amount: 450 }))).toBe(450);
    expect(entryCents(entry("TIP_ADJUST", { tips: -150, method: "CARD" }))).toBe(-150);
    expect(entryCents(entry("Z", { number: 1 }))).toBeNull();
    expect(kindWords("REOPEN")).toBe("Reopen");
  });
});

describe("clockTime", () => {
  it("reads the location's clock, with the date when it is another day", () => {
    expect(clockTime("2026-11-26T14:05:00Z", "America/New_York", "2026-11-26")).toBe("09:05");
    expect(clockTime("2026-11-26T03:00:00Z", "America/New_York", "2026-11-26")).toBe("25 Nov 22:00");
  });
});
