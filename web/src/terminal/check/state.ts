// One open check's state, in one place: the order as the tablet shows it (the server's last
// answer with this tablet's waiting operations made on top, offline/reconcile.ts), and every
// change to it, each an operation in the tablet's outbox (offline/outbox.ts): kept before the
// tap is answered, shown at once, sent in order. What the server says back lands here:
// - another terminal moved the order on (412): an addition is made on top and, once made, the
//   check says what changed; any other change is kept as refused, with those words, to look
//   and retry;
// - a manager-only action (403): a manager's PIN is asked for on the spot, for that one action
//   on that one order, and the same change is sent again with the one-shot approval;
// - any other refusal (86'd, paid elsewhere, table taken): kept on the check in one message,
//   with Retry and Discard, never dropped; a refused addition keeps its line, marked "not
//   added", out of every total.

import { useEffect, useState } from "preact/hooks";
import { randomUuid, type Schemas } from "../../shared/api/client";
import { getOrder } from "../../shared/api/orders";
import type { AddItemBody, ShownLine } from "../../shared/rules/modifiers";
import { touchesOrders } from "../../shared/events";
import type { Order } from "../../shared/types";
import { inWords } from "../problems";
import { useTerminal } from "../context";
import { Follower } from "./follow";
import { approvalAsk, itemOf, type Operation, type PaymentBody, whatOf } from "../offline/operations";
import type { Refusal } from "../offline/outbox";
import { type NotAdded, notAddedLine } from "../offline/refusals";
import { FIRST_PLACING, type Placing } from "./Courses";
import { sameLine } from "./same";

export type { PaymentBody } from "../offline/operations";

/** What a manager's approval is asked for: one action on one order (and item). */
export type ApprovalAsk = Omit<Schemas["ApprovalAsk"], "staffId" | "pin">;

export interface PendingApproval {
  what: string;
  ask: ApprovalAsk;
  approve: (approvalToken: string) => Promise<void>;
}

/** Call with what the menu tapped; it is added to the check at once. */
export type AddToCheck = (body: AddItemBody, shown: ShownLine) => Promise<Order | null>;

export interface Check {
  /** As the tablet shows it; null while a check this tablet never saw is read. */
  order: Order | null;
  /** Lines added or changed here that the server has not answered yet. */
  waitingItems: Set<string>;
  /** Additions not on the server yet (shown "sending"). */
  sendingItems: Set<string>;
  /** How many of this check's changes wait for the server. */
  waiting: number;
  /** Refused changes other than additions (told above the lines). */
  refused: readonly Refusal[];
  /** Refused additions, each told on its own line, marked "not added". */
  notAdded: readonly NotAddedLine[];
  notice: string | null;
  error: string | null;
  approval: PendingApproval | null;
  dismiss: () => void;
  cancelApproval: () => void;
  retry: (refusal: Refusal) => void;
  discard: (refusal: Refusal) => void;
  /** Call when a product is tapped; the answer adds it to the check (a product's details may
   * take a moment to load first): the same as an unsent line raises that line's quantity. */
  addAsSeen: () => AddToCheck;
  setQuantity: (itemId: string, quantity: number) => Promise<Order | null>;
  /** The line's note for the kitchen; blank clears it. */
  setNote: (itemId: string, notes: string) => Promise<Order | null>;
  void: (itemId: string, reason: string) => Promise<Order | null>;
  /** The seat and course the next products tapped go to. */
  placing: Placing;
  setPlacing: (placing: Placing) => void;
  /** A line moved to another seat or course (its course only while unsent). */
  place: (itemId: string, placing: Placing) => Promise<Order | null>;
  send: () => Promise<Order | null>;
  /** A held course's lines to the kitchen: fired, later sends take it too. */
  fire: (course: number) => Promise<Order | null>;
  discount: (amount: number, reason: string) => Promise<Order | null>;
  transfer: (tableId: string, tableName: string) => Promise<Order | null>;
  /** The customer's name on the check; null takes it off. */
  rename: (customerName: string | null) => Promise<Order | null>;
  /** One of the location's service charges onto the check. */
  addCharge: (serviceChargeId: string) => Promise<Order | null>;
  /** A service charge off the check: the location's automatic one takes a manager. */
  removeCharge: (serviceChargeId: string) => Promise<Order | null>;
  /** `settles`: it pays the whole balance (made exact when it is sent). */
  pay: (body: PaymentBody, settles?: boolean) => Promise<Order | null>;
  complete: () => Promise<Order | null>;
  /** The check cancelled, with its reason; `approval`: a manager's one-shot approval. */
  cancel: (reason: string, approval?: string) => Promise<Order | null>;
}

/** A refused addition as the check shows it: its line, with its one message. */
export interface NotAddedLine extends NotAdded {
  refusal: Refusal;
}

