import { describe, expect, it } from "vitest";
import { PICKUP_SOON_MS, clockTime, pickupWords } from "./board";

// 19:30 on the tablet's clock, wherever the tests run.
const AT = new Date(2026, 11, 7, 19, 30);
const PICKUP_AT = AT.toISOString();
const MINUTE = 60_000;

describe("pickup time", () => {
  it("shows none for a ticket promised for no time", () => {
    expect(pickupWords({ pickupAt: null }, AT.getTime())).toBeNull();
  });

  it("says the pickup time by the tablet's clock", () => {
    expect(pickupWords({ pickupAt: PICKUP_AT }, AT.getTime() - 60 * MINUTE)?.text).toBe("Pickup 19:30");
    expect(clockTime(new Date(2026, 11, 7, 7, 5).getTime())).toBe("07:05");
  });

  it("is soon within 10 minutes of it, and past it", () => {
    const when = (minutesBefore: number) => pickupWords({ pickupAt: PICKUP_AT }, AT.getTime() - minutesBefore * MINUTE);
    expect(when(11)?.soon).toBe(false);
    expect(when(10)?.soon).toBe(true);
    expect(when(0)?.soon).toBe(true);
    expect(when(-5)?.soon).toBe(true);
    expect(PICKUP_SOON_MS).toBe(10 * MINUTE);
  });
});
