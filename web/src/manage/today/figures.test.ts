import { describe, expect, it } from "vitest";
import { formatMoney, toCents } from "../../shared/money";
import type { SalesReport } from "../types";
import { changesTheReport, headlineFigures } from "./figures";

const euros = (amount: number) => formatMoney(toCents(amount), "EUR");

const report = {
  orderCount: 2,
  covers: 6,
  grossSales: 138,
  discounts: 7.77,
  netSales: 130.23,
  netOfTax: 115.38,
  tax: 16.81,
  tips: 3,
  totalCollected: 145.01,
  refunds: 0,
  averageCheck: 65.12,
  voids: { count: 1, amount: 6 },
} as SalesReport;

describe("the report's headline figures", () => {
  it("are net of the VAT inside them in a VAT-inclusive location, gross beside", () => {
    const figures = headlineFigures(report, "INCLUSIVE", euros);
    expect(figures.slice(0, 2)).toEqual([
      { name: "Net sales (excl. VAT)", value: "€115.38" },
      { name: "Gross sales (incl. VAT)", value: "€130.23" },
    ]);
    expect(figures.map((figure) => figure.name)).toEqual([
      "Net sales (excl. VAT)",
      "Gross sales (incl. VAT)",
      "Orders",
      "Avg. check",
      "Covers",
      "Tips",
      "Collected",
      "Discounts",
      "VAT",
      "Refunds",
      "Voids",
    ]);
  });

  it("are as ever where tax goes on top", () => {
    const figures = headlineFigures(report, "EXCLUSIVE", euros);
    expect(figures[0]).toEqual({ name: "Net sales", value: "€130.23" });
    expect(figures.find((figure) => figure.name === "Gross sales")?.value).toBe("€138.00");
    expect(figures.find((figure) => figure.name === "Tax")?.value).toBe("€16.81");
    expect(figures.at(-1)).toEqual({ name: "Voids", value: "1 · €6.00" });
  });
});

describe("what reloads a report showing today", () => {
  it("is money taken or a check's state, never an item added", () => {
    for (const type of ["payment.created", "order.reopened", "order.completed", "order.created", "order.merged"]) {
      expect(changesTheReport(type)).toBe(true);
    }
    for (const type of ["item.added", "order.sent", "kitchen_ticket.bumped"]) {
      expect(changesTheReport(type)).toBe(false);
    }
  });
});
