// What the menu editor's fields mean to the API: money typed as text, tax as a percentage.

import { fromCents, parseAmount } from "../../shared/money";

/** A price typed in ("12", "12.5") as the API's number; null when it is no amount. */
export function priceFrom(text: string): number | null {
  const cents = parseAmount(text);
  return cents === null ? null : fromCents(cents);
}

/** A tax percentage typed in ("8", "8.875") as the API's rate (0.08875); null when invalid. */
export function taxRateFrom(text: string): number | null {
  const match = /^\s*(\d{1,2}|100)(?:\.(\d{1,3}))?\s*$/.exec(text);
  if (!match) return null;
  const thousandths = Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
  return thousandths > 100_000 ? null : thousandths / 100_000;
}

export { percentOf } from "../../shared/money";

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
