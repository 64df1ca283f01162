import { describe, expect, it } from "vitest";
import { percentOf, priceFrom, taxRateFrom, wholeFrom } from "./fields";

describe("the menu editor's fields", () => {
  it("reads prices as the API's numbers", () => {
    expect(priceFrom("12.5")).toBe(12.5);
    expect(priceFrom(" 12.50 ")).toBe(12.5);
    expect(priceFrom("0")).toBe(0);
    expect(priceFrom("12.505")).toBeNull();
    expect(priceFrom("-3")).toBeNull();
    expect(priceFrom("")).toBeNull();
  });

  it("turns a tax percentage into a rate and back without float drift", () => {
    expect(taxRateFrom("8.875")).toBe(0.08875);
    expect(taxRateFrom("10")).toBe(0.1);
    expect(taxRateFrom("0")).toBe(0);
    expect(taxRateFrom("100")).toBe(1);
    expect(taxRateFrom("100.5")).toBeNull();
    expect(taxRateFrom("8.8755")).toBeNull();
    expect(taxRateFrom("abc")).toBeNull();
    expect(percentOf(0.08875)).toBe("8.875");
    expect(percentOf(0.1)).toBe("10");
    expect(percentOf(0.07)).toBe("7");
  });

  it("reads whole numbers only", () => {
    expect(wholeFrom("4")).toBe(4);
    expect(wholeFrom("4.5")).toBeNull();
    expect(wholeFrom("")).toBeNull();
  });
});
