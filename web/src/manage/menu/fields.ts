// What the menu editor's fields mean to the API: money typed as text, tax as a percentage.

import { fromCents, parseAmount, percentOf, taxRateFrom, withPoint } from "../../shared/money";
import { locale } from "../../shared/i18n";
import type { Allergen } from "../types";

/** The EU's 14 allergens (Regulation 1169/2011, Annex II) in the API's order: the editor's
 * checkboxes, and the order a product's list of them keeps (fields.test.ts holds it to the
 * OpenAPI's). */
export const ALLERGENS = [
  "GLUTEN",
  "CRUSTACEANS",
  "EGGS",
  "FISH",
  "PEANUTS",
  "SOYBEANS",
  "MILK",
  "NUTS",
  "CELERY",
  "MUSTARD",
  "SESAME",
  "SULPHITES",
  "LUPIN",
  "MOLLUSCS",
] as const satisfies readonly Allergen[];

/** A product's allergens with `code` ticked on or off: each once, in the Annex's order. */
export function withAllergen(allergens: readonly Allergen[], code: Allergen, on: boolean): Allergen[] {
  return ALLERGENS.filter((found) => (found === code ? on : allergens.includes(found)));
}

/** A price typed in ("12", "12.5") as the API's number; null when it is no amount. */
export function priceFrom(text: string): number | null {
  const cents = parseAmount(withPoint(text));
  return cents === null ? null : fromCents(cents);
}

export { percentOf, taxRateFrom };

/** A whole number typed in, or null (blank or not a whole number). */
export function wholeFrom(text: string): number | null {
  return /^\s*\d{1,6}\s*$/.test(text) ? Number(text) : null;
}

/** A prep time typed as min:ss ("4:30") or seconds ("270"): seconds, or null (not a time, or
 * over the API's day). */
export function prepSecondsFrom(text: string): number | null {
  const clock = /^\s*(\d{1,4}):([0-5]\d)\s*$/.exec(text);
  const seconds = clock ? Number(clock[1]) * 60 + Number(clock[2]) : wholeFrom(text);
  return seconds !== null && seconds <= 86_400 ? seconds : null;
}

/** Seconds as the field shows them: min:ss. */
export function prepText(seconds: number | null | undefined): string {
  if (seconds == null) return "";
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A tax rate's percentage as the back office's language writes it: 0.08875 is "8.875" in
 * English, "8,875" in German. */
export function percentShown(rate: number): string {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: 3 }).format(Number(percentOf(rate)));
}