export function useCheck(orderId: string): Check {
  const { api, events, outbox, online } = useTerminal();
  const [error, setError] = useState<string | null>(null);
  // The refusal whose manager's approval is being asked for (null: none; a cancelled ask stays
  // among the refused, to retry).
  const [asking, setAsking] = useState<number | null>(null);
  const [declined, setDeclined] = useState<Set<number>>(new Set());
  const [placing, setPlacing] = useState<Placing>(FIRST_PLACING);

  // Read once when opened, again whenever another terminal changes it, and again when the
  // terminal is back online (a change told while offline could not be read then): the
  // tablet's copy (kept for offline) follows. Offline, the copy the tablet kept is shown. The
  // events of this tablet's own changes are not read again: their answers are kept already.
  useEffect(() => {
    const reload = () =>
      getOrder(api, orderId)
        .then((order) => outbox.seen(order))
        .catch((failure) => {
          if (!outbox.view(orderId)) setError(inWords(failure));
        });
    reload();
    const following = new Follower(
      () => outbox.pending().some((entry) => entry.op.orderId === orderId),
      () => outbox.known(orderId),
      reload,
    );
    const stopEvents = events.listen((event) => {
      if (touchesOrders(event) && event.orderId === orderId) following.told(event);
    });
    const stopOutbox = outbox.subscribe(() => following.outboxChanged());
    return () => {
      stopEvents();
      stopOutbox();
      following.stop();
    };
  }, [orderId, api, events, outbox, online]);

  const order = outbox.view(orderId);
  const waitingOps = outbox.pending().filter((entry) => entry.op.orderId === orderId);
  const refused = outbox.refused(orderId);
  const notAdded = refused.flatMap((refusal) => {
    const line = notAddedLine(refusal.entry.op);
    return line ? [{ ...line, refusal }] : [];
  });
  const notices = outbox.noticesFor(orderId);
  // A manager-only change the server refused: the manager is asked on the spot, once.
  const needsManager = refused.find(
    (refusal) => refusal.code === "forbidden" && approvalAsk(refusal.entry.op) && !declined.has(refusal.entry.seq),
  );
  const askFor = asking ?? needsManager?.entry.seq ?? null;
  const askedRefusal = refused.find((refusal) => refusal.entry.seq === askFor);
  const ask = askedRefusal && approvalAsk(askedRefusal.entry.op);

  const make = async (op: Operation, approval?: string): Promise<Order | null> => {
    setError(null);
    try {
      await outbox.enqueue(op, approval);
    } catch (failure) {
      setError(inWords(failure));
    }
    return outbox.view(orderId);
  };

  return {
    order,
    waitingItems: new Set(waitingOps.map((entry) => itemOf(entry.op)).filter((id): id is string => id !== null)),
    sendingItems: new Set(waitingOps.flatMap((entry) => (entry.op.kind === "add" ? [entry.op.itemId] : []))),
    waiting: waitingOps.length,
    refused: refused.filter((refusal) => !notAdded.some((line) => line.refusal === refusal)),
    notAdded,
    notice: notices.length ? notices.join(" ") : null,
    error,
    approval:
      askedRefusal && ask
        ? {
            what: whatOf(askedRefusal.entry.op.kind),
            ask,
            approve: async (approvalToken) => {
              setAsking(null);
              await outbox.retry(askedRefusal.entry.seq, approvalToken);
            },
          }
        : null,
    dismiss: () => {
      outbox.dismissNotices(orderId);
      setError(null);
    },
    cancelApproval: () => {
      if (askFor !== null) setDeclined(new Set([...declined, askFor]));
      setAsking(null);
    },
    retry: (refusal) => {
      if (refusal.code === "forbidden" && approvalAsk(refusal.entry.op)) setAsking(refusal.entry.seq);
      else outbox.retry(refusal.entry.seq);
    },
    discard: (refusal) => {
      outbox.discard(refusal.entry.seq);
    },
    addAsSeen: () => (tapped, shown) => {
      // Left out of the body when it is the table's first course: a line as before courses.
      const body = {
        ...tapped,
        ...(placing.seat === null ? {} : { seat: placing.seat }),
        ...(placing.course === 1 ? {} : { course: placing.course }),
      };
      const tap = { body, ...shown };
      const same = sameLine(outbox.view(orderId), body);
      return same
        ? make({ kind: "quantity", orderId, itemId: same.id, quantity: same.quantity + body.quantity, tap })
        : make({ kind: "add", orderId, itemId: randomUuid(), ...tap });
    },
    setQuantity: (itemId, quantity) => make({ kind: "quantity", orderId, itemId, quantity }),
    setNote: (itemId, notes) => make({ kind: "note", orderId, itemId, notes: notes.trim() || null }),
    void: (itemId, reason) => make({ kind: "void", orderId, itemId, reason }),
    placing,
    setPlacing,
    place: (itemId, { seat, course }) => make({ kind: "place", orderId, itemId, seat, course }),
    send: () => make({ kind: "send", orderId }),
    fire: (course) => make({ kind: "fire", orderId, course }),
    discount: (amount, reason) => make({ kind: "discount", orderId, amount, reason }),
    transfer: (tableId, tableName) => make({ kind: "transfer", orderId, tableId, tableName }),
    rename: (customerName) => make({ kind: "name", orderId, customerName }),
    addCharge: (serviceChargeId) => make({ kind: "charge", orderId, serviceChargeId }),
    removeCharge: (serviceChargeId) => make({ kind: "uncharge", orderId, serviceChargeId }),
    pay: (body, settles = false) => make({ kind: "pay", orderId, paymentId: randomUuid(), body, settles }),
    complete: () => make({ kind: "complete", orderId }),
    cancel: (reason, approval) => make({ kind: "cancel", orderId, reason }, approval),
  };
}
