import { describe, expect, it } from "vitest";
import {
  type Answers,
  blocker,
  choosableTimezones,
  type CountryRates,
  currencyAnswers,
  emptyAnswers,
  inCurrency,
  matchingTimezones,
  offeredPercents,
  rateFrom,
  setupBody,
  timezoneAnswers,
} from "./answers";

const ZONES = ["America/New_York", "Europe/Paris", "Europe/London", "UTC"];

const country = (fields: Partial<CountryRates> & Pick<CountryRates, "country" | "currency">): CountryRates => ({
  name: fields.country,
  standardRate: null,
  reducedRates: [],
  foodRate: null,
  alcoholRate: null,
  takeoutRate: null,
  cashRounding: null,
  timezones: [],
  ...fields,
});
const FRANCE = country({
  country: "FR",
  currency: "EUR",
  standardRate: 0.2,
  reducedRates: [0.1, 0.055],
  foodRate: 0.1,
  alcoholRate: 0.2,
  timezones: ["Europe/Paris"],
});
const ITALY = country({
  country: "IT",
  currency: "EUR",
  standardRate: 0.22,
  reducedRates: [0.1],
  foodRate: 0.1,
  alcoholRate: 0.1,
  cashRounding: 0.05,
  timezones: ["Europe/Rome"],
});
const US = country({ country: "US", currency: "USD", timezones: ["America/New_York"] });
const USUAL = [FRANCE, ITALY, US];

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

  it("lets UTC and the browser's own zone be chosen, whatever the browser lists", () => {
    expect(choosableTimezones(["Europe/Paris"], "Asia/Calcutta")).toEqual(["Asia/Calcutta", "Europe/Paris", "UTC"]);
    const answers = { ...emptyAnswers("UTC") };
    expect(blocker("timezone", answers, choosableTimezones(["Europe/Paris"], "UTC"))).toBeNull();
  });

  it("offers the rates, the currency and the rounding of the country a timezone names", () => {
    expect(timezoneAnswers(USUAL, "Europe/Rome")).toEqual({
      timezone: "Europe/Rome",
      currency: "EUR",
      country: "IT",
      foodPercent: "10",
      alcoholPercent: "10",
      takeoutPercent: "",
      cashRounding: "0.05",
    });
    expect(timezoneAnswers(USUAL, "Asia/Tokyo")).toEqual({ timezone: "Asia/Tokyo" });
    expect(offeredPercents(FRANCE)).toEqual(["20", "10", "5.5"]);
    expect(offeredPercents(US)).toEqual([]);
  });

  it("keeps the country a currency is paid in, else takes the one paying it", () => {
    const paris = { ...emptyAnswers("Europe/Paris"), ...timezoneAnswers(USUAL, "Europe/Paris") };
    expect(currencyAnswers(USUAL, paris, "EUR")).toEqual({ currency: "EUR" });
    expect(currencyAnswers(USUAL, paris, "USD")).toMatchObject({ currency: "USD", country: "US", foodPercent: "" });
    expect(currencyAnswers(USUAL, { ...paris, country: "US" }, "EUR")).toMatchObject({ country: "FR" });
    expect(currencyAnswers(USUAL, paris, "JPY")).toEqual({ currency: "JPY", country: "" });
  });

  it("needs a rate under 100 % for food and alcohol; takeout may be left as food", () => {
    const answers = { ...emptyAnswers("UTC"), foodPercent: "10", alcoholPercent: "20" };
    expect(blocker("rates", answers, ZONES)).toBeNull();
    expect(blocker("rates", { ...answers, foodPercent: "" }, ZONES)).toContain("food");
    expect(blocker("rates", { ...answers, alcoholPercent: "100" }, ZONES)).toContain("alcoholic");
    expect(blocker("rates", { ...answers, takeoutPercent: "abc" }, ZONES)).toContain("take away");
    expect(blocker("rates", { ...answers, takeoutPercent: "0" }, ZONES)).toBeNull();
    expect(rateFrom("5.5")).toBe(0.055);
    expect(rateFrom("8.875")).toBe(0.08875);
  });

  it("says amounts in the chosen currency", () => {
    expect(inCurrency(10, "EUR")).toBe("€10");
    expect(inCurrency(12.45, "GBP")).toBe("£12.45");
    expect(inCurrency(10, "USD")).toBe("$10");
  });

  it("sends the rates as fractions and the rounding as a number", () => {
    const answers: Answers = {
      ...emptyAnswers("UTC"),
      foodPercent: "10",
      alcoholPercent: "20",
      takeoutPercent: " ",
      cashRounding: "0.05",
    };
    const body = setupBody("bsu_x", answers);
    expect(body.taxes).toEqual({ foodRate: 0.1, alcoholRate: 0.2, takeoutRate: null });
    expect(body.location.cashRounding).toBe(0.05);
    expect(setupBody("bsu_x", { ...answers, cashRounding: "" }).location.cashRounding).toBeNull();
  });

  it("sends the answers trimmed, the second password left out", () => {
    const answers = { ...emptyAnswers("UTC"), locationName: " Chez Nous ", login: " ana ", password: "p".repeat(10) };
    const body = setupBody("bsu_x", answers);
    expect(body.location.name).toBe("Chez Nous");
    expect(body.manager.login).toBe("ana");
    expect(JSON.stringify(body)).not.toContain("passwordAgain");
  });
});
