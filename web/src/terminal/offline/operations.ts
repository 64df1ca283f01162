// A change to a check, as the tablet keeps it until the server has it (docs/design.md,
// "Offline"), and how it shows on the tablet at once: `applyOperation` makes the order as it
// will be once the server has made the change. Pure: no storage, no network.

import { blankOrder } from "../../shared/blank";
import { type Cents, fromCents, toCents } from "../../shared/money";
import { sentByASend } from "../../shared/rules/courses";
import type { AddItemBody } from "../../shared/rules/modifiers";
import type { Order, OrderItem, OrderType } from "../../shared/types";
import { t } from "../messages";

export interface ShownModifier {
  modifierOptionId: string;
  name: string;
  price: number;
}

export interface PaymentBody {
  amount: number;
  paymentMethod: "CASH" | "CARD";
  tipAmount?: number;
  cardLastFour?: string;
}

/** A product tapped on the menu: what it adds, and its line as the check shows it before the
 * server has it. */
export interface Tap {
  body: AddItemBody;
  name: string;
  /** One unit with its modifiers, as the menu priced it. */
  unitPrice: Cents;
  modifiers: ShownModifier[];
}

/** Each names its order; new orders, items and payments carry an id made on the tablet. */
export type Operation =
  | {
      kind: "create";
      orderId: string;
      locationId: string;
      orderType: OrderType;
      tableId: string | null;
      tableName: string | null;
      guestCount: number | null;
      currency: string;
      /** The customer's name on a bar tab or a takeout (absent on operations kept from before). */
      customerName?: string | null;
    }
  | ({ kind: "add"; orderId: string; itemId: string } & Tap)
  | {
      kind: "quantity";
      orderId: string;
      itemId: string;
      quantity: number;
      /** The same product tapped again (docs/design.md §14, "Same line"): the tap it stands for. */
      tap?: Tap;
    }
  | { kind: "note"; orderId: string; itemId: string; notes: string | null }
  | { kind: "void"; orderId: string; itemId: string; reason: string }
  /** The line's seat (null: the table's) and course. */
  | { kind: "place"; orderId: string; itemId: string; seat: number | null; course: number }
  | { kind: "send"; orderId: string }
  /** A held course's pending items to the kitchen, the course fired from then on. */
  | { kind: "fire"; orderId: string; course: number }
  | { kind: "discount"; orderId: string; amount: number; reason: string }
  | {
      kind: "pay";
      orderId: string;
      paymentId: string;
      body: PaymentBody;
      /** It pays the whole balance: its amount is the server's balance when it is sent. */
      settles?: boolean;
      /** Its amount was made exact when it was first sent (settled()): every retry sends that
       * same body, and the tablet still shows it paying the whole balance, rounding included. */
      exact?: boolean;
    }
  | { kind: "complete"; orderId: string }
  | { kind: "transfer"; orderId: string; tableId: string; tableName: string }
  /** The customer's name put on the check, or taken off (null). */
  | { kind: "name"; orderId: string; customerName: string | null }
  | { kind: "charge"; orderId: string; serviceChargeId: string }
  | { kind: "uncharge"; orderId: string; serviceChargeId: string }
  | { kind: "cancel"; orderId: string; reason: string };

export type OperationKind = Operation["kind"];

/** A product tapped onto the check as a line of its own. */
export type Addition = Extract<Operation, { kind: "add" }>;

/** What a person calls each change, in "Your … was not made". */
export function whatOf(kind: OperationKind): string {
  return t("terminal.what.change", { kind });
}

/** What a manager's approval would be asked for, when the server asks for one (403): a
 * discount's up to the discount it sets. */
export function approvalAsk(op: Operation): {
  action: string;
  resource: { orderId: string; itemId?: string; serviceChargeId?: string };
  amount?: number;
} | null {
  switch (op.kind) {
    case "void":
      return { action: "item.void", resource: { orderId: op.orderId, itemId: op.itemId } };
    case "quantity":
      return { action: "item.partial_void", resource: { orderId: op.orderId, itemId: op.itemId } };
    case "discount":
      return { action: "order.discount", resource: { orderId: op.orderId }, amount: op.amount };
    case "cancel":
      return { action: "order.cancel", resource: { orderId: op.orderId } };
    case "uncharge":
      return {
        action: "order.service_charge_waive",
        resource: { orderId: op.orderId, serviceChargeId: op.serviceChargeId },
      };
    default:
      return null;
  }
}

/** The item ids an operation adds or changes: their lines show as waiting. */
export function itemOf(op: Operation): string | null {
  return "itemId" in op ? op.itemId : null;
}

/** Moves the order's money by `cents` (a line added, changed or voided; a discount). */
function moved(order: Order, cents: Cents, onSubtotal: boolean): Order {
  const by = (amount: number) => fromCents(toCents(amount) + cents);
  return {
    ...order,
    subtotal: onSubtotal ? by(order.subtotal) : order.subtotal,
    total: by(order.total),
    balanceDue: by(order.balanceDue),
    cashBalanceDue: by(order.cashBalanceDue),
  };
}

