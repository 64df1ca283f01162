// The guests' board's pure parts: the two columns as numbers, which ready numbers are new (and
// so highlighted for a few seconds), and reads of the board at most one per ~250 ms however
// many events arrive.

import type { Schemas } from "../shared/api/client";

export type PickupBoard = Schemas["PickupBoardOut"];

/** How long a newly ready number stays highlighted. */
export const HIGHLIGHT_MS = 6000;
/** At most one read of the board this often, whatever the events. */
export const READ_GAP_MS = 250;
/** The safety net: read again this often even without events (a ready number's 15 minutes
 * end with no event; an event missed while the stream reconnected). */
export const REREAD_MS = 15000;
/** What fits at 1920×1080 (board.css): 3 × 5 ready numbers, 3 × 8 preparing ones. */
export const READY_SHOWN = 15;
export const PREPARING_SHOWN = 24;

/** An order number as a guest reads it on the wall: its digits ("#1042" is 1042). */
export function shownNumber(orderNumber: string): string {
  return orderNumber.replace(/^#/, "");
}

export interface Column {
  numbers: string[];
  /** How many more the column holds than it shows. */
  more: number;
}

function column(numbers: string[], shown: number): Column {
  return { numbers: numbers.slice(0, shown), more: Math.max(0, numbers.length - shown) };
}

/** Preparing oldest first, ready newest first (as the server orders them), each cut to what
 * fits: a ready number past the screen is the oldest, and goes first. */
export function columns(board: PickupBoard): { preparing: Column; ready: Column } {
  return {
    preparing: column(
      board.preparing.map((shown) => shownNumber(shown.orderNumber)),
      PREPARING_SHOWN,
    ),
    ready: column(
      board.ready.map((shown) => shownNumber(shown.orderNumber)),
      READY_SHOWN,
    ),
  };
}

/** When this screen first saw each ready number (ms). The first read marks nothing new (0):
 * what was ready before the screen started is not news. Numbers no longer ready are dropped,
 * so one ready again later is new again. */
export function seenReady(
  previous: ReadonlyMap<string, number> | null,
  ready: string[],
  now: number,
): Map<string, number> {
  return new Map(ready.map((number) => [number, previous === null ? 0 : (previous.get(number) ?? now)]));
}

export function isNew(seen: ReadonlyMap<string, number>, number: string, now: number): boolean {
  const at = seen.get(number);
  return at !== undefined && at > 0 && now - at < HIGHLIGHT_MS;
}

/** When the next highlight ends (to draw again then), or null when none is lit. */
export function nextChange(seen: ReadonlyMap<string, number>, now: number): number | null {
  const ends = [...seen.values()].filter((at) => at > 0 && now - at < HIGHLIGHT_MS).map((at) => at + HIGHLIGHT_MS);
  return ends.length ? Math.min(...ends) : null;
}

export interface Timers {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
}

const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/** Calls `read` at once for the first ask, then at most once per `gap` ms: asks in between
 * are gathered into one read at the end of the gap, so the last change is never missed. */
export class Throttled {
  private last = -Infinity;
  private timer: unknown = null;

  constructor(
    private read: () => void,
    private gap = READ_GAP_MS,
    private timers: Timers = realTimers,
  ) {}

  ask(): void {
    if (this.timer !== null) return;
    const wait = this.last + this.gap - this.timers.now();
    if (wait <= 0) {
      this.run();
      return;
    }
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.run();
    }, wait);
  }

  stop(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private run(): void {
    this.last = this.timers.now();
    this.read();
  }
}
