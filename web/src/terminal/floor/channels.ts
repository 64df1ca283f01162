// Orders from channels (online ordering, delivery platforms; docs/design.md §29) on the floor:
// the NEW ones to accept or refuse before their `acceptBy`, and the READY ones to hand over.
// Kept from the list the floor reads and the `channel_order.*` events on the stream, each
// order as the newest word heard of it: an older one (a list read before an event arrived)
// changes nothing.

import type { BrigadeEvent } from "../../shared/stream";
import type { ChannelOrder, ChannelOrderStatus } from "../../shared/types";

export interface ChannelOrders {
  /** The orders shown: NEW (to accept) and READY (to hand over). */
  shown: readonly ChannelOrder[];
  /** When each order heard on the stream or answered here last changed (its `updatedAt`),
   * shown or not. */
  heardAt: Readonly<Record<string, string>>;
}

export const NO_CHANNEL_ORDERS: ChannelOrders = { shown: [], heardAt: {} };

/** The statuses the floor shows, and so asks for. */
export const SHOWN_STATUSES: ChannelOrderStatus[] = ["NEW", "READY"];

const isShown = (order: ChannelOrder) => SHOWN_STATUSES.includes(order.status);

const isChannelOrder = (data: unknown): data is ChannelOrder =>
  typeof data === "object" &&
  data !== null &&
  typeof (data as ChannelOrder).id === "string" &&
  typeof (data as ChannelOrder).status === "string" &&
  typeof (data as ChannelOrder).updatedAt === "string";

const older = (a: string, b: string) => Date.parse(a) < Date.parse(b);

/** The orders after `order` was told (by the stream, or the server's answer to a tap here): it
 * is shown while NEW or READY, else it leaves; a word older than the last heard changes
 * nothing. */
export function told(orders: ChannelOrders, order: ChannelOrder): ChannelOrders {
  const last = orders.heardAt[order.id];
  if (last !== undefined && older(order.updatedAt, last)) return orders;
  const others = orders.shown.filter((shown) => shown.id !== order.id);
  return {
    shown: isShown(order) ? [...others, order] : others,
    heardAt: { ...orders.heardAt, [order.id]: order.updatedAt },
  };
}

/** The orders after `event`: a `channel_order.*` event tells its order; any other changes
 * nothing. */
export function heardChannelOrder(orders: ChannelOrders, event: BrigadeEvent): ChannelOrders {
  if (!event.type.startsWith("channel_order.") || !isChannelOrder(event.data)) return orders;
  return told(orders, event.data);
}

/** The list the server answered, each order as the newest word heard of it; an order heard
 * on the stream and not listed (received while the list was read) stays. */
export function listedChannelOrders(orders: ChannelOrders, listed: readonly ChannelOrder[]): ChannelOrders {
  const ids = new Set(listed.map((order) => order.id));
  const heardSince = orders.shown.filter((order) => !ids.has(order.id) && order.id in orders.heardAt);
  const fresh = listed.filter((order) => {
    const last = orders.heardAt[order.id];
    return last === undefined || !older(order.updatedAt, last);
  });
  const kept = listed
    .filter((order) => !fresh.includes(order))
    .flatMap((order) => orders.shown.filter((shown) => shown.id === order.id));
  return { ...orders, shown: [...fresh.filter(isShown), ...kept, ...heardSince] };
}

/** The NEW orders, the soonest to decide first. */
export const toAccept = (orders: ChannelOrders): ChannelOrder[] =>
  orders.shown.filter((order) => order.status === "NEW").sort((a, b) => by(a.acceptBy, b.acceptBy));

/** The READY orders, the soonest pickup first. */
export const toHandOver = (orders: ChannelOrders): ChannelOrder[] =>
  orders.shown.filter((order) => order.status === "READY").sort((a, b) => by(a.pickupAt, b.pickupAt));

const by = (a: string, b: string) => Date.parse(a) - Date.parse(b);

/** The last minute to accept in (00:59 and less): the countdown turns urgent. */
export const URGENT_SECONDS = 60;

export interface Countdown {
  /** Whole seconds left (rounded up: "0:01" until the last moment), never below 0. */
  seconds: number;
  /** "09:59", "00:05", "00:00". */
  text: string;
  urgent: boolean;
  /** The window closed: the server refuses it to the channel. */
  over: boolean;
}

/** The time left to accept an order by `acceptBy` at `now` (ms since the epoch). */
export function countdown(acceptBy: string, now: number): Countdown {
  const seconds = Math.max(0, Math.ceil((Date.parse(acceptBy) - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    seconds,
    text: `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`,
    urgent: seconds < URGENT_SECONDS,
    over: seconds === 0,
  };
}
