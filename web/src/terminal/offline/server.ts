// The outbox's operations as API calls: one request each, with the operation's own
// Idempotency-Key and ids, and `Prefer: return=representation`, so the answer carries the
// whole order after the change and a tap costs one round trip. Each is sent with the token of
// the session it was made in, whoever is signed in now.

import { Api, Unreachable } from "../../shared/api/client";
import { signOut } from "../../shared/api/staff";
import {
  addItem,
  addServiceCharge,
  cancelOrder,
  completeOrder,
  createOrder,
  discountOrder,
  fireCourse,
  getOrder,
  payOrder,
  removeServiceCharge,
  sendOrder,
  transferOrder,
  updateItem,
  updateOrder,
  voidItem,
} from "../../shared/api/orders";
import type { Order } from "../../shared/types";
import type { Entry, Server } from "./outbox";

function isOrder(answer: unknown): answer is Order {
  return typeof answer === "object" && answer !== null && "items" in answer && "version" in answer;
}

/** The order an answer carries: `order` beside its own fields, or the answer itself. */
export function orderIn(answer: unknown): Order | null {
  if (typeof answer === "object" && answer !== null && "order" in answer && isOrder(answer.order)) return answer.order;
  return isOrder(answer) ? answer : null;
}

/** How long a request may go unanswered before it counts as lost: a request left hanging
 * (a Wi-Fi that drops mid-request) must not hold every operation behind it. */
export const ANSWER_WITHIN_MS = 10_000;

/** `answer`, or Unreachable once `ms` went by without it: the operation is then sent again
 * under its key, which the server makes once. */
export function answeredWithin<T>(answer: Promise<T>, ms = ANSWER_WITHIN_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Unreachable(`no answer within ${ms} ms`)), ms);
    answer.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (failure) => {
        clearTimeout(timer);
        reject(failure);
      },
    );
  });
}

/** A client for the session of `token`: it fails at once without an answer, as the outbox
 * does its own retrying. */
const clientFor = (token: string) => new Api(() => token, undefined, undefined, "", false);

export function apiServer(apiFor: (token: string) => Api = clientFor): Server {
  const read = (orderId: string, token: string) => answeredWithin(getOrder(apiFor(token), orderId));
  return {
    read,
    signOut: async (token: string) => {
      await answeredWithin(signOut(apiFor(token)));
    },
    async send(entry: Entry, ifMatch: number | null): Promise<Order> {
      const { op } = entry;
      const api = apiFor(entry.token);
      const options = {
        idempotencyKey: entry.key,
        representation: true,
        ifMatch: ifMatch ?? undefined,
        approval: entry.approval,
      };
      const answer = await answeredWithin(call(api, entry, options));
      // A server without representations answers the change only: the order is read then.
      return orderIn(answer) ?? read(op.orderId, entry.token);
    },
  };
}

function call(api: Api, entry: Entry, options: Parameters<typeof sendOrder>[2]): Promise<unknown> {
  const { op } = entry;
  switch (op.kind) {
    case "create":
      return createOrder(
        api,
        op.locationId,
        {
          id: op.orderId,
          orderType: op.orderType,
          tableId: op.tableId,
          guestCount: op.guestCount,
          customerName: op.customerName ?? null,
        },
        options,
      );
    case "add":
      return addItem(api, op.orderId, { id: op.itemId, ...op.body }, options);
    case "quantity":
      return updateItem(api, op.orderId, op.itemId, { quantity: op.quantity }, options);
    case "note":
      return updateItem(api, op.orderId, op.itemId, { notes: op.notes }, options);
    case "void":
      return voidItem(api, op.orderId, op.itemId, op.reason, options);
    case "place":
      return updateItem(api, op.orderId, op.itemId, { seat: op.seat, course: op.course }, options);
    case "send":
      return sendOrder(api, op.orderId, options);
    case "fire":
      return fireCourse(api, op.orderId, op.course, options);
    case "discount":
      return discountOrder(api, op.orderId, { discountAmount: op.amount, reason: op.reason }, options);
    case "pay":
      return payOrder(api, op.orderId, { id: op.paymentId, ...op.body }, options);
    case "complete":
      return completeOrder(api, op.orderId, options);
    case "transfer":
      return transferOrder(api, op.orderId, op.tableId, options);
    case "name":
      return updateOrder(api, op.orderId, { customerName: op.customerName }, options);
    case "charge":
      return addServiceCharge(api, op.orderId, op.serviceChargeId, options);
    case "uncharge":
      return removeServiceCharge(api, op.orderId, op.serviceChargeId, options);
    case "cancel":
      return cancelOrder(api, op.orderId, op.reason, options);
  }
}
