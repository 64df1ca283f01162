// One open check's state, in one place: the order as the server has it, and every change to
// it. Each change is sent with If-Match (the version on screen):
// - 412: the order changed elsewhere; it is reloaded and what changed is said in words. An
//   addition is made again on top (adding is never wrong); any other change is not, and the
//   words ask to look and tap again.
// - 403 for a manager-only action: a manager's PIN is asked for on the spot, for that one
//   action on that one order (item, payment), and the same change is sent once more with the
//   one-shot approval, which covers nothing else.

import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { AddItemBody } from "../../shared/rules/modifiers";
import { ApiError, type ChangeOptions, type Schemas } from "../../shared/api/client";
import {
  addItem,
  completeOrder,
  discountOrder,
  getOrder,
  payOrder,
  sendOrder,
  transferOrder,
  updateItem,
  voidItem,
} from "../../shared/api/orders";
import { useTerminal } from "../context";
import { touchesOrders } from "../../shared/events";
import { useLatest } from "../../shared/latest";
import type { Order } from "../../shared/types";
import { inWords, whatChanged } from "../../shared/words";

type Change = (options: ChangeOptions) => Promise<unknown>;

/** What a manager's approval is asked for: one action on one order (and item). */
export type ApprovalAsk = Omit<Schemas["ApprovalAsk"], "staffId" | "pin">;

export interface PendingApproval {
  what: string;
  ask: ApprovalAsk;
  approve: (approvalToken: string) => Promise<void>;
}

/** An addition tapped but not yet answered: shown at once, as sending, until it lands. */
export interface SendingLine {
  key: number;
  name: string;
  quantity: number;
}

export interface Check {
  order: Order | null;
  sending: SendingLine[];
  notice: string | null;
  error: string | null;
  approval: PendingApproval | null;
  busy: boolean;
  dismiss: () => void;
  cancelApproval: () => void;
  /** Call when a product is tapped; the answer adds it (shown as `name` while it is sent) to
   * the check as it was then (a product's details may take a moment to load first). */
  addAsSeen: () => (body: AddItemBody, name: string) => Promise<Order | null>;
  setQuantity: (itemId: string, quantity: number) => Promise<Order | null>;
  /** The line's note for the kitchen; blank clears it. */
  setNote: (itemId: string, notes: string) => Promise<Order | null>;
  void: (itemId: string, reason: string) => Promise<Order | null>;
  send: () => Promise<Order | null>;
  discount: (amount: number, reason: string) => Promise<Order | null>;
  transfer: (tableId: string) => Promise<Order | null>;
  pay: (body: PaymentBody) => Promise<Order | null>;
  complete: () => Promise<Order | null>;
}

export interface PaymentBody {
  amount: number;
  paymentMethod: "CASH" | "CARD";
  tipAmount?: number;
  cardLastFour?: string;
}

/** `created`: the order as its creation answered, shown without reading it again. */
export function useCheck(orderId: string, created?: Order): Check {
  const { api, events, currency } = useTerminal();
  const [order, setOrder] = useState<Order | null>(created ?? null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [approval, setApproval] = useState<PendingApproval | null>(null);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState<SendingLine[]>([]);
  const sent = useRef(0);
  const current = useRef<Order | null>(created ?? null);

  const reload = useCallback(async (): Promise<Order> => {
    const fresh = await getOrder(api, orderId);
    current.current = fresh;
    setOrder(fresh);
    return fresh;
  }, [api, orderId]);

  // Read once: a check opened with the order its creation answered needs no first read.
  const openedWith = useLatest(created);
  useEffect(() => {
    if (!openedWith.current) reload().catch((failure) => setError(inWords(failure)));
    return events.listen((event) => {
      if (touchesOrders(event) && event.orderId === orderId) reload().catch(() => {});
    });
  }, [orderId, reload, events, openedWith]);

  /** Makes `change` against `seen`, the order as it was on screen when it was tapped. */
  async function run(
    what: string,
    change: Change,
    again: boolean,
    seen = current.current,
    ask: ApprovalAsk | null = null,
  ): Promise<Order | null> {
    setBusy(true);
    setError(null);
    try {
      await change({ ifMatch: seen?.version });
      return await reload();
    } catch (failure) {
      return await recover(what, change, again, failure, seen, ask);
    } finally {
      setBusy(false);
    }
  }

  async function recover(
    what: string,
    change: Change,
    again: boolean,
    failure: unknown,
    seen: Order | null,
    ask: ApprovalAsk | null,
  ): Promise<Order | null> {
    if (failure instanceof ApiError && failure.status === 412 && seen) {
      const before = seen;
      const after = await reload();
      const changed = whatChanged(before, after, currency);
      if (!again) {
        setNotice(`${changed} Your ${what} was not made: look at the check and tap again.`);
        return null;
      }
      setNotice(`${changed} Your ${what} was made on top of it.`);
      return run(what, change, false, after, ask);
    }
    if (failure instanceof ApiError && failure.status === 403 && failure.code === "forbidden" && ask) {
      setApproval({
        what,
        ask,
        approve: async (approvalToken) => {
          setApproval(null);
          try {
            await change({ ifMatch: current.current?.version, approval: approvalToken });
            await reload();
          } catch (second) {
            setError(inWords(second));
          }
        },
      });
      return null;
    }
    setError(inWords(failure));
    return null;
  }

  return {
    order,
    sending,
    notice,
    error,
    approval,
    busy,
    dismiss: () => {
      setNotice(null);
      setError(null);
    },
    cancelApproval: () => setApproval(null),
    addAsSeen: () => {
      const seen = current.current;
      return async (body, name) => {
        const line = { key: ++sent.current, name, quantity: body.quantity };
        setSending((lines) => [...lines, line]);
        try {
          return await run("addition", (o) => addItem(api, orderId, body, o), true, seen);
        } finally {
          setSending((lines) => lines.filter((other) => other !== line));
        }
      };
    },
    setQuantity: (itemId, quantity) =>
      run("change", (o) => updateItem(api, orderId, itemId, { quantity }, o), false, current.current, {
        action: "item.partial_void",
        resource: { orderId, itemId },
      }),
    setNote: (itemId, notes) =>
      run("note", (o) => updateItem(api, orderId, itemId, { notes: notes.trim() || null }, o), false),
    void: (itemId, reason) =>
      run("void", (o) => voidItem(api, orderId, itemId, reason, o), false, current.current, {
        action: "item.void",
        resource: { orderId, itemId },
      }),
    send: () => run("send", (o) => sendOrder(api, orderId, o), false),
    discount: (discountAmount, reason) =>
      run("discount", (o) => discountOrder(api, orderId, { discountAmount, reason }, o), false, current.current, {
        action: "order.discount",
        resource: { orderId },
      }),
    transfer: (tableId) => run("move", (o) => transferOrder(api, orderId, tableId, o), false),
    pay: (body) => run("payment", (o) => payOrder(api, orderId, body, o), false),
    complete: () => run("completion", (o) => completeOrder(api, orderId, o), false),
  };
}
