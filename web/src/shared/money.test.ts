import { describe, expect, it } from "vitest";
import { changeDue, formatMoney, fromCents, parseAmount, quickTenders, splitEvenly, tipFor, toCents } from "./money";

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

  it("splits evenly with the odd cents on the first shares", () => {
    expect(splitEvenly(10000, 3)).toEqual([3334, 3333, 3333]);
    expect(splitEvenly(10000, 3).reduce((a, b) => a + b)).toBe(10000);
    expect(splitEvenly(7, 1)).toEqual([7]);
    expect(() => splitEvenly(100, 0)).toThrow(RangeError);
  });

  it("gives change and never a negative one", () => {
    expect(changeDue(5000, 4321)).toBe(679);
    expect(changeDue(1000, 4321)).toBe(0);
  });

  it("offers exact and the next round tenders", () => {
    expect(quickTenders(4321)).toEqual([4321, 4500, 5000, 6000]);
    expect(quickTenders(2000)).toEqual([2000, 5000, 10000]);
    expect(quickTenders(0)).toEqual([]);
  });

  it("rounds tips to the cent", () => {
    expect(tipFor(4321, 18)).toBe(778);
    expect(tipFor(1000, 20)).toBe(200);
  });

  it("reads typed amounts", () => {
    expect(parseAmount("12")).toBe(1200);
    expect(parseAmount(" 12.5 ")).toBe(1250);
    expect(parseAmount("0.07")).toBe(7);
    expect(parseAmount("12.345")).toBeNull();
    expect(parseAmount("abc")).toBeNull();
  });
});
