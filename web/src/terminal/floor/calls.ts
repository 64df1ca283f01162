// Guests calling from their phones (docs/design.md §28): `guest.called` on the stream marks
// the table on the floor until someone opens it, or a while has passed.

import type { BrigadeEvent } from "../../shared/stream";

export type CallKind = "SERVER" | "BILL";

export interface TableCall {
  kind: CallKind;
  /** When the guests called, in ms since the epoch. */
  at: number;
}

/** Each table's calls still to answer, by its id. */
export type Calls = Readonly<Record<string, readonly TableCall[]>>;

/** How long a call marks its table unless someone opens the table first. */
export const CALL_SHOWN_MS = 10 * 60_000;

const isKind = (kind: unknown): kind is CallKind => kind === "SERVER" || kind === "BILL";

/** The calls after `event`: a guests' call marks its table (a second of the same kind moves the
 * first's time); any other event changes nothing. */
export function heard(calls: Calls, event: BrigadeEvent): Calls {
  if (event.type !== "guest.called" || typeof event.data !== "object" || event.data === null) return calls;
  const { tableId, kind, at } = event.data as Record<string, unknown>;
  if (typeof tableId !== "string" || !isKind(kind)) return calls;
  const when = typeof at === "string" ? Date.parse(at) : Number.NaN;
  const others = (calls[tableId] ?? []).filter((call) => call.kind !== kind);
  return { ...calls, [tableId]: [...others, { kind, at: Number.isNaN(when) ? Date.now() : when }] };
}

/** Someone opened the table: its calls are answered. */
export function answered(calls: Calls, tableId: string): Calls {
  if (!(tableId in calls)) return calls;
  return Object.fromEntries(Object.entries(calls).filter(([id]) => id !== tableId));
}

/** The table's calls to show at `now`, oldest first. */
export const callsShown = (calls: Calls, tableId: string, now: number): TableCall[] =>
  (calls[tableId] ?? []).filter((call) => now - call.at < CALL_SHOWN_MS).sort((a, b) => a.at - b.at);
