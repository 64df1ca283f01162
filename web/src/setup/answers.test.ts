import { describe, expect, it } from "vitest";
import { blocker, emptyAnswers, matchingTimezones, setupBody } from "./answers";

const ZONES = ["America/New_York", "Europe/Paris", "Europe/London", "UTC"];

describe("the first run's questions", () => {
  it("needs a name, a listed timezone and matching passwords", () => {
    const answers = emptyAnswers("Europe/Paris");
    expect(blocker("location", answers, ZONES)).toBe("Give the restaurant a name.");
    expect(blocker("location", { ...answers, locationName: "Chez Nous" }, ZONES)).toBeNull();
    expect(blocker("timezone", answers, ZONES)).toBeNull();
    expect(blocker("timezone", { ...answers, timezone: "Mars/Olympus" }, ZONES)).not.toBeNull();
    const short = { ...answers, password: "short", passwordAgain: "short" };
    expect(blocker("password", short, ZONES)).toBe("At least 10 characters.");
    const differ = { ...answers, password: "long enough 1", passwordAgain: "long enough 2" };
    expect(blocker("password", differ, ZONES)).toBe("The two passwords differ.");
    expect(blocker("password", { ...differ, passwordAgain: "long enough 1" }, ZONES)).toBeNull();
  });

  it("takes an email or a short name as the sign-in name", () => {
    const answers = emptyAnswers("UTC");
    expect(blocker("login", { ...answers, login: "ana@example.com" }, ZONES)).toBeNull();
    expect(blocker("login", { ...answers, login: "ana" }, ZONES)).toBeNull();
    expect(blocker("login", { ...answers, login: "an" }, ZONES)).not.toBeNull();
    expect(blocker("login", { ...answers, login: "ana lopez" }, ZONES)).not.toBeNull();
  });

  it("finds timezones by any words of their name", () => {
    expect(matchingTimezones(ZONES, "new york")).toEqual(["America/New_York"]);
    expect(matchingTimezones(ZONES, "europe")).toEqual(["Europe/Paris", "Europe/London"]);
    expect(matchingTimezones(ZONES, "")).toEqual(ZONES);
  });

  it("sends the answers trimmed, the second password left out", () => {
    const answers = { ...emptyAnswers("UTC"), locationName: " Chez Nous ", login: " ana ", password: "p".repeat(10) };
    const body = setupBody("bsu_x", answers);
    expect(body.location.name).toBe("Chez Nous");
    expect(body.manager.login).toBe("ana");
    expect(JSON.stringify(body)).not.toContain("passwordAgain");
  });
});
