// Whether an event about the open check tells the tablet something its copy of the order
// lacks. The tablet's own changes come back on the stream too, and the answer to each (the
// whole order) is already kept: reading the order again for them would only cost a round trip
// per tap. An event that can't be matched against the copy is news, and the order is read.

import type { BrigadeEvent } from "../../shared/stream";
import type { Order } from "../../shared/types";

const fieldOf = (data: unknown, name: string): unknown =>
  typeof data === "object" && data !== null && name in data ? (data as Record<string, unknown>)[name] : undefined;

/** True when `known` (the order as the server last answered the tablet) may be behind `event`. */
export function isNews(event: BrigadeEvent, known: Order | null): boolean {
  if (!known) return true;
  const { data } = event;
  if (event.type.startsWith("order.")) {
    // An order's events carry its detail, or its summary when large: either has its version.
    const version = fieldOf(data, "version");
    return typeof version !== "number" || version > known.version;
  }
  if (event.type.startsWith("item.")) {
    // An item's events carry the item as it is after the change.
    const item = known.items.find((found) => found.id === fieldOf(data, "id"));
    return !item || item.updatedAt !== fieldOf(data, "updatedAt") || item.status !== fieldOf(data, "status");
  }
  if (event.type === "payment.created") {
    return !known.payments.some((payment) => payment.id === fieldOf(data, "id"));
  }
  return true;
}

/** How long an event waits for this tablet's own changes to the order to be answered. */
export const HOLD_MS = 2000;

/** Follows the events about one order: reads it when an event is news. An event that comes
 * while this tablet's own changes to the order are still on their way (the stream is often
 * quicker than the answer) is held until they are answered, or `HOLD_MS` went by, and then
 * read only if it is news still. */
export class Follower {
  private held: BrigadeEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly sending: () => boolean,
    private readonly known: () => Order | null,
    private readonly read: () => void,
  ) {}

  told(event: BrigadeEvent): void {
    if (!this.sending()) {
      if (isNews(event, this.known())) this.read();
      return;
    }
    this.held.push(event);
    this.timer ??= setTimeout(() => this.release(), HOLD_MS);
  }

  /** Call whenever the tablet's outbox changed: held events are looked at once nothing of the
   * order is on its way any more. */
  outboxChanged(): void {
    if (this.held.length > 0 && !this.sending()) this.release();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.held = [];
  }

  private release(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const held = this.held;
    this.held = [];
    if (held.some((event) => isNews(event, this.known()))) this.read();
  }
}
