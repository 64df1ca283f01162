import { describe, expect, it } from "vitest";
import { aLocation } from "../../shared/fixtures";
import { profileOf } from "../ProfileForm";
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

describe("a location's profile edited", () => {
  it("sends back every field the location has, so none returns to its default", () => {
    const location = aLocation({ language: "de", guestOrdering: "ORDER", guestOrdersNeedConfirm: false });
    const answered = Object.keys(location).filter((key) => !["id", "createdAt", "updatedAt"].includes(key));
    expect(Object.keys(profileOf(location)).sort()).toEqual(answered.sort());
    expect(profileOf(location)).toMatchObject({
      language: "de",
      guestOrdering: "ORDER",
      guestOrdersNeedConfirm: false,
    });
  });
});
