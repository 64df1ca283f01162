import { describe, expect, it } from "vitest";
import { barPercent, hourBars, hourLabel, niceCeiling, shares, ticks } from "./chart";

describe("chart scaling", () => {
  it("rounds an axis up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(0.3)).toBe(0.5);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(10)).toBe(10);
    expect(niceCeiling(11)).toBe(20);
    expect(niceCeiling(212.5)).toBe(250);
    expect(niceCeiling(1234)).toBe(2000);
    expect(niceCeiling(2500)).toBe(2500);
  });

  it("spaces gridlines evenly and scales bars into the axis", () => {
    expect(ticks(250)).toEqual([0, 62.5, 125, 187.5, 250]);
    expect(barPercent(125, 250)).toBe(50);
    expect(barPercent(0, 250)).toBe(0);
    expect(barPercent(-5, 250)).toBe(0); // a refund-heavy hour never draws below the axis
    expect(barPercent(300, 250)).toBe(100);
    expect(barPercent(5, 0)).toBe(0);
  });

  it("fills the quiet hours between the first and last sale", () => {
    const bars = hourBars([
      { hour: 21, orderCount: 1, netSales: 30 },
      { hour: 18, orderCount: 2, netSales: 50 },
    ]);
    expect(bars.map((bar) => bar.hour)).toEqual([18, 19, 20, 21]);
    expect(bars[1]).toEqual({ hour: 19, orderCount: 0, netSales: 0 });
    expect(hourBars([])).toEqual([]);
    expect(hourBars([{ hour: 3, orderCount: 0, netSales: 0 }])).toEqual([]);
  });

  it("names hours as a person says them", () => {
    expect([0, 9, 12, 17, 23].map(hourLabel)).toEqual(["12am", "9am", "12pm", "5pm", "11pm"]);
  });

  it("gives whole percentages that add up to 100", () => {
    expect(shares([1, 1, 1])).toEqual([34, 33, 33]);
    expect(shares([62.15, 37.85])).toEqual([62, 38]);
    expect(shares([0, 0])).toEqual([0, 0]);
    expect(shares([10, -2, 30])).toEqual([25, 0, 75]);
    const many = shares([3.3, 3.3, 3.4, 90]);
    expect(many.reduce((a, b) => a + b, 0)).toBe(100);
  });
});
