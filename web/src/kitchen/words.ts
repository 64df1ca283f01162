// What the kitchen screen says in words: quantities as a cook reads them ("½ Malbec (bottle)",
// "1½"), a line's change since it was sent only where it changes what to make, and messages
// with no raw ids in them (an id becomes what it names on the board: a ticket's number, an
// item's name). Pure: unit-tested in words.test.ts.

import { locale } from "../shared/i18n";
import type { IdNames } from "../shared/words";
import type { BoardItem, BoardTicket } from "./board";
import { t } from "./messages";

// The common fractions a cook reads at a glance, as glyphs.
const FRACTIONS: readonly [number, string][] = [
  [1 / 2, "½"],
  [1 / 3, "⅓"],
  [2 / 3, "⅔"],
  [1 / 4, "¼"],
  [3 / 4, "¾"],
];
// Quantities come with at most three decimals: a third shared three ways is 0.333 or 0.334.
const CLOSE = 0.001;

/** A number as the screen's language writes it (0.2 in English, 0,2 in German), ungrouped. */
const written = (value: number): string =>
  new Intl.NumberFormat(locale(), { maximumFractionDigits: 3, useGrouping: false }).format(value);

/** A quantity as a cook reads it: 2, ½, 1½, ⅓; otherwise a short decimal (0.2, 1.35; 0,2 in
 * German). */
export function quantityWords(quantity: number): string {
  const nearest = Math.round(quantity);
  if (Math.abs(quantity - nearest) < CLOSE) return written(nearest);
  const whole = Math.floor(quantity);
  const rest = quantity - whole;
  const glyph = FRACTIONS.find(([fraction]) => Math.abs(rest - fraction) < CLOSE)?.[1];
  if (glyph) return whole ? `${written(whole)}${glyph}` : glyph;
  const short = Number(quantity.toFixed(2));
  return written(short || Number(quantity.toPrecision(1)));
}

/** What a line's card says of its quantity since the ticket was sent: nothing when it is what
 * was sent (a line shared between checks counts all its parts, so a shared bottle is still
 * one), "reduced from 2" when some of it was taken off after it was sent (make less). */
export function changeWords(item: Pick<BoardItem, "quantity" | "sentQuantity" | "status">): string | null {
  if (item.status === "VOIDED" || item.quantity === item.sentQuantity) return null;
  const from = quantityWords(item.sentQuantity);
  return t(item.quantity < item.sentQuantity ? "item.reduced" : "item.raised", { quantity: from });
}

/** What the board calls an id: a ticket or a check as "ticket #1002", an item or a product by its
 * name and the ticket it is on, a station by its name; null: not on the board (shared/words.ts
 * then says the kind of thing it is, never the id). */
export function boardNames(tickets: readonly BoardTicket[]): IdNames {
  return (id) => {
    const same = (other: string | null | undefined) => !!other && other.toLowerCase() === id.toLowerCase();
    for (const ticket of tickets) {
      if (same(ticket.id) || same(ticket.orderId)) return t("names.ticket", { number: ticket.orderNumber });
      const item = ticket.items.find((line) => same(line.itemId) || same(line.productId));
      if (item) return t("names.item", { name: item.name, number: ticket.orderNumber });
      const station = (ticket.stations ?? []).find((part) => same(part.stationId));
      if (station) return station.name;
    }
    return null;
  };
}
