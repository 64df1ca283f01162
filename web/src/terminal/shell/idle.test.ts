import { describe, expect, it } from "vitest";
import { anItem, anOrder } from "../../shared/fixtures";
import { idleAfter, idleLimitMs, unsentOf, unsentQuestion } from "./idle";

const THREE_MINUTES = 180_000;
const TABLE_4 = { where: "Table 4", count: 2 };

describe("the idle sign-out", () => {
  it("does nothing until 10 s before the limit", () => {
    expect(idleAfter(THREE_MINUTES, 0, null)).toEqual({ kind: "active" });
    expect(idleAfter(THREE_MINUTES, 169_999, TABLE_4)).toEqual({ kind: "active" });
  });

  it("counts the last 10 s down in whole seconds", () => {
    expect(idleAfter(THREE_MINUTES, 170_000, null)).toEqual({ kind: "warning", secondsLeft: 10 });
    expect(idleAfter(THREE_MINUTES, 170_001, null)).toEqual({ kind: "warning", secondsLeft: 10 });
    expect(idleAfter(THREE_MINUTES, 179_000, TABLE_4)).toEqual({ kind: "warning", secondsLeft: 1 });
    expect(idleAfter(THREE_MINUTES, 179_999, null)).toEqual({ kind: "warning", secondsLeft: 1 });
  });

  it("signs out at the limit with nothing unsent", () => {
    expect(idleAfter(THREE_MINUTES, THREE_MINUTES, null)).toEqual({ kind: "sign-out" });
    expect(idleAfter(30_000, 45_000, null)).toEqual({ kind: "sign-out" });
  });

  it("stays signed in and asks when the open check has unsent items", () => {
    expect(idleAfter(THREE_MINUTES, THREE_MINUTES, TABLE_4)).toEqual({ kind: "ask", unsent: TABLE_4 });
    expect(idleAfter(THREE_MINUTES, 3_600_000, TABLE_4)).toEqual({ kind: "ask", unsent: TABLE_4 });
  });

  it("never runs when the location says never", () => {
    expect(idleAfter(null, 86_400_000, null)).toEqual({ kind: "active" });
  });

  it("takes the location's seconds, 3 minutes until the location is read", () => {
    expect(idleLimitMs(30)).toBe(30_000);
    expect(idleLimitMs(null)).toBeNull();
    expect(idleLimitMs(undefined)).toBe(THREE_MINUTES);
  });
});

describe("unsent items", () => {
  it("are the open check's lines not sent to the kitchen", () => {
    const order = anOrder({
      items: [anItem("a", "Latte"), anItem("b", "Soup"), anItem("c", "Tea", { status: "SENT" })],
    });
    expect(unsentOf(order)).toEqual({ where: "Table 4", count: 2 });
  });

  it("are none with everything sent, or no check open", () => {
    expect(unsentOf(anOrder({ items: [anItem("c", "Tea", { status: "SENT" })] }))).toBeNull();
    expect(unsentOf(null)).toBeNull();
  });

  it("name a tab by its customer", () => {
    const tab = anOrder({ orderType: "BAR_TAB", tableId: null, tableName: null, customerName: "Sam" });
    expect(unsentOf(tab)).toEqual({ where: "Bar tab · Sam", count: 1 });
  });

  it("are asked about in words", () => {
    expect(unsentQuestion(TABLE_4, false)).toBe("Table 4 has 2 unsent items");
    expect(unsentQuestion({ where: "Table 4", count: 1 }, false)).toBe("Table 4 has 1 unsent item");
    expect(unsentQuestion(TABLE_4, true)).toBe("Unsent items on Table 4: send or sign out?");
  });
});
