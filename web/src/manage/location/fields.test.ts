import { describe, expect, it } from "vitest";
import { newProfile, profileBody, profileReady } from "./LocationFields";

describe("a location's profile as sent", () => {
  it("trims names and writes the currency in capitals, keeping the rest", () => {
    const body = profileBody({
      name: "  Dockside ",
      timezone: " Europe/London",
      currency: " gbp" as never,
      taxMode: "INCLUSIVE",
      cashRounding: 0.05,
      autoComplete: false,
    });
    expect(body).toEqual({
      name: "Dockside",
      timezone: "Europe/London",
      currency: "GBP",
      taxMode: "INCLUSIVE",
      cashRounding: 0.05,
      autoComplete: false,
    });
  });

  it.each([
    ["Dockside", "Europe/London", true],
    ["  ", "Europe/London", false],
    ["Dockside", " ", false],
  ])("is ready with name %j and timezone %j: %s", (name, timezone, ready) => {
    expect(profileReady({ ...newProfile(), name, timezone })).toBe(ready);
  });

  it("starts from the server's defaults and this browser's timezone", () => {
    const fresh = newProfile();
    expect([fresh.currency, fresh.taxMode, fresh.cashRounding]).toEqual(["USD", "EXCLUSIVE", null]);
    expect(fresh.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
