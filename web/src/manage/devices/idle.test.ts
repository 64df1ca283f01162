import { describe, expect, it } from "vitest";
import { idleChoice, idleChoices, idleLabel, idleSeconds, NEVER } from "./idle";

describe("the terminals' idle sign-out in the back office", () => {
  it("says a length in words", () => {
    expect(idleLabel(30)).toBe("30 seconds");
    expect(idleLabel(60)).toBe("1 minute");
    expect(idleLabel(180)).toBe("3 minutes");
    expect(idleLabel(3600)).toBe("1 hour");
    expect(idleLabel(90)).toBe("90 seconds");
  });

  it("offers the usual lengths and never, and the location's own among them", () => {
    const usual = idleChoices(180).map((choice) => choice.value);
    expect(usual).toEqual(["30", "60", "120", "180", "300", "600", "1800", "3600", NEVER]);
    expect(idleChoices(null).map((choice) => choice.value)).toEqual(usual);
    expect(idleChoices(90).map((choice) => choice.value)).toEqual([
      "30",
      "60",
      "90",
      "120",
      "180",
      "300",
      "600",
      "1800",
      "3600",
      NEVER,
    ]);
  });

  it("turns the setting into the form's value and back, null for never", () => {
    for (const seconds of [30, 180, null]) expect(idleSeconds(idleChoice(seconds))).toBe(seconds);
  });
});
