import { describe, expect, it } from "vitest";
import { formatMoney, toCents } from "../../shared/money";
import {
  ageInWords,
  notListed,
  numberOf,
  oldestFirst,
  type OpenCheck,
  openChecksInWords,
  type PaidOpenCheck,
  placeOf,
  tableOf,
} from "./openChecks";

const NOW = Date.parse("2026-11-26T20:00:00Z");
const check = (extra: Partial<OpenCheck>): OpenCheck => ({
  id: "a",
  createdAt: "2026-11-26T19:00:00Z",
  tableName: "4",
  customerName: null,
  orderType: "DINE_IN",
  ...extra,
});

describe("open checks in Today", () => {
  it("say their age in minutes, then hours", () => {
    expect(ageInWords("2026-11-26T19:59:30Z", NOW)).toBe("just now");
    expect(ageInWords("2026-11-26T20:00:05Z", NOW)).toBe("just now");
    expect(ageInWords("2026-11-26T19:48:00Z", NOW)).toBe("12 min");
    expect(ageInWords("2026-11-26T18:55:00Z", NOW)).toBe("1 h 05 min");
  });

  it("are listed oldest first", () => {
    const checks = [check({ id: "b", createdAt: "2026-11-26T19:30:00Z" }), check({ id: "c" }), check({ id: "a" })];
    expect(oldestFirst(checks).map((found) => found.id)).toEqual(["a", "c", "b"]);
  });

  it("say where they are", () => {
    expect(placeOf(check({}))).toBe("Table 4");
    expect(placeOf(check({ tableName: null, orderType: "BAR_TAB", customerName: "Sam" }))).toBe("Bar tab · Sam");
    expect(placeOf(check({ tableName: null, orderType: "TAKEOUT" }))).toBe("Takeout");
  });
});

describe("a report's open checks", () => {
  const euros = (amount: number) => formatMoney(toCents(amount), "EUR");
  const listed = (number: number, table: string | null): PaidOpenCheck => ({
    id: String(number),
    number,
    table,
    total: 37,
    paid: 30.75,
  });

  it("say how many, and what they paid of their totals", () => {
    expect(openChecksInWords({ count: 2, total: 74, paid: 61.5 }, euros)).toBe("Open checks: 2, €61.50 paid of €74.00");
    expect(openChecksInWords({ count: 0, total: 0, paid: 0 }, euros)).toBe("Open checks: none");
    expect(openChecksInWords({ count: 1, total: 37, paid: 37 }, euros, "Open checks with payments")).toBe(
      "Open checks with payments: 1, €37.00 paid of €37.00",
    );
  });

  it("say how many the list leaves out", () => {
    const checks = [listed(1001, "4"), listed(1002, null)];
    expect(notListed({ count: 2, total: 74, paid: 61.5, checks })).toBeNull();
    expect(notListed({ count: 42, total: 740, paid: 61.5, checks })).toBe("and 40 more");
  });

  it("show their number as checks are named, and their table or a dash for none", () => {
    expect(numberOf(listed(1001, "4"))).toBe("#1001");
    expect(tableOf(listed(1001, "4"))).toBe("4");
    expect(tableOf(listed(1002, null))).toBe("—");
  });
});
