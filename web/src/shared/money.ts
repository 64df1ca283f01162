// Money on the terminal: the API speaks JSON numbers with at most 2 decimals; the client
// works in integer cents so that no sum or split ever drifts by a float's rounding.

import { locale } from "./i18n";

export type Cents = number;

export function toCents(amount: number): Cents {
  return Math.round(amount * 100);
}

export function fromCents(cents: Cents): number {
  return cents / 100;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount as the language shown writes it: "$4.50" in English, "4,50 €" in German. */
/** A tip of `percent` % of `amount`, rounded half up to the cent (the terminal's presets and a
 * reader's page alike). */
export function tipFor(amount: Cents, percent: number): Cents {
  return Math.round((amount * percent) / 100);
}

export function formatMoney(cents: Cents, currency = "USD"): string {
  const key = `${locale()} ${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale(), { style: "currency", currency });
    formatters.set(key, formatter);
  }
  // -0 would print as "-$0.00".
  return formatter.format(cents === 0 ? 0 : cents / 100);
}

/** Cents from what someone typed ("12", "12.5", "12.50"); null when it is no amount. */
export function parseAmount(text: string): Cents | null {
  const match = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** A rate (0.08875) as the percentage a person reads ("8.875"), without float drift. */
export function percentOf(rate: number): string {
  return String(Math.round(rate * 100_000) / 1000);
}

/** A number typed with a decimal comma ("12,50", as German, French, Spanish and Italian write
 * it) read with a point. */
export const withPoint = (text: string): string => text.replace(/^(\s*\d+),(\d+\s*)$/, "$1.$2");

/** A tax percentage typed in ("8", "8.875", "8,875") as the API's rate (0.08875); null when
 * invalid. */
export function taxRateFrom(text: string): number | null {
  const match = /^\s*(\d{1,2}|100)(?:\.(\d{1,3}))?\s*$/.exec(withPoint(text));
  if (!match) return null;
  const thousandths = Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
  return thousandths > 100_000 ? null : thousandths / 100_000;
}

/** The cash rounding steps a location may pick: none, or the smallest coin it takes. */
export const CASH_STEPS = ["", "0.05", "0.10", "0.25", "0.50", "1.00"] as const;
export type CashStep = (typeof CASH_STEPS)[number];

/** A location's cashRounding as one of the form's steps ("" for none). */
export function cashStepOf(cashRounding: number | null | undefined): CashStep {
  if (!cashRounding) return "";
  return CASH_STEPS.find((step) => step && Number(step) === cashRounding) ?? "";
}

export function cashRoundingOf(step: CashStep): number | null {
  return step ? Number(step) : null;
}
