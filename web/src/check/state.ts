// One open check's state, in one place: the order as the server has it, and every change to
// it. Each change is sent with If-Match (the version on screen):
// - 412: the order changed elsewhere; it is reloaded and what changed is said in words. An
//   addition is made again on top (adding is never wrong); any other change is not, and the
//   words ask to look and tap again.
// - 403 for a manager-only action: a manager's PIN is asked for on the spot, for that one
//   action on that one order (item, payment), and the same change is sent once more with the
//   one-shot approval, which covers nothing else.

import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { AddItemBody } from "../chooser/rules";
import { ApiError, type RequestOptions } from "../kit/api";
import { useTerminal } from "../kit/context";
import { touchesOrders } from "../kit/events";
import type { Order } from "../kit/types";
import { inWords, whatChanged } from "../kit/words";

type Change = (options: RequestOptions) => Promise<unknown>;

/** What a manager's approval is asked for: one action on one order (and item). */
export interface ApprovalAsk {
  action: string;
  resource: { orderId: string; itemId?: string; paymentId?: string };
}

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
  const url = `/api/orders/${orderId}`;

  const reload = useCallback(async (): Promise<Order> => {
    const fresh = await api.get<Order>(url);
    current.current = fresh;
    setOrder(fresh);
    return fresh;
  }, [api, url]);

  useEffect(() => {
    if (!created) reload().catch((failure) => setError(inWords(failure)));
    return events.listen((event) => {
      if (touchesOrders(event) && event.orderId === orderId) reload().catch(() => {});
    });
  }, [orderId, reload, events]);

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
          return await run("addition", (o) => api.post(`${url}/items`, body, o), true, seen);
        } finally {
          setSending((lines) => lines.filter((other) => other !== line));
        }
      };
    },
    setQuantity: (itemId, quantity) =>
      run("change", (o) => api.put(`${url}/items/${itemId}`, { quantity }, o), false, current.current, {
        action: "item.partial_void",
        resource: { orderId, itemId },
      }),
    setNote: (itemId, notes) =>
      run("note", (o) => api.put(`${url}/items/${itemId}`, { notes: notes.trim() || null }, o), false),
    void: (itemId, reason) =>
      run("void", (o) => api.delete(`${url}/items/${itemId}`, { reason }, o), false, current.current, {
        action: "item.void",
        resource: { orderId, itemId },
      }),
    send: () => run("send", (o) => api.post(`${url}/send`, {}, o), false),
    discount: (discountAmount, reason) =>
      run("discount", (o) => api.post(`${url}/discount`, { discountAmount, reason }, o), false, current.current, {
        action: "order.discount",
        resource: { orderId },
      }),
    transfer: (tableId) => run("move", (o) => api.post(`${url}/transfer`, { tableId }, o), false),
    pay: (body) => run("payment", (o) => api.post(`${url}/payments`, body, o), false),
    complete: () => run("completion", (o) => api.post(`${url}/complete`, {}, o), false),
  };
}
