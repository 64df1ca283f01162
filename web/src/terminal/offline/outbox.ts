// The tablet's durable outbox (docs/design.md §16): every change to a check is an
// operation stored in IndexedDB before the tap is answered, with an Idempotency-Key of its
// own; the operations are sent strictly in the order they were made, each again with the same
// key after a network failure, and removed only once the server answered. The server's answer
// (the whole order) replaces the tablet's copy; the operations still waiting are shown made on
// top of it (reconcile.ts). An operation the server refuses is kept, in one message
// (refusals.ts), for a person to retry or discard: never dropped, never sent again unasked. An
// addition another terminal got ahead of is made on top of their change, and said so once it
// is made; one that is then refused all the same is told as refused, and only that.
//
// Each operation is sent under the session it was made in (its token, kept with it), whoever
// is signed in now: a change made by Ana is Ana's on the server. A session signed out with
// operations waiting is ended on the server once they have landed; one the server no longer
// accepts (401) has its operations refused, for the person signed in now to retry as theirs.

import { ApiError, retryDelay } from "../../shared/api/client";
import type { Store } from "../../shared/store";
import type { Order } from "../../shared/types";
import { changesIn, whatChanged } from "../../shared/words";
import { effectHeld, folded, itemOf, onTop, type Operation, settled } from "./operations";
import { namesIn } from "../problems";
import { reconcile, rebased, type Waiting } from "./reconcile";
import { isClosed, NEVER_OPENED, refusalWords, SESSION_ENDED, STALE, type Why } from "./refusals";
import { t } from "../messages";

/** The session an operation is made in: sent with its token, told by its staff member's name. */
export interface Author {
  token: string;
  name: string;
}

/** An operation as kept once refused: without its session's token, which is forgotten (a
 * retry is made in the session signed in then). */
export interface Kept extends Waiting {
  seq: number;
  /** Sent as Idempotency-Key: the same on every retry after a network failure. */
  key: string;
  /** The order version it was made against (If-Match); null: none known (a new check). */
  against: number | null;
  /** A manager's one-shot approval, for a retry a manager approved. */
  approval?: string;
  /** The staff member it was made by. */
  by: string;
}

export interface Entry extends Kept {
  /** The token of the session it was made in: sent with it. */
  token: string;
  /** Made on top of another terminal's change (412): what they changed, told once it is made. */
  onTopOf?: string;
}

export interface Refusal {
  entry: Kept;
  code: string;
  words: string;
}

/** What the outbox needs of the server; both throw Unreachable without an answer, ApiError
 * with one that is not a success. */
export interface Server {
  /** Makes the operation; answers the whole order after it. */
  send(entry: Entry, ifMatch: number | null): Promise<Order>;
  read(orderId: string, token: string): Promise<Order>;
  /** Ends the session of `token` on the server. */
  signOut(token: string): Promise<void>;
}

export interface OutboxOptions {
  newKey: () => string;
  now?: () => Date;
  /** Waits `ms`, or less when `wake` is called (the network came back). */
  pause?: (ms: number, wake: Promise<void>) => Promise<void>;
}

export const TABLES = {
  waiting: "outbox",
  refused: "refused",
  orders: "orders",
  /** The tokens of sessions signed out with operations waiting, by token. */
  signingOut: "signing-out",
} as const;

const keyOf = (seq: number) => String(seq).padStart(12, "0");

const sleep = (ms: number, wake: Promise<void>) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
    wake.then(resolve);
  });

export class Outbox {
  private waiting: Entry[] = [];
  private refusals: Refusal[] = [];
  /** Each order as the server last answered it. */
  private server = new Map<string, Order>();
  /** Orders as they were when operations still waiting were made on them, by id and version:
   * what another terminal changed is told against these, not against a later read. */
  private madeOn = new Map<string, Order>();
  /** When an order was last answered (ms): the floor shows it until it reads it itself. */
  private answered = new Map<string, number>();
  private notices: { orderId: string; words: string }[] = [];
  private listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  /** Changes to what is kept, one after the other: a tap kept while an answer lands is made
   * against the version that answer moved it to, never an older one. */
  private lock: Promise<unknown> = Promise.resolve();
  private wake: () => void = () => {};
  /** A kick came while a try was under way: the pause after it, should it fail, is skipped
   * (the network came back while the request was failing). */
  private kicked = false;
  private nextSeq = 1;
  /** Whether the last try reached the server (null: nothing tried yet). */
  reached: boolean | null = null;
  /** Sessions signed out on this screen whose waiting operations are still to land. */
  private signingOut: string[] = [];
  /** Who is signed in now: what is kept is made in their session. */
  private author: Author | null = null;
  /** Stopped: the page's terminal closed. */
  private closed = false;

