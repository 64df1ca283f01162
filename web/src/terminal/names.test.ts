import { describe, expect, it } from "vitest";
import { customerNameOf, guestsOf, tabLabel } from "./names";

describe("a check's guests", () => {
  it("are counted in words, one guest singular, none after a split that moved none", () => {
    expect(guestsOf(1)).toBe("1 guest");
    expect(guestsOf(4)).toBe("4 guests");
    expect(guestsOf(0)).toBe("0 guests");
    expect(guestsOf(null)).toBeNull();
    expect(guestsOf(undefined)).toBeNull();
  });
});

describe("a customer's name", () => {
  it("is kept trimmed, and a blank one is no name", () => {
    expect(customerNameOf("  Sam ")).toBe("Sam");
    expect(customerNameOf("   ")).toBeNull();
    expect(customerNameOf("")).toBeNull();
  });

  it("shows beside the kind of check, or the kind alone", () => {
    expect(tabLabel("BAR_TAB", "Sam")).toBe("Bar tab · Sam");
    expect(tabLabel("TAKEOUT", "Kim")).toBe("Takeout · Kim");
    expect(tabLabel("BAR_TAB", null)).toBe("Bar tab");
    expect(tabLabel("TAKEOUT", undefined)).toBe("Takeout");
    // A delivery platform's order (docs/design.md §29) says it goes to a courier.
    expect(tabLabel("DELIVERY", "Uber Eats: Ana")).toBe("Delivery · Uber Eats: Ana");
  });
});
