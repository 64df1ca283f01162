// Guests' rounds from their phones (docs/design.md §28): those waiting for a server to confirm
// them, kept from the list the floor reads and the `guest.round_*` events on the stream, and the
// refusals the staff are told of until someone dismisses them.

import type { BrigadeEvent } from "../../shared/stream";
import type { GuestRound } from "../../shared/types";

export interface Rounds {
  /** Waiting for a server, oldest first. */
  waiting: readonly GuestRound[];
  /** Refused over a limit: told until dismissed, newest last. */
  refused: readonly GuestRound[];
}

export const NO_ROUNDS: Rounds = { waiting: [], refused: [] };

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

/** The list the server answered, with the refusals still told. */
export const listed = (rounds: Rounds, waiting: readonly GuestRound[]): Rounds => ({ ...rounds, waiting });

/** A round decided on this terminal, or a refusal dismissed: off the lists at once. */
export const settled = (rounds: Rounds, id: string): Rounds => ({
  waiting: without(rounds.waiting, id),
  refused: without(rounds.refused, id),
});
