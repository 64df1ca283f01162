import { describe, expect, it } from "vitest";
import { awaitsAnswer, type CardCheckout, currentTab, firstReader, hasEnded, type Reader } from "./reader";

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

const checkout = (id: string, status: CardCheckout["status"], hold = true): CardCheckout => ({
  id,
  orderId: "o",
  locationId: "l",
  readerId: "r",
  provider: "simulator",
  status,
  hold,
  heldAmount: status === "PENDING" ? null : 50,
  amount: 50,
  tipMode: "NONE",
  tip: 0,
  reason: null,
  cancelRequested: false,
  createdAt: "2026-12-03T20:00:00Z",
  updatedAt: "2026-12-03T20:00:00Z",
  expiresAt: "2026-12-03T20:02:00Z",
  finishedAt: null,
  cardBrand: "VISA",
  cardLastFour: "4242",
  paymentId: null,
  startedBy: { staffId: null, name: "Ana" },
});

describe("a tab on a card", () => {
  it("is the newest hold not yet ended", () => {
    const tabs = [checkout("a", "RELEASED"), checkout("b", "HELD"), checkout("c", "SUCCEEDED", false)];
    expect(currentTab(tabs)?.id).toBe("b");
    expect(currentTab([checkout("a", "CAPTURED"), checkout("c", "WAITING_FOR_CARD", false)])).toBeNull();
  });
  it.each([
    ["PENDING", true],
    ["WAITING_FOR_CARD", true],
    ["HELD", false],
    ["CAPTURING", true],
    ["RELEASING", true],
    ["CAPTURED", false],
    ["RELEASED", false],
  ] as const)("%s is still to be answered: %s", (status, waiting) => {
    expect(awaitsAnswer(status)).toBe(waiting);
  });
});
