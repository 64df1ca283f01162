// The first run's questions (docs/design.md §22), one at a time: what each asks, and what
// stops "Next" until it is answered. The server checks everything again.

import type { Schemas } from "../shared/api/client";
import { locale } from "../shared/i18n";
import { CASH_STEPS, type CashStep, cashRoundingOf, cashStepOf, percentOf, taxRateFrom } from "../shared/money";
import { t } from "./messages";

export type TaxMode = "INCLUSIVE" | "EXCLUSIVE";
export type CountryRates = Schemas["CountryRates"];

export interface Answers {
  locationName: string;
  timezone: string;
  currency: string;
  taxMode: TaxMode;
  /** The country whose usual rates were offered ("" for none). */
  country: string;
  /** The rates as percentages typed or picked ("10", "5.5"); takeout "" is as food. */
  foodPercent: string;
  alcoholPercent: string;
  takeoutPercent: string;
  /** The cash rounding step ("0.05"), "" for none: one of the back office's steps. */
  cashRounding: CashStep;
  managerName: string;
  login: string;
  password: string;
  passwordAgain: string;
  demoMenu: boolean;
}

export const STEPS = [
  "location",
  "timezone",
  "currency",
  "taxMode",
  "rates",
  "rounding",
  "manager",
  "login",
  "password",
  "demo",
] as const;
export type Step = (typeof STEPS)[number];

export const MIN_PASSWORD = 10;
const LOGIN = /^[A-Za-z0-9_.+@-]{3,60}$/;
/** The cash rounding steps offered, in currency units ("" none): Taxes & charges' own. */
export const ROUNDINGS = CASH_STEPS;

export function emptyAnswers(timezone: string): Answers {
  return {
    locationName: "",
    timezone,
    currency: "USD",
    taxMode: "EXCLUSIVE",
    country: "",
    foodPercent: "",
    alcoholPercent: "",
    takeoutPercent: "",
    cashRounding: "",
    managerName: "",
    login: "",
    password: "",
    passwordAgain: "",
    demoMenu: true,
  };
}

/** The timezones to choose from: the browser's, with UTC and the browser's own zone (a browser
 * may list neither among its canonical names). */
export function choosableTimezones(listed: readonly string[], own: string): string[] {
  const zones = new Set(listed);
  zones.add("UTC");
  if (own) zones.add(own);
  return [...zones].sort();
}

/** A rate typed as a percentage, under 100 ("10", "5.5"), as the API's fraction; null when not. */
export function rateFrom(percent: string): number | null {
  const rate = taxRateFrom(percent);
  return rate !== null && rate < 1 ? rate : null;
}

const asPercent = (rate: number | null | undefined) => (rate == null ? "" : percentOf(rate));

/** What choosing ``country`` answers: its usual rates and cash rounding ("" for none). */
export function countryAnswers(country: CountryRates | undefined): Partial<Answers> {
  if (!country) return { country: "" };
  return {
    country: country.country,
    foodPercent: asPercent(country.foodRate),
    alcoholPercent: asPercent(country.alcoholRate),
    takeoutPercent: asPercent(country.takeoutRate),
    cashRounding: cashStepOf(country.cashRounding),
  };
}

/** The country a timezone names, if the table knows it. */
export function countryOfTimezone(usual: readonly CountryRates[], timezone: string): CountryRates | undefined {
  return usual.find((country) => country.timezones.includes(timezone));
}

/** What choosing a timezone answers: the zone, and the country it names with its currency and
 * rates (both can be changed on their own steps). */
export function timezoneAnswers(usual: readonly CountryRates[], timezone: string): Partial<Answers> {
  const country = countryOfTimezone(usual, timezone);
  if (!country) return { timezone };
  return { timezone, currency: country.currency, ...countryAnswers(country) };
}

/** What choosing a currency answers: the currency, and the country kept when it pays in it,
 * else the one country that does (USD: the US), else none. */
export function currencyAnswers(usual: readonly CountryRates[], answers: Answers, currency: string): Partial<Answers> {
  const kept = usual.find((country) => country.country === answers.country);
  if (kept?.currency === currency) return { currency };
  const paying = usual.filter((country) => country.currency === currency);
  const fromZone = countryOfTimezone(paying, answers.timezone);
  return { currency, ...countryAnswers(fromZone ?? (paying.length === 1 ? paying[0] : undefined)) };
}

/** The country's standard and reduced rates, as percentages, highest first. */
export function offeredPercents(country: CountryRates | undefined): string[] {
  if (!country || country.standardRate == null) return [];
  return [country.standardRate, ...country.reducedRates].map((rate) => percentOf(rate));
}

/** Why this step cannot go on yet, in words; null when it can. */
export function blocker(step: Step, answers: Answers, timezones: readonly string[]): string | null {
  switch (step) {
    case "location":
      return answers.locationName.trim() ? null : t("blocker.location");
    case "timezone":
      return timezones.includes(answers.timezone) ? null : t("blocker.timezone");
    case "currency":
      return /^[A-Z]{3}$/.test(answers.currency) ? null : t("blocker.currency");
    case "taxMode":
      return null;
    case "rates":
      if (rateFrom(answers.foodPercent) === null) return t("blocker.food");
      if (rateFrom(answers.alcoholPercent) === null) return t("blocker.alcohol");
      if (answers.takeoutPercent.trim() && rateFrom(answers.takeoutPercent) === null) return t("blocker.takeout");
      return null;
    case "rounding":
      return null;
    case "manager":
      return answers.managerName.trim() ? null : t("blocker.manager");
    case "login":
      return LOGIN.test(answers.login.trim()) ? null : t("blocker.login");
    case "password":
      if (answers.password.length < MIN_PASSWORD) return t("blocker.passwordShort", { count: MIN_PASSWORD });
      return answers.password === answers.passwordAgain ? null : t("blocker.passwordDiffers");
    case "demo":
      return null;
  }
}

/** The timezones whose name holds every word of `search` (any case; "new york" finds
 * America/New_York), at most `limit` of them. */
export function matchingTimezones(timezones: readonly string[], search: string, limit = 50): string[] {
  const words = search
    .toLowerCase()
    .split(/[\s/_]+/)
    .filter(Boolean);
  const found = timezones.filter((zone) => {
    const name = zone.toLowerCase().replaceAll("_", " ");
    return words.every((word) => name.includes(word));
  });
  return found.slice(0, limit);
}

/** An amount in the chosen currency, without cents when it has none ("€10", "€12.45"). */
export function inCurrency(amount: number, currency: string): string {
  const whole = Number.isInteger(amount);
  try {
    // English as it always was: "en-US" ("$10", "€10").
    return new Intl.NumberFormat(locale() === "en" ? "en-US" : locale(), {
      style: "currency",
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

export function setupBody(token: string, answers: Answers): Schemas["SetupRequest"] {
  const takeout = answers.takeoutPercent.trim() ? rateFrom(answers.takeoutPercent) : null;
  return {
    token,
    location: {
      name: answers.locationName.trim(),
      timezone: answers.timezone,
      currency: answers.currency as Schemas["SetupLocation"]["currency"],
      taxMode: answers.taxMode,
      cashRounding: cashRoundingOf(answers.cashRounding),
    },
    taxes: {
      foodRate: rateFrom(answers.foodPercent) ?? 0,
      alcoholRate: rateFrom(answers.alcoholPercent) ?? 0,
      takeoutRate: takeout,
    },
    manager: { name: answers.managerName.trim(), login: answers.login.trim(), password: answers.password },
    demoMenu: answers.demoMenu,
  };
}
