import { describe, expect, it } from "vitest";
import {
  amountText,
  clockTime,
  clockedInLine,
  clockedOutLine,
  countLine,
  drawerLine,
  openChecksWarning,
  varianceWords,
} from "./money";

describe("the count's variance", () => {
  it("says short, over or even with the amount", () => {
    expect(varianceWords(-150)).toBe("Short $1.50");
    expect(varianceWords(25)).toBe("Over $0.25");
    expect(varianceWords(0)).toBe("Even");
  });

  it("puts expected, counted and the variance on one line", () => {
    expect(countLine(20850, 20700)).toBe("Expected $208.50 · Counted $207.00 · Short $1.50");
    expect(countLine(20000, 20000)).toBe("Expected $200.00 · Counted $200.00 · Even");
    expect(countLine(100, 105, "EUR")).toBe("Expected €1.00 · Counted €1.05 · Over €0.05");
  });
});

describe("times and lines", () => {
  it("reads a moment in the location's timezone", () => {
    expect(clockTime("2025-03-01T23:02:00Z", "America/New_York")).toBe("6:02 PM");
    expect(clockTime("2025-03-01T23:02:00Z")).toBe("11:02 PM");
  });

  it("says since when the drawer is open and its float", () => {
    expect(drawerLine("2025-03-01T18:00:00Z", 20000)).toBe("Drawer open since 6:00 PM · float $200.00");
  });

  it("says who clocked in and out, with the hours to the tenth", () => {
    expect(clockedInLine("Ana", "2025-03-01T18:02:00Z")).toBe("Ana clocked in at 6:02 PM");
    expect(clockedOutLine("Ana", "2025-03-01T23:40:00Z", 5.63)).toBe("Ana clocked out at 11:40 PM · 5.6 h");
    expect(clockedOutLine("Ana", "2025-03-01T23:40:00Z", 0)).toBe("Ana clocked out at 11:40 PM · 0.0 h");
  });

  it("warns of open checks, counted", () => {
    expect(openChecksWarning(0)).toBeNull();
    expect(openChecksWarning(1)).toBe("1 check still open");
    expect(openChecksWarning(2)).toBe("2 checks still open");
  });

  it("shows an amount with its cents", () => {
    expect(amountText(20000)).toBe("200.00");
    expect(amountText(5)).toBe("0.05");
  });
});
