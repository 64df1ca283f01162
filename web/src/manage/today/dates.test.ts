import { describe, expect, it } from "vitest";
import { addDays, dayIn, daysIn, describeRange, presets, rangeProblem, startOfDay } from "./dates";

describe("business days in the location's timezone", () => {
  it("puts an instant on the local day, not UTC's", () => {
    const lateEvening = new Date("2026-03-11T03:30:00Z"); // 23:30 the day before in New York
    expect(dayIn("America/New_York", lateEvening)).toBe("2026-03-10");
    expect(dayIn("UTC", lateEvening)).toBe("2026-03-11");
    expect(dayIn("Asia/Tokyo", new Date("2026-03-10T15:30:00Z"))).toBe("2026-03-11");
  });

  it("counts days across months, years and leap days", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(daysIn({ from: "2026-01-01", to: "2026-12-31" })).toBe(365);
  });

  it("offers ranges counted back from today", () => {
    const byLabel = Object.fromEntries(presets("2026-11-03").map((p) => [p.label, p.range]));
    expect(byLabel["Today"]).toEqual({ from: "2026-11-03", to: "2026-11-03" });
    expect(byLabel["Yesterday"]).toEqual({ from: "2026-11-02", to: "2026-11-02" });
    expect(byLabel["Last 7 days"]).toEqual({ from: "2026-10-28", to: "2026-11-03" });
    expect(byLabel["This month"]).toEqual({ from: "2026-11-01", to: "2026-11-03" });
    expect(daysIn(byLabel["Last 7 days"])).toBe(7);
  });

  it("refuses in words what the report would refuse", () => {
    expect(rangeProblem({ from: "2026-11-03", to: "2026-11-03" })).toBeNull();
    expect(rangeProblem({ from: "2026-11-03", to: "2026-11-02" })).toMatch(/before/);
    expect(rangeProblem({ from: "", to: "2026-11-02" })).toMatch(/both dates/);
    expect(rangeProblem({ from: "2025-01-01", to: "2026-01-01" })).toBeNull(); // 366 days
    expect(rangeProblem({ from: "2025-01-01", to: "2026-01-02" })).toMatch(/366/);
  });

  it("says a range in words", () => {
    expect(describeRange({ from: "2026-11-25", to: "2026-11-25" })).toBe("25 Nov 2026");
    expect(describeRange({ from: "2026-11-01", to: "2026-11-25" })).toBe("1 Nov – 25 Nov 2026");
    expect(describeRange({ from: "2025-12-30", to: "2026-01-02" })).toBe("30 Dec 2025 – 2 Jan 2026");
  });

  it("finds the UTC instant a local day starts, across daylight saving", () => {
    expect(startOfDay("2026-01-15", "America/New_York").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(startOfDay("2026-07-15", "America/New_York").toISOString()).toBe("2026-07-15T04:00:00.000Z");
    // The day clocks go forward (2026-03-08): midnight is still EST.
    expect(startOfDay("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfDay("2026-03-09", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(startOfDay("2026-06-01", "Europe/London").toISOString()).toBe("2026-05-31T23:00:00.000Z");
    expect(startOfDay("2026-06-01", "UTC").toISOString()).toBe("2026-06-01T00:00:00.000Z");
  });
});
