import { describe, expect, it } from "vitest";
import { firstReader, hasEnded, type Reader } from "./reader";

const reader = (id: string, defaultFor: string[] = []): Reader => ({
  id,
  locationId: "l",
  provider: "simulator",
  name: `Reader ${id}`,
  externalId: null,
  mode: "AUTOMATIC",
  state: "IDLE",
  checkoutId: null,
  defaultForDeviceIds: defaultFor,
  createdAt: "2026-11-30T12:00:00Z",
});

describe("the reader a terminal charges on", () => {
  it("is its default", () => {
    expect(firstReader([reader("a"), reader("b", ["t1"])], "t1")?.id).toBe("b");
  });
  it("is the location's only reader when it has no default", () => {
    expect(firstReader([reader("a", ["t2"])], "t1")?.id).toBe("a");
  });
  it("is for the person to pick among several", () => {
    expect(firstReader([reader("a"), reader("b")], "t1")).toBeNull();
    expect(firstReader([], "t1")).toBeNull();
  });
});

describe("a checkout", () => {
  it.each([
    ["PENDING", false],
    ["WAITING_FOR_CARD", false],
    ["SUCCEEDED", true],
    ["DECLINED", true],
    ["CANCELED", true],
    ["TIMED_OUT", true],
    ["REFUNDED", true],
  ] as const)("%s has ended: %s", (status, ended) => {
    expect(hasEnded(status)).toBe(ended);
  });
});
