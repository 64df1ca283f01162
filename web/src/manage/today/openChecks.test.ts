import { describe, expect, it } from "vitest";
import { ageInWords, oldestFirst, type OpenCheck, placeOf } from "./openChecks";

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