function withItem(order: Order, itemId: string, change: (item: OrderItem) => OrderItem): Order {
  const item = order.items.find((found) => found.id === itemId);
  if (!item) return order;
  const changed = change(item);
  const before = item.status === "VOIDED" ? 0 : toCents(item.total);
  const after = changed.status === "VOIDED" ? 0 : toCents(changed.total);
  const items = order.items.map((found) => (found.id === itemId ? changed : found));
  return moved({ ...order, items }, after - before, true);
}

/** The pending items of `courses` on `order` (a copy kept from before courses: course 1). */
function pendingOf(order: Order, courses: readonly number[]): OrderItem[] {
  return order.items.filter((item) => item.status === "PENDING" && courses.includes(item.course ?? 1));
}

/** `order` once the pending items of `courses` went to the kitchen (a send, a fire), those
 * courses fired; as it was when there are none (the server refuses it: nothing to send). */
function sent(order: Order, courses: readonly number[]): Order {
  const going = new Set(pendingOf(order, courses).map((item) => item.id));
  if (going.size === 0) return order;
  const items = order.items.map((item) => (going.has(item.id) ? { ...item, status: "SENT" as const } : item));
  const firedCourses = [...new Set([...(order.firedCourses ?? []), ...courses])].sort((a, b) => a - b);
  return { ...order, items, firedCourses, status: order.status === "DRAFT" ? "OPEN" : order.status };
}

/** The order once `op` is made on it; `order` null: the order is not known on this tablet
 * (only a "create" makes one). Applying an operation the order already shows (the server's
 * answer holds it) changes nothing, so an answer followed by its own operation never doubles. */
export function applyOperation(order: Order | null, op: Operation, now: string): Order | null {
  if (op.kind === "create") {
    const { orderId: id, orderType, tableId, tableName, locationId, currency, guestCount } = op;
    const opening = { id, orderType, tableId, tableName, locationId, currency, guestCount };
    return order ?? blankOrder({ ...opening, customerName: op.customerName ?? null, createdAt: now });
  }
  if (!order) return null;
  switch (op.kind) {
    case "add": {
      if (order.items.some((item) => item.id === op.itemId)) return order;
      const total = op.unitPrice * op.body.quantity;
      const item: OrderItem = {
        id: op.itemId,
        productId: op.body.productId,
        variantId: op.body.variantId ?? null,
        name: op.name,
        quantity: op.body.quantity,
        unitPrice: fromCents(op.unitPrice),
        total: fromCents(total),
        taxRateId: null,
        taxRate: 0,
        taxAmount: 0,
        // The server spreads the check's discount again when the line lands.
        discountAmount: 0,
        modifiers: op.modifiers,
        notes: op.body.notes ?? null,
        status: "PENDING",
        voidReason: null,
        seat: op.body.seat ?? null,
        course: op.body.course ?? 1,
        sentAs: null,
        createdAt: now,
        updatedAt: now,
      };
      return moved({ ...order, items: [...order.items, item] }, total, true);
    }
    case "quantity":
      return withItem(order, op.itemId, (item) =>
        item.status !== "PENDING"
          ? item
          : { ...item, quantity: op.quantity, total: fromCents(toCents(item.unitPrice) * op.quantity) },
      );
    case "note":
      return withItem(order, op.itemId, (item) => ({ ...item, notes: op.notes }));
    case "void":
      return withItem(order, op.itemId, (item) => ({ ...item, status: "VOIDED", voidReason: op.reason }));
    case "place":
      return withItem(order, op.itemId, (item) => ({ ...item, seat: op.seat, course: op.course }));
    case "send":
      return sent(order, sentByASend(order.firedCourses ?? []));
    case "fire":
      return sent(order, [op.course]);
    case "discount":
      return {
        ...moved(order, toCents(order.discountAmount) - toCents(op.amount), false),
        discountAmount: op.amount,
      };
    case "pay": {
      if (order.payments.some((payment) => payment.id === op.paymentId)) return order;
      // A payment of the whole balance pays whatever this copy owes, not the amount the
      // tablet saw when it was tapped: the server's answer to an earlier operation may have
      // moved the balance since (taxes on lines added offline), and the server makes it
      // exact when it is sent (settled()). Cash settles the cash balance, rounding included.
      const settles = op.settles === true;
      const cash = op.body.paymentMethod === "CASH";
      const amount = settles ? wholeBalance(op.body, order) : op.body.amount;
      const paid = toCents(amount);
      const rounding = settles && cash ? toCents(order.cashBalanceDue) - toCents(order.balanceDue) : 0;
      const left = moved(order, -paid, false);
      return {
        ...left,
        // The total stays: a payment moves only what is left to pay.
        total: order.total,
        balanceDue: settles ? 0 : left.balanceDue,
        cashBalanceDue: settles ? 0 : left.cashBalanceDue,
        roundingAdjustment: fromCents(toCents(order.roundingAdjustment) + rounding),
        paidAmount: fromCents(toCents(order.paidAmount) + paid),
        payments: [
          ...order.payments,
          {
            id: op.paymentId,
            amount,
            tipAmount: op.body.tipAmount ?? 0,
            roundingAdjustment: fromCents(rounding),
            currency: order.currency,
            status: "COMPLETED",
            cardLastFour: op.body.cardLastFour ?? null,
            cardBrand: null,
            processedAt: now,
            takenBy: null,
            paymentMethod: op.body.paymentMethod,
            method: op.body.paymentMethod,
          },
        ],
      };
    }
    case "complete":
      return order.status === "COMPLETED" ? order : { ...order, status: "COMPLETED", completedAt: now };
    case "transfer":
      return { ...order, tableId: op.tableId, tableName: op.tableName };
    case "name":
      return { ...order, customerName: op.customerName };
    case "charge":
    case "uncharge":
      // The charge's amount is the server's to work out: the check shows it once answered.
      return order;
    case "cancel":
      // Closed at once (its table free on the floor); every payment taken is given back.
      return order.status === "CANCELLED"
        ? order
        : {
            ...order,
            status: "CANCELLED",
            cancelledAt: now,
            payments: order.payments.map((payment) =>
              payment.status === "COMPLETED" ? { ...payment, status: "REFUNDED" as const } : payment,
            ),
          };
  }
}

