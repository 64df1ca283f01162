import { describe, expect, it } from "vitest";
import { actionInWords, changeInWords } from "./words";

describe("the audit log in words", () => {
  it("names actions as a person reads them", () => {
    expect(actionInWords("product.price_changed")).toBe("Product: price changed");
    expect(actionInWords("product.86d")).toBe("Product: 86'd");
    expect(actionInWords("product.un86d")).toBe("Product: un-86'd");
    expect(actionInWords("device.paired")).toBe("Device: paired");
  });

  it("says only what changed, before and after", () => {
    expect(changeInWords({ price: 12, name: "Burger" }, { price: 13.5, name: "Burger" })).toBe("price: 12 → 13.5");
    expect(changeInWords(null, { name: "Bar", kind: "TERMINAL" })).toBe("name: Bar; kind: TERMINAL");
    expect(changeInWords({ is86d: false }, { is86d: true })).toBe("is86d: false → true");
    expect(changeInWords({ note: null }, { note: "x" })).toBe("note: — → x");
    expect(changeInWords(null, null)).toBe("");
  });

  it("shows instants with the caller's clock", () => {
    const at = "2026-11-25T11:44:39.529642+00:00";
    expect(
      changeInWords({ revokedAt: null }, { revokedAt: at }, (instant) => instant.toISOString().slice(11, 16)),
    ).toBe("revokedAt: — → 11:44");
  });
});