  private constructor(
    private store: Store,
    private remote: Server,
    private options: OutboxOptions,
  ) {}

  /** The outbox kept on this tablet, as it was left (a reload keeps every operation). */
  static async open(store: Store, remote: Server, options: OutboxOptions): Promise<Outbox> {
    const outbox = new Outbox(store, remote, options);
    outbox.waiting = await store.all<Entry>(TABLES.waiting);
    outbox.refusals = await store.all<Refusal>(TABLES.refused);
    outbox.signingOut = await store.all<string>(TABLES.signingOut);
    for (const order of await store.all<Order>(TABLES.orders)) {
      outbox.server.set(order.id, order);
      // Answered before this page: shown on a floor kept from before it (offline), not on one
      // read from the server since.
      outbox.answered.set(order.id, 0);
    }
    const seqs = [...outbox.waiting, ...outbox.refusals.map((refusal) => refusal.entry)].map((entry) => entry.seq);
    outbox.nextSeq = Math.max(0, ...seqs) + 1;
    return outbox;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** The writes still to send (the banner counts these, and nothing else). */
  pending(): readonly Entry[] {
    return this.waiting;
  }

  refused(orderId?: string): readonly Refusal[] {
    return orderId ? this.refusals.filter((refusal) => refusal.entry.op.orderId === orderId) : this.refusals;
  }

  /** "Changed on another terminal" notes, for the check that shows `orderId`. */
  noticesFor(orderId: string): string[] {
    return this.notices.filter((notice) => notice.orderId === orderId).map((notice) => notice.words);
  }

  dismissNotices(orderId: string): void {
    this.notices = this.notices.filter((notice) => notice.orderId !== orderId);
    this.changed();
  }

  /** The order as the server last answered it (to this tablet, or a read). */
  known(orderId: string): Order | null {
    return this.server.get(orderId) ?? null;
  }

  /** The order as the tablet shows it: the server's, and what is waiting made on top. */
  view(orderId: string): Order | null {
    return reconcile(this.server.get(orderId) ?? null, this.waiting, orderId);
  }

  /** The orders the floor may show differently from its last read (asked for at `since`):
   * with operations waiting, or answered since; as the tablet shows them. */
  touched(since: number): Order[] {
    const ids = new Set(this.waiting.map((entry) => entry.op.orderId));
    for (const [id, at] of this.answered) if (at >= since) ids.add(id);
    return [...ids].map((id) => this.view(id)).filter((order): order is Order => order !== null);
  }

  private exclusive<T>(change: () => Promise<T>): Promise<T> {
    const next = this.lock.then(change, change);
    this.lock = next.catch(() => {});
    return next;
  }

  /** An order read from the server (its check opened, an event): newer than what is known. */
  seen(order: Order): Promise<void> {
    return this.exclusive(() => this.keepRead(order));
  }

  private async keepRead(order: Order): Promise<void> {
    const known = this.server.get(order.id);
    if (known && known.version > order.version) return;
    if (known && this.waiting.some((entry) => entry.op.orderId === order.id && entry.against === known.version)) {
      this.madeOn.set(`${known.id}@${known.version}`, known);
    }
    this.server.set(order.id, order);
    this.changed();
    await this.store.put(TABLES.orders, order.id, order);
  }

  /** Who is signed in from now on (null: nobody); what they keep is made in their session. */
  signedIn(author: Author | null): void {
    this.author = author;
  }

  /** Ends the session of `token` on the server: now when nothing of it waits, else once what
   * waits has landed (its token kept on the tablet until then). */
  async signOut(token: string): Promise<void> {
    if (this.author?.token === token) this.author = null;
    if (!this.waiting.some((entry) => entry.token === token)) {
      // Best effort, as without an outbox: the session ends on the screen whatever happens.
      await this.remote.signOut(token).catch(() => {});
      return;
    }
    await this.exclusive(async () => {
      this.signingOut.push(token);
      await this.store.put(TABLES.signingOut, token, token);
    });
    this.drain();
  }

  /** Keeps `op` on the tablet (stored before this answers), then sends what is waiting. */
  async enqueue(op: Operation, approval?: string): Promise<Entry> {
    const entry = await this.exclusive(() => this.keep(op, approval));
    this.drain();
    return entry;
  }

  private async keep(op: Operation, approval?: string): Promise<Entry> {
    if (!this.author) throw new Error("A change is made by someone signed in.");
    const known = this.server.get(op.orderId);
    // After waiting operations of its own, an operation is made against the version they
    // will answer: the one they were made against, moved on by rebased() as they land.
    const earlier = this.waiting.filter((entry) => entry.op.orderId === op.orderId).at(-1);
    const entry: Entry = {
      seq: this.nextSeq++,
      key: this.options.newKey(),
      op,
      madeAt: this.now().toISOString(),
      token: this.author.token,
      by: this.author.name,
      against: op.kind === "create" ? null : earlier ? earlier.against : (known?.version ?? null),
    };
    if (approval) entry.approval = approval;
    await this.store.put(TABLES.waiting, keyOf(entry.seq), entry);
    this.waiting.push(entry);
    this.changed();
    return entry;
  }

  /** A refused operation sent again (last in line, under a new key: it is a new attempt). The
   * same product tapped again is tapped again on the check as it is now. */
  async retry(seq: number, approval?: string): Promise<void> {
    const refusal = this.refusals.find((found) => found.entry.seq === seq);
    if (!refusal) return;
    const { op } = refusal.entry;
    const now = op.kind === "quantity" && op.tap ? this.view(op.orderId) : null;
    await this.forget(seq);
    await this.enqueue((now && onTop(op, now, this.options.newKey)) ?? op, approval);
  }

  /** A refused operation a person decided not to make. */
  async discard(seq: number): Promise<void> {
    await this.forget(seq);
  }

  private forget(seq: number): Promise<void> {
    return this.exclusive(async () => {
      this.refusals = this.refusals.filter((refusal) => refusal.entry.seq !== seq);
      await this.store.delete(TABLES.refused, keyOf(seq));
      this.changed();
    });
  }

  /** Sends what is waiting now rather than at the next try (the network is back). */
  kick(): void {
    this.kicked = true;
    this.wake();
    this.drain();
  }

  /** Stops sending (the page's terminal closed): what waits stays stored, for the next page. */
  close(): void {
    this.closed = true;
    this.wake();
  }

  /** Sends every waiting operation, in order; one run at a time. */
  drain(): Promise<void> {
    this.running ??= this.run();
    return this.running;
  }

  private async run(): Promise<void> {
    try {
      await this.sendAll();
    } finally {
      // Cleared the moment the loop ends (no await between): a tap kept just after starts a
      // new run rather than joining one that has finished.
      this.running = null;
    }
  }

  private async sendAll(): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      this.kicked = false;
      const drained = this.signingOut.find((token) => !this.waiting.some((entry) => entry.token === token));
      if (drained) {
        if (await this.endSession(drained)) failures = 0;
        else await this.pauseFor(retryDelay(failures++));
        continue;
      }
      const entry = this.waiting.at(0);
      if (!entry) return;
      const op = settled(entry.op, this.server.get(entry.op.orderId));
      if (op !== entry.op) {
        // Kept before it is sent: a retry sends the same body under the same key.
        entry.op = op;
        await this.store.put(TABLES.waiting, keyOf(entry.seq), entry);
      }
      try {
        const order = await this.remote.send(entry, entry.op.kind === "create" ? null : entry.against);
        failures = 0;
        this.reach(true);
        await this.landed(entry, order);
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 401) {
          // Its session ended on the server: never sent under another token unasked.
          this.reach(true);
          await this.sessionEnded(entry.token);
          continue;
        }
        // No answer (or one cut short), the server busy or restarting: the same operation
        // again, same key, until it is answered. Any other failure is as good as none: the
        // server makes a repeat once, so a retry is always safe.
        if (!(failure instanceof ApiError) || failure.status >= 500 || failure.status === 429) {
          this.reach(failure instanceof ApiError);
          await this.pauseFor(retryDelay(failures++));
          continue;
        }
        this.reach(true);
        try {
          await this.refusedWith(entry, failure);
        } catch {
          this.reach(false);
          await this.pauseFor(retryDelay(failures++));
        }
      }
    }
  }

  /** The server-side sign-out of a session whose operations have all landed; false: no
   * answer, to try again. */
  private async endSession(token: string): Promise<boolean> {
    try {
      await this.remote.signOut(token);
    } catch (failure) {
      // Any answer ends it (a 401: it had ended already); no answer, it is tried again.
      if (!(failure instanceof ApiError)) {
        this.reach(false);
        return false;
      }
    }
    this.reach(true);
    await this.forgetSession(token);
    return true;
  }

  /** The tablet forgets `token`: nothing of its session is left to send. */
  private forgetSession(token: string): Promise<void> {
    return this.exclusive(async () => {
      this.signingOut = this.signingOut.filter((other) => other !== token);
      await this.store.delete(TABLES.signingOut, token);
    });
  }

  /** The server no longer accepts `token`: each operation of its session is kept, refused, for
   * the person signed in now to retry as theirs or discard. */
  private async sessionEnded(token: string): Promise<void> {
    for (const entry of this.waiting.filter((other) => other.token === token)) {
      if (!this.waiting.includes(entry)) continue;
      await this.refuseWithFollowers(entry, { code: SESSION_ENDED, by: entry.by });
    }
    await this.forgetSession(token);
  }

  private reach(reached: boolean): void {
    if (this.reached === reached) return;
    this.reached = reached;
    this.changed();
  }

  private pauseFor(ms: number): Promise<void> {
    if (this.kicked) {
      this.kicked = false;
      return Promise.resolve();
    }
    const wake = new Promise<void>((resolve) => (this.wake = resolve));
    return (this.options.pause ?? sleep)(ms, wake);
  }

  /** The server made `entry`: its answer is the order now; the next operations on it are
   * made against the version it answered. */
  private landed(entry: Entry, order: Order): Promise<void> {
    return this.exclusive(() => this.answeredWith(entry, order));
  }

  private async answeredWith(entry: Entry, order: Order): Promise<void> {
    const sentWith = entry.op.kind === "create" ? null : entry.against;
    this.waiting = this.waiting.filter((other) => other !== entry);
    for (const later of this.waiting) {
      if (later.op.orderId !== entry.op.orderId) continue;
      const against = rebased(later.against, sentWith, order.version);
      if (against === later.against) continue;
      later.against = against;
      await this.store.put(TABLES.waiting, keyOf(later.seq), later);
    }
    this.server.set(order.id, order);
    this.answered.set(order.id, Date.now());
    if (entry.onTopOf) {
      this.notices.push({ orderId: order.id, words: t("terminal.outbox.onTopOf", { changed: entry.onTopOf }) });
    }
    await this.store.put(TABLES.orders, order.id, order);
    await this.store.delete(TABLES.waiting, keyOf(entry.seq));
    this.changed();
  }

  private async refusedWith(entry: Entry, failure: ApiError): Promise<void> {
    const orderId = entry.op.orderId;
    if (failure.status === 412) {
      await this.stale(entry);
      return;
    }
    // A conflict: the check as it is now says why (paid elsewhere, sent meanwhile), and may hold
    // what was asked already (sent, charged, cancelled): then it is done, not refused.
    const after =
      failure.status === 409 && entry.op.kind !== "create" ? await this.readIfAnswered(orderId, entry.token) : null;
    if (after) {
      if (effectHeld(entry.op, after)) {
        await this.landed(entry, after);
        return;
      }
      await this.seen(after);
    }
    await this.refuseWithFollowers(entry, { code: failure.code, detail: failure.detail, after });
  }

  /** The order read now; null: the server answered the read with a refusal of its own. */
  private async readIfAnswered(orderId: string, token: string): Promise<Order | null> {
    try {
      return await this.remote.read(orderId, token);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status !== 401 && failure.status < 500) return null;
      throw failure;
    }
  }

  /** Someone else moved the order on (412): an addition (a product tapped, onTop) is still made,
   * on top of what they did, unless the check closed meanwhile; any other change waits for a
   * person to look. */
  private async stale(entry: Entry): Promise<void> {
    const orderId = entry.op.orderId;
    const before = this.madeOn.get(`${orderId}@${entry.against}`) ?? this.server.get(orderId);
    const after = await this.remote.read(orderId, entry.token);
    if (effectHeld(entry.op, after)) {
      // Its own earlier try was made, and its answer lost: done, at the version read.
      await this.landed(entry, after);
      return;
    }
    await this.seen(after);
    if (isClosed(after)) {
      await this.refuseWithFollowers(entry, { code: "order_closed", after });
      return;
    }
    const instead = onTop(entry.op, after, this.options.newKey);
    if (!instead) {
      const changed = before ? changesIn(before, after, after.currency) : undefined;
      await this.refuseWithFollowers(entry, { code: STALE, changed, after });
      return;
    }
    await this.exclusive(async () => {
      entry.op = instead;
      entry.against = after.version;
      entry.key = this.options.newKey();
      // Said once it is made (answeredWith): refused after all, only the refusal is told.
      entry.onTopOf = before
        ? whatChanged(before, after, after.currency)
        : t("terminal.outbox.changedElsewhere", { number: after.orderNumber });
      await this.store.put(TABLES.waiting, keyOf(entry.seq), entry);
    });
  }

  /** Refuses `entry`, with what cannot land without it: the changes to a line whose addition
   * was refused become part of it (one line, one message), and what was made on a check whose
   * opening was refused is kept unsent beside it. */
  private async refuseWithFollowers(entry: Entry, why: Why): Promise<void> {
    const { op } = entry;
    const orderId = op.orderId;
    if (op.kind === "add") {
      const onLine = this.waiting.filter(
        (other) => other !== entry && other.op.orderId === orderId && itemOf(other.op) === op.itemId,
      );
      const changes = onLine.map((other) => other.op);
      const line = folded(op, changes);
      // Voided meanwhile: the person no longer wants it, and it is not on the check.
      if (!line) {
        await this.drop([entry, ...onLine]);
        return;
      }
      entry.op = line;
      await this.refuse(entry, why);
      await this.drop(onLine);
      return;
    }
    await this.refuse(entry, why);
    if (op.kind === "create") {
      // Nothing made on a check the server never opened can land: each is kept, in words.
      for (const later of this.waiting.filter((other) => other.op.orderId === orderId)) {
        await this.refuse(later, { code: NEVER_OPENED });
      }
    }
  }

  /** Waiting operations that will never be sent, forgotten. */
  private drop(entries: readonly Entry[]): Promise<void> {
    return this.exclusive(async () => {
      for (const entry of entries) await this.store.delete(TABLES.waiting, keyOf(entry.seq));
      this.waiting = this.waiting.filter((other) => !entries.includes(other));
      this.changed();
    });
  }

  private refuse(entry: Entry, why: Why): Promise<void> {
    return this.exclusive(async () => {
      const words = refusalWords(entry.op, why, namesIn(this.view(entry.op.orderId), why.after));
      // Forgotten: a refused operation is retried in the session signed in then, and only its
      // refusal is told (not that it was to be made on top).
      const { token, onTopOf, ...kept } = entry;
      void token;
      void onTopOf;
      const refusal: Refusal = { entry: kept, code: why.code, words };
      await this.store.put(TABLES.refused, keyOf(entry.seq), refusal);
      await this.store.delete(TABLES.waiting, keyOf(entry.seq));
      this.waiting = this.waiting.filter((other) => other !== entry);
      this.refusals.push(refusal);
      this.changed();
    });
  }
}
