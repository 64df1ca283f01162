import { describe, expect, it } from "vitest";
import { ApiError, Unreachable } from "./api/client";
import { anItem, anOrder } from "./fixtures";
import { inWords, sentTo, whatChanged } from "./words";

const item = anItem;
const order = anOrder;

describe("words", () => {
  it("says what another terminal changed", () => {
    const after = order({
      items: [item("a", "Latte", { status: "VOIDED" }), item("b", "Fries", { quantity: 2 })],
      discountAmount: 5,
    });
    expect(whatChanged(order(), after)).toBe(
      "Check #1042 was changed on another terminal: voided Latte, added 2 Fries, set a discount of $5.00.",
    );
    expect(whatChanged(order(), order({ version: 4 }))).toBe(
      "Check #1042 was changed on another terminal: changed it.",
    );
  });

  it("explains errors in words", () => {
    expect(inWords(new ApiError(409, "product_unavailable", "Steak is 86'd."))).toBe("Steak is 86'd.");
    expect(inWords(new Unreachable("x"))).toBe("The server cannot be reached.");
    expect(inWords(new Error("x"))).toMatch(/try again/);
  });
});

describe("sentTo", () => {
  it("names the printer once", () => {
    expect(sentTo("Till")).toBe("Sent to Till printer");
    expect(sentTo("Bar printer")).toBe("Sent to Bar printer");
    expect(sentTo(" Front PRINTER ")).toBe("Sent to Front PRINTER");
  });
});
