// The first run's questions (docs/design.md §22), one at a time: what each asks, and what
// stops "Next" until it is answered. The server checks everything again.

import type { Schemas } from "../shared/api/client";

export type TaxMode = "INCLUSIVE" | "EXCLUSIVE";

export interface Answers {
  locationName: string;
  timezone: string;
  currency: string;
  taxMode: TaxMode;
  managerName: string;
  login: string;
  password: string;
  passwordAgain: string;
  demoMenu: boolean;
}

export const STEPS = ["location", "timezone", "currency", "taxMode", "manager", "login", "password", "demo"] as const;
export type Step = (typeof STEPS)[number];

export const MIN_PASSWORD = 10;
const LOGIN = /^[A-Za-z0-9_.+@-]{3,60}$/;

export function emptyAnswers(timezone: string): Answers {
  return {
    locationName: "",
    timezone,
    currency: "USD",
    taxMode: "EXCLUSIVE",
    managerName: "",
    login: "",
    password: "",
    passwordAgain: "",
    demoMenu: true,
  };
}

/** Why this step cannot go on yet, in words; null when it can. */
export function blocker(step: Step, answers: Answers, timezones: readonly string[]): string | null {
  switch (step) {
    case "location":
      return answers.locationName.trim() ? null : "Give the restaurant a name.";
    case "timezone":
      return timezones.includes(answers.timezone) ? null : "Pick a timezone from the list.";
    case "currency":
      return /^[A-Z]{3}$/.test(answers.currency) ? null : "Pick a currency.";
    case "taxMode":
      return null;
    case "manager":
      return answers.managerName.trim() ? null : "Say who you are.";
    case "login":
      return LOGIN.test(answers.login.trim())
        ? null
        : "3 to 60 letters, digits or . _ - + @ (an email works), no spaces.";
    case "password":
      if (answers.password.length < MIN_PASSWORD) return `At least ${MIN_PASSWORD} characters.`;
      return answers.password === answers.passwordAgain ? null : "The two passwords differ.";
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

export function setupBody(token: string, answers: Answers): Schemas["SetupRequest"] {
  return {
    token,
    location: {
      name: answers.locationName.trim(),
      timezone: answers.timezone,
      currency: answers.currency as Schemas["SetupLocation"]["currency"],
      taxMode: answers.taxMode,
    },
    manager: { name: answers.managerName.trim(), login: answers.login.trim(), password: answers.password },
    demoMenu: answers.demoMenu,
  };
}
