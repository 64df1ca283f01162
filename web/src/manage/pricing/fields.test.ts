import { describe, expect, it } from "vitest";
import type { ServiceCharge } from "../../shared/types";
import { cashRoundingOf, cashStepOf, chargeBody, chargeDraft, taxRateBody, taxRateDraft, whenCharged } from "./fields";

const charge = (extra: Partial<ServiceCharge>): ServiceCharge => ({
  id: "s",
  locationId: "L",
  name: "Service",
  rate: 0.125,
  amount: null,
  taxRateId: "t20",
  automatic: true,
  minGuests: 6,
  orderTypes: ["DINE_IN"],
  archivedAt: null,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  ...extra,
});

describe("the taxes & charges fields", () => {
  it("offers cash rounding as the coins a till takes", () => {
    expect(cashStepOf(null)).toBe("");
    expect(cashStepOf(0.05)).toBe("0.05");
    expect(cashStepOf(0.1)).toBe("0.10");
    expect(cashStepOf(1)).toBe("1.00");
    expect(cashRoundingOf("")).toBeNull();
    expect(cashRoundingOf("0.25")).toBe(0.25);
  });

  it("reads a tax rate's percentages as fractions", () => {
    expect(taxRateBody({ name: " Standard ", percent: "20", takeoutPercent: "" })).toEqual({
      name: "Standard",
      rate: 0.2,
      takeoutRate: null,
    });
    expect(taxRateBody({ name: "Food", percent: "7.7", takeoutPercent: "2.6" })).toEqual({
      name: "Food",
      rate: 0.077,
      takeoutRate: 0.026,
    });
    expect(taxRateBody({ name: "Food", percent: "abc", takeoutPercent: "" })).toMatch(/percentage/);
    expect(taxRateBody({ name: "Food", percent: "7", takeoutPercent: "x" })).toMatch(/takeaway/);
    expect(
      taxRateDraft({
        id: "t",
        locationId: "L",
        name: "Food",
        rate: 0.077,
        takeoutRate: 0.026,
        archivedAt: null,
        createdAt: "",
        updatedAt: "",
      }),
    ).toEqual({ name: "Food", percent: "7.7", takeoutPercent: "2.6" });
  });

  it("makes a charge a percentage or a set amount, never both", () => {
    const draft = chargeDraft(charge({}));
    expect(draft).toMatchObject({ kind: "rate", value: "12.5", minGuests: "6", orderTypes: ["DINE_IN"] });
    expect(chargeBody(draft)).toEqual({
      name: "Service",
      rate: 0.125,
      taxRateId: "t20",
      automatic: true,
      minGuests: 6,
      orderTypes: ["DINE_IN"],
    });
    const cover = { ...chargeDraft(null), name: "Cover", kind: "amount" as const, value: "3.5" };
    expect(chargeBody(cover)).toEqual({
      name: "Cover",
      amount: 3.5,
      taxRateId: null,
      automatic: false,
      minGuests: null,
      orderTypes: [],
    });
    expect(chargeBody({ ...cover, value: "0" })).toMatch(/above 0/);
    expect(chargeBody({ ...draft, value: "" })).toMatch(/percentage/);
    expect(chargeBody({ ...draft, minGuests: "six" })).toMatch(/whole number/);
  });

  it("says when a charge applies", () => {
    expect(whenCharged(charge({}))).toBe("Automatic from 6 guests · Dine in");
    expect(whenCharged(charge({ minGuests: null, orderTypes: [] }))).toBe("Automatic on every order");
    expect(whenCharged(charge({ automatic: false }))).toBe("Added by a server");
  });
});