/** What `op` becomes once another terminal changed its check first (412; `after`: the check
 * as read then), to be made on top of that change; null: it waits for a person to look. An
 * addition is made as it was; the same product tapped again raises its line from what the
 * line holds now, or, that line sent or voided meanwhile, is an addition of its own (`newId`). */
export function onTop(op: Operation, after: Order, newId: () => string): Operation | null {
  if (op.kind === "add") return op;
  if (op.kind !== "quantity" || !op.tap) return null;
  const line = after.items.find((item) => item.id === op.itemId);
  if (line?.status === "PENDING") return { ...op, quantity: line.quantity + op.tap.body.quantity };
  return { kind: "add", orderId: op.orderId, itemId: newId(), ...op.tap };
}

/** A refused addition with the changes made to its line after it, which cannot land without
 * it (its quantity, note, seat or course): the line as the person last left it, told once;
 * null: the line was voided meanwhile, and nothing is missing. */
export function folded(addition: Addition, changes: readonly Operation[]): Addition | null {
  let body = addition.body;
  for (const change of changes) {
    if (!("itemId" in change) || change.itemId !== addition.itemId) continue;
    switch (change.kind) {
      case "void":
        return null;
      case "quantity":
        body = { ...body, quantity: change.quantity };
        break;
      case "note":
        body = { ...body };
        delete body.notes;
        if (change.notes) body.notes = change.notes;
        break;
      case "place":
        // Left out as a tap leaves them out: no seat, the first course.
        body = { ...body };
        delete body.seat;
        delete body.course;
        if (change.seat !== null) body.seat = change.seat;
        if (change.course !== 1) body.course = change.course;
        break;
    }
  }
  return body === addition.body ? addition : { ...addition, body };
}

/** A payment of the whole balance, made exact just before it is first sent: every operation
 * before it has landed, so `server` (the order as last answered) owes what the guest pays,
 * taxes on lines added offline included. Anything else is sent as it was made. */
export function settled(op: Operation, server: Order | undefined): Operation {
  if (op.kind !== "pay" || !op.settles || op.exact || !server) return op;
  return { ...op, exact: true, body: { ...op.body, amount: wholeBalance(op.body, server) } };
}

/** What paying the whole of `order`'s balance takes: cash pays the cash balance (rounded). */
function wholeBalance(body: PaymentBody, order: Order): number {
  return body.paymentMethod === "CASH" ? order.cashBalanceDue : order.balanceDue;
}

/** Whether `order` already holds what `op` makes: an operation whose answer was lost after
 * the server made it (a PUT or DELETE is not replayed by its key) is then done, not stale. */
export function effectHeld(op: Operation, order: Order): boolean {
  const item = "itemId" in op ? order.items.find((found) => found.id === op.itemId) : undefined;
  switch (op.kind) {
    case "create":
      return true;
    case "add":
      return item !== undefined;
    case "quantity":
      return item?.quantity === op.quantity;
    case "note":
      return item !== undefined && (item.notes ?? null) === op.notes;
    case "void":
      return item?.status === "VOIDED";
    case "place":
      return item !== undefined && (item.seat ?? null) === op.seat && (item.course ?? 1) === op.course;
    case "send":
      return pendingOf(order, sentByASend(order.firedCourses ?? [])).length === 0;
    case "fire":
      return (order.firedCourses ?? []).includes(op.course) && pendingOf(order, [op.course]).length === 0;
    case "discount":
      return toCents(order.discountAmount) === toCents(op.amount);
    case "pay":
      return order.payments.some((payment) => payment.id === op.paymentId);
    case "complete":
      return order.status === "COMPLETED";
    case "transfer":
      return order.tableId === op.tableId;
    case "name":
      return (order.customerName ?? null) === op.customerName;
    case "charge":
      return order.serviceCharges.some((charge) => charge.serviceChargeId === op.serviceChargeId);
    case "uncharge":
      return !order.serviceCharges.some((charge) => charge.serviceChargeId === op.serviceChargeId);
    case "cancel":
      return order.status === "CANCELLED";
  }
}
