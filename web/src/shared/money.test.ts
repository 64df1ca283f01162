import { describe, expect, it } from "vitest";
import { formatMoney, fromCents, parseAmount, toCents, percentOf } from "./money";

describe("money", () => {
  it("turns API numbers into exact cents and back", () => {
    expect(toCents(37.95)).toBe(3795);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(3795)).toBe(37.95);
  });

  it("formats cents in the location's currency", () => {
    expect(formatMoney(123456)).toBe("$1,234.56");
    expect(formatMoney(-0)).toBe("$0.00");
    expect(formatMoney(500, "EUR")).toBe("€5.00");
  });

  it("reads typed amounts", () => {
    expect(parseAmount("12")).toBe(1200);
    expect(parseAmount(" 12.5 ")).toBe(1250);
    expect(parseAmount("0.07")).toBe(7);
    expect(parseAmount("12.345")).toBeNull();
    expect(parseAmount("abc")).toBeNull();
  });

  it("reads rates as percentages without float drift", () => {
    expect(percentOf(0.125)).toBe("12.5");
    expect(percentOf(0.077)).toBe("7.7");
    expect(percentOf(0.2)).toBe("20");
  });
});
