import { describe, expect, it } from "vitest";
import { sentTo } from "./state";

describe("sentTo", () => {
  it("names the printer once", () => {
    expect(sentTo("Till")).toBe("Sent to Till printer");
    expect(sentTo("Bar printer")).toBe("Sent to Bar printer");
    expect(sentTo(" Front PRINTER ")).toBe("Sent to Front PRINTER");
  });
});
