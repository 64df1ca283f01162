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

/** What `amount` cents split `ways` ways comes to, each share in cents; the first shares
 * carry the odd cents, so the shares always add up to the amount exactly. */
export function splitEvenly(amount: Cents, ways: number): Cents[] {
  if (!Number.isInteger(ways) || ways < 1) throw new RangeError("split into at least 1 share");
  const base = Math.floor(amount / ways);
  const odd = amount - base * ways;
  return Array.from({ length: ways }, (_, i) => base + (i < odd ? 1 : 0));
}

/** The change to give back for cash `tendered` against `due` (never negative). */
export function changeDue(tendered: Cents, due: Cents): Cents {
  return Math.max(0, tendered - due);
}

/** Quick cash tenders for `due`: exact, then the next round amounts a guest hands over
 * (next $5, $10, $20, $50, $100), without repeats, at most four. */
export function quickTenders(due: Cents): Cents[] {
  if (due <= 0) return [];
  const tenders = [due];
  for (const step of [500, 1000, 2000, 5000, 10000]) {
    const next = Math.ceil(due / step) * step;
    if (!tenders.includes(next)) tenders.push(next);
  }
  return tenders.slice(0, 4);
}

/** A tip of `percent` % of `amount`, rounded half up to the cent. */
export function tipFor(amount: Cents, percent: number): Cents {
  return Math.round((amount * percent) / 100);
}

/** Cents from what someone typed ("12", "12.5", "12.50"); null when it is no amount. */
export function parseAmount(text: string): Cents | null {
  const match = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
