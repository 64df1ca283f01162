// Money on the terminal: the API speaks JSON numbers with at most 2 decimals; the client
// works in integer cents so that no sum or split ever drifts by a float's rounding.

export type Cents = number;

export function toCents(amount: number): Cents {
  return Math.round(amount * 100);
}

export function fromCents(cents: Cents): number {
  return cents / 100;
}

const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: Cents, currency = "USD"): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency });
    formatters.set(currency, formatter);
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
