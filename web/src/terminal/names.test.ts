import { describe, expect, it } from "vitest";
import { customerNameOf, tabLabel } from "./names";

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
  });
});
