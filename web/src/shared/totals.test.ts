import { describe, expect, it } from "vitest";
import { anOrder } from "./fixtures";
import { chargeLabel, percentLabel, totalLines, vatRows } from "./totals";
import type { OrderServiceCharge, OrderTax } from "./types";

const tax = (name: string, rate: number, net: number, taxAmount: number): OrderTax => ({
  taxRateId: name,
  name,
  rate,
  netAmount: net,
  taxAmount,
  grossAmount: Math.round((net + taxAmount) * 100) / 100,
});

const service: OrderServiceCharge = {
  serviceChargeId: "s",
  name: "Service",
  rate: 0.125,
  amount: 18.75,
  taxRateId: "Standard 20%",
  taxAmount: 3.13,
  automatic: true,
};

const shown = (lines: ReturnType<typeof totalLines>) => lines.map((line) => [line.label, line.cents]);

describe("an order's totals", () => {
  it("names rates by their percentage", () => {
    expect(percentLabel(0.2)).toBe("20%");
    expect(percentLabel(0.125)).toBe("12.5%");
    expect(percentLabel(0.08875)).toBe("8.875%");
    expect(chargeLabel(service)).toBe("Service 12.5%");
    expect(chargeLabel({ name: "Service 12.5%", rate: 0.125 })).toBe("Service 12.5%");
    expect(chargeLabel({ name: "Cover", rate: null })).toBe("Cover");
  });

  it("adds one tax line on top of prices when there is one rate", () => {
    const order = anOrder({ subtotal: 20, discountAmount: 2, taxAmount: 1.44, total: 19.44 });
    order.taxes = [tax("8%", 0.08, 18, 1.44)];
    expect(shown(totalLines(order))).toEqual([
      ["Subtotal", 2000],
      ["Discount", -200],
      ["Tax", 144],
      ["Total", 1944],
    ]);
  });

  it("lists tax per rate on top of prices when there are several", () => {
    const order = anOrder({ subtotal: 30, taxAmount: 2.2, total: 32.2 });
    order.taxes = [tax("Food", 0.07, 20, 1.4), tax("Drinks", 0.08, 10, 0.8)];
    expect(shown(totalLines(order))).toEqual([
      ["Subtotal", 3000],
      ["Tax 7%", 140],
      ["Tax 8%", 80],
      ["Total", 3220],
    ]);
  });

  it("shows the total first and then the VAT it includes, per rate, with the service charge", () => {
    const order = anOrder({
      taxMode: "INCLUSIVE",
      subtotal: 150,
      serviceCharges: [service],
      serviceChargeTotal: 18.75,
      taxAmount: 25.9,
      total: 168.75,
    });
    order.taxes = [tax("Standard 20%", 0.2, 114.37, 22.87), tax("Reduced 10%", 0.1, 30.28, 3.03)];
    const lines = totalLines(order);
    expect(shown(lines)).toEqual([
      ["Subtotal", 15000],
      ["Service 12.5%", 1875],
      ["Total", 16875],
      ["incl. VAT 20%", 2287],
      ["incl. VAT 10%", 303],
    ]);
    expect(lines[1].charge).toBe(service);
  });

  it("tells two rates of the same percentage apart by name, and leaves out untaxed parts", () => {
    const order = anOrder({ taxMode: "INCLUSIVE" });
    order.taxes = [tax("Food 10%", 0.1, 10, 1), tax("Drinks", 0.1, 10, 1), tax("0%", 0, 5, 0)];
    expect(totalLines(order).map((line) => line.label)).toEqual([
      "Subtotal",
      "Total",
      "incl. VAT Food 10%",
      "incl. VAT Drinks 10%",
    ]);
  });

  it("makes the VAT block of a receipt from the server's figures", () => {
    const order = anOrder({ taxMode: "INCLUSIVE" });
    order.taxes = [tax("Standard 20%", 0.2, 10, 2), tax("Reduced 10%", 0.1, 20, 2)];
    expect(vatRows(order)).toEqual([
      { label: "20%", net: 1000, tax: 200, gross: 1200 },
      { label: "10%", net: 2000, tax: 200, gross: 2200 },
    ]);
  });
});
