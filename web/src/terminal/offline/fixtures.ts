// Operations, a server and outboxes for the outbox's and reconciliation's tests.

import { ApiError, Unreachable } from "../../shared/api/client";
import { memoryStore, type Store } from "../../shared/store";
import type { Order } from "../../shared/types";
import { applyOperation, type Operation } from "./operations";
import { type Author, type Entry, Outbox, type Server } from "./outbox";

/** Seats two at table 4 on check "o". */
export const seatAtFour: Operation = {
  kind: "create",
  orderId: "o",
  locationId: "L",
  orderType: "DINE_IN",
  tableId: "t4",
  tableName: "4",
  guestCount: 2,
  currency: "USD",
};

/** Opens bar tab "o" for Sam, at no table. */
export const tabForSam: Operation = {
  kind: "create",
  orderId: "o",
  locationId: "L",
  orderType: "BAR_TAB",
  tableId: null,
  tableName: null,
  guestCount: null,
  currency: "USD",
  customerName: "Sam",
};

const AT = "2026-01-01T20:14:00.000Z";

export const ANA: Author = { token: "ana-token", name: "Ana" };
export const BEN: Author = { token: "ben-token", name: "Ben" };

/** A server that makes each operation once per key, moves the version, and can be told to
 * be unreachable, to lose its answers, or to refuse (once the version matched); it refuses
 * any change to a closed check, an 86'd product and a send of nothing; it ends sessions when
 * told, or signed out. */
export class FakeServer implements Server {
  orders = new Map<string, Order>();
  keys = new Map<string, Order>();
  sent: { key: string; ifMatch: number | null; kind: string; token: string }[] = [];
  /** What reached the server, in order: each operation's kind, or "sign-out", and its token. */
  requests: string[] = [];
  /** Tokens the server no longer accepts. */
  ended = new Set<string>();
  unreachable = false;
  loseAnswers = 0;
  /** Failures the browser throws that are neither an answer nor Unreachable (a body cut short). */
  oddFailures = 0;
  refuse: ApiError | null = null;
  /** The products 86'd: an addition of one is refused. */
  sold = new Set<string>();

  async read(orderId: string): Promise<Order> {
    if (this.unreachable) throw new Unreachable("offline");
    const order = this.orders.get(orderId);
    if (!order) throw new ApiError(404, "not_found", "No such order.");
    return order;
  }

  async signOut(token: string): Promise<void> {
    if (this.unreachable) throw new Unreachable("offline");
    this.requests.push(`sign-out ${token}`);
    this.ended.add(token);
  }

  async send(entry: Entry, ifMatch: number | null): Promise<Order> {
    if (this.unreachable) throw new Unreachable("offline");
    if (this.oddFailures > 0) {
      this.oddFailures--;
      throw new TypeError("network error");
    }
    if (this.ended.has(entry.token)) throw new ApiError(401, "unauthenticated", "Signed out.");
    this.sent.push({ key: entry.key, ifMatch, kind: entry.op.kind, token: entry.token });
    this.requests.push(`${entry.op.kind} ${entry.token}`);
    // A POST's key replays its first answer; a PUT or DELETE is made again.
    const replay = this.keys.get(entry.key);
    if (replay && !["quantity", "note", "place", "void", "uncharge", "name"].includes(entry.op.kind)) return replay;
    const before = this.orders.get(entry.op.orderId) ?? null;
    if (before && ifMatch !== null && ifMatch !== before.version) {
      throw new ApiError(412, "stale_version", "The order changed.");
    }
    if (this.refuse) throw this.refuse;
    if (before && before.status !== "OPEN" && before.status !== "DRAFT") {
      throw new ApiError(409, "order_closed", "The order is closed.");
    }
    if (entry.op.kind === "add" && this.sold.has(entry.op.body.productId)) {
      throw new ApiError(409, "product_unavailable", `${entry.op.name} is 86'd (unavailable).`);
    }
    if (entry.op.kind === "send" && !before?.items.some((item) => item.status === "PENDING")) {
      throw new ApiError(409, "nothing_to_send", "Nothing to send.");
    }
    const made = applyOperation(before, entry.op, AT)!;
    const after = { ...made, version: (before?.version ?? 0) + 1, orderNumber: "#7" };
    this.orders.set(after.id, after);
    this.keys.set(entry.key, after);
    if (this.loseAnswers > 0) {
      this.loseAnswers--;
      throw new Unreachable("the answer was lost");
    }
    return after;
  }

  /** Another terminal changes the order. */
  elsewhere(orderId: string, change: (order: Order) => Order): void {
    const order = this.orders.get(orderId)!;
    this.orders.set(orderId, { ...change(order), version: order.version + 1 });
  }
}

let keys = 0;
/** A new Idempotency-Key (or id): "key-1", "key-2"… */
export const newKey = () => `key-${++keys}`;

/** An outbox on `server`, Ana signed in: after a failure, it tries again at once, or when the
 * network is back (kick) while the server cannot be reached. */
export async function reachable(server = new FakeServer(), store: Store = memoryStore()) {
  const pause = (_ms: number, wake: Promise<void>) => (server.unreachable ? wake : Promise.resolve());
  const opened = await Outbox.open(store, server, { newKey, pause });
  opened.signedIn(ANA);
  return { outbox: opened, server, store };
}

export async function offline() {
  const server = new FakeServer();
  server.unreachable = true;
  return reachable(server);
}

export const add = (itemId: string, name = "Fries"): Operation => ({
  kind: "add",
  orderId: "o",
  itemId,
  body: { productId: `p-${name}`, quantity: 1, modifiers: [] },
  name,
  unitPrice: 450,
  modifiers: [],
});

/** The network back: what waits is sent now. */
export async function online(outbox: Outbox, server: FakeServer): Promise<void> {
  server.unreachable = false;
  outbox.kick();
  await outbox.drain();
}
