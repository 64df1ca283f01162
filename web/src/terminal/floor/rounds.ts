// Guests' rounds from their phones (docs/design.md §28): those waiting for a server to confirm
// them, kept from the list the floor reads and the `guest.round_*` events on the stream, and the
// refusals the staff are told of until someone dismisses them; and the payments guests made from
// their phones (a card checkout with no reader, `card_checkout.succeeded`), told until dismissed.

import type { BrigadeEvent } from "../../shared/stream";
import type { GuestRound } from "../../shared/types";

export interface Rounds {
  /** Waiting for a server, oldest first. */
  waiting: readonly GuestRound[];
  /** Refused over a limit: told until dismissed, newest last. */
  refused: readonly GuestRound[];
  /** Paid from a phone: told until dismissed, newest last. */
  paid: readonly PhonePayment[];
}

/** A payment made on a guest's phone: its checkout's id, the table's name when the floor knew
 * the check (null: a check no longer on it), what it paid and the tip. */
export interface PhonePayment {
  id: string;
  tableName: string | null;
  amount: number;
  tip: number;
}

export const NO_ROUNDS: Rounds = { waiting: [], refused: [], paid: [] };

const ROUND_EVENTS = new Set([
  "guest.round_placed",
  "guest.round_confirmed",
  "guest.round_declined",
  "guest.round_refused",
]);

const isRound = (data: unknown): data is GuestRound =>
  typeof data === "object" && data !== null && typeof (data as GuestRound).id === "string";

const without = (rounds: readonly GuestRound[], id: string) => rounds.filter((round) => round.id !== id);

/** The rounds after `event`: a round placed waiting joins the list, one confirmed or declined
 * (here or on another terminal) leaves it, a refusal is told; any other event changes nothing. */
export function heardRound(rounds: Rounds, event: BrigadeEvent): Rounds {
  if (!ROUND_EVENTS.has(event.type) || !isRound(event.data)) return rounds;
  const round = event.data;
  if (round.status === "REFUSED") return { ...rounds, refused: [...without(rounds.refused, round.id), round] };
  const waiting = without(rounds.waiting, round.id);
  return { ...rounds, waiting: round.status === "WAITING" ? [...waiting, round] : waiting };
}

interface CheckoutHeard {
  id: string;
  orderId: string;
  readerId: string | null;
  amount: number;
  tip: number;
}

const isPhoneCheckout = (data: unknown): data is CheckoutHeard =>
  typeof data === "object" && data !== null && (data as CheckoutHeard).readerId === null;

/** The rounds after `event`: a card payment made on a guests' phone is told (at the table
 * `tableOf` its check was at); any other event changes nothing. */
export function heardPayment(rounds: Rounds, event: BrigadeEvent, tableOf: (orderId: string) => string | null): Rounds {
  if (event.type !== "card_checkout.succeeded" || !isPhoneCheckout(event.data)) return rounds;
  const { id, orderId, amount, tip } = event.data;
  const paid = rounds.paid.filter((told) => told.id !== id);
  return { ...rounds, paid: [...paid, { id, tableName: tableOf(orderId), amount, tip }] };
}

/** The list the server answered, with the refusals still told. */
export const listed = (rounds: Rounds, waiting: readonly GuestRound[]): Rounds => ({ ...rounds, waiting });

/** A round decided on this terminal, or a refusal or a payment dismissed: off the lists at
 * once. */
export const settled = (rounds: Rounds, id: string): Rounds => ({
  waiting: without(rounds.waiting, id),
  refused: without(rounds.refused, id),
  paid: rounds.paid.filter((told) => told.id !== id),
});
