// A change the server refused, in one message a server reads mid-rush (docs/design.md §16):
// what was not made, why, and what to do. Kept beside the check until a person retries or
// discards it; an addition stays on the check as its line, marked "not added", and never
// counts in the check's totals.

import type { Cents } from "../../shared/money";
import type { Order } from "../../shared/types";
import type { Operation, ShownModifier } from "./operations";

/** The code of a change kept unsent because its check's opening was refused. */
export const NEVER_OPENED = "never_opened";
/** The code of a change refused because another terminal changed its check first (412). */
export const STALE = "stale_version";
/** The code of a change refused because its session had ended on the server (401). */
export const SESSION_ENDED = "session_ended";

/** Why the server refused a change, as the outbox learnt it. */
export interface Why {
  code: string;
  /** The server's own words, for a refusal the terminal has none of its own for. */
  detail?: string;
  /** The check as read after the refusal, when it could be. */
  after?: Order | null;
  /** What another terminal changed meanwhile ("Salad is now sent"). */
  changed?: string;
  /** Whose session ended. */
  by?: string;
}

/** A product tapped: an addition, or the same product tapped again raising its line. */
export function isAddition(op: Operation): boolean {
  return op.kind === "add" || (op.kind === "quantity" && op.tap !== undefined);
}

/** A check no longer open: nothing more is made on it. */
export function isClosed(order: Order): boolean {
  return order.status !== "DRAFT" && order.status !== "OPEN";
}

/** "2 Fries weren't added". */
const counted = (quantity: number, name: string) =>
  `${quantity} ${name} ${quantity === 1 ? "wasn't" : "weren't"} added`;

/** What was not made, as the check names it. */
function notMade(op: Operation, names: (itemId: string) => string | null): string {
  const line = "itemId" in op ? (names(op.itemId) ?? "A line") : "";
  switch (op.kind) {
    case "create":
      return "This check wasn't opened";
    case "add":
      return counted(op.body.quantity, op.name);
    case "quantity":
      return op.tap ? counted(op.tap.body.quantity, `more ${op.tap.name}`) : `${line} wasn't changed to ${op.quantity}`;
    case "note":
      return `The note on ${line} wasn't saved`;
    case "void":
      return `${line} wasn't voided`;
    case "place":
      return `${line} wasn't moved to its seat or course`;
    case "send":
      return "The new lines weren't sent to the kitchen";
    case "fire":
      return `Course ${op.course} wasn't fired`;
    case "discount":
      return "The discount wasn't applied";
    case "pay":
      return `The ${op.body.paymentMethod === "CASH" ? "cash" : "card"} payment wasn't taken`;
    case "complete":
      return "The check wasn't closed";
    case "transfer":
      return `The check wasn't moved to Table ${op.tableName}`;
    case "name":
      return op.customerName ? `The name ${op.customerName} wasn't put on the check` : "The name wasn't taken off";
    case "charge":
      return "The service charge wasn't added";
    case "uncharge":
      return "The service charge wasn't taken off";
    case "cancel":
      return "The check wasn't cancelled";
  }
}

/** How a check closed elsewhere was closed, as far as the tablet knows. */
function closedHow(after: Order | null | undefined): string {
  if (after?.status === "CANCELLED") return "the check was cancelled on another terminal";
  if (after?.status === "COMPLETED") return "the check was paid and closed on another terminal";
  return "the check was paid or closed on another terminal";
}

/** Why, in words; null: the server's own words say it. */
function because(op: Operation, why: Why): string | null {
  switch (why.code) {
    case "product_unavailable":
      return "sold out (86'd) before this reached the server";
    case "order_closed":
      return closedHow(why.after);
    case "item_already_sent":
      return "the line was sent to the kitchen meanwhile";
    case "table_occupied": {
      const table = op.kind === "create" || op.kind === "transfer" ? op.tableName : null;
      return `${table ? `Table ${table}` : "the table"} was seated on another terminal meanwhile`;
    }
    case "overpayment":
    case "would_overpay":
      return "the check was already paid (on another terminal?)";
    case "forbidden":
      return "it needs a manager's approval";
    case "not_found":
      return "the check or its line is no longer on the server";
    case STALE:
      return `another terminal changed the check meanwhile${why.changed ? ` (${why.changed})` : ""}`;
    case SESSION_ENDED:
      return `${why.by ?? "its maker"}'s session ended before this reached the server`;
    case NEVER_OPENED:
      return "its check was never opened on the server";
    default:
      return null;
  }
}

/** What to do about it, with the buttons beside it (an addition's Retry is "Add again"). */
function whatToDo(op: Operation, code: string): string {
  const addition = isAddition(op);
  switch (code) {
    case "product_unavailable":
      return "Offer something else, then discard this.";
    case "order_closed":
      if (addition) return "Ask a manager to reopen the check and tap Add again, or discard this.";
      return op.kind === "pay"
        ? "Look at the balance; discard this if nothing is owed."
        : "Look at the check; discard this if nothing is missing.";
    case "item_already_sent":
      return addition ? "Tap Add again for a line of its own, or discard this." : "Look at the check, or discard this.";
    case "table_occupied":
      return op.kind === "create"
        ? "Open that table's check, add what is needed there, then discard this."
        : "Pick another table, or discard this.";
    case "overpayment":
    case "would_overpay":
      return "Look at the balance; discard this if it is 0.";
    case "forbidden":
      return "Tap Retry for a manager's PIN, or discard this.";
    case "not_found":
      return "Discard this.";
    case STALE:
      return "Look at the check and tap again, or discard this.";
    case SESSION_ENDED:
      return `Tap ${addition ? "Add again" : "Retry"} to make it as yourself, or discard this.`;
    case NEVER_OPENED:
      return "Discard this once the check is sorted out.";
    default:
      return addition ? "Tap Add again, or discard this." : "Tap Retry, or discard this.";
  }
}

/** The one message for a refused change: what was not made, why, and what to do. */
export function refusalWords(op: Operation, why: Why, names: (itemId: string) => string | null): string {
  const what = notMade(op, names);
  const reason = because(op, why);
  const todo = whatToDo(op, why.code);
  if (reason) return `${what}: ${reason}. ${todo}`;
  const detail = (why.detail ?? "").trim();
  return detail ? `${what}. ${/[.!?]$/.test(detail) ? detail : `${detail}.`} ${todo}` : `${what}. ${todo}`;
}

/** A refused addition as the check keeps showing it: its line, not added, in no total. */
export interface NotAdded {
  name: string;
  quantity: number;
  modifiers: ShownModifier[];
  /** What it would have cost (shown struck through; never added to the check). */
  total: Cents;
}

/** The line a refused change stands for; null: it is not an addition. */
export function notAddedLine(op: Operation): NotAdded | null {
  const tap = op.kind === "add" ? op : op.kind === "quantity" ? op.tap : undefined;
  if (!tap) return null;
  const { quantity } = tap.body;
  return { name: tap.name, quantity, modifiers: tap.modifiers, total: tap.unitPrice * quantity };
}
