// What the split sheet computes before it asks the server (docs/design.md §14): which lines can
// move, what a split by seat would make, the quantities chosen line by line, and why Split is
// not offered. The server decides the money: the sheet shows the lines' own amounts.

import { toCents } from "../../../shared/money";
import type { Schemas } from "../../../shared/api/client";
import type { Order, OrderItem } from "../../../shared/types";
import { t } from "../../messages";

/** The lines that can be split, shared or moved: every line not voided. */
export const liveLines = (order: Order): OrderItem[] => order.items.filter((item) => item.status !== "VOIDED");

export interface SeatGroup {
  /** null: the lines with no seat. */
  seat: number | null;
  lines: OrderItem[];
  cents: number;
  /** Stays on this check: the lines with no seat, or the lowest seat's when every line has
   * one (the server never leaves the check split empty); every other group is a new check. */
  stays: boolean;
}

/** The live lines by seat, lowest seat first, the lines with no seat last. */
export function bySeat(order: Order): SeatGroup[] {
  const groups = new Map<number | null, OrderItem[]>();
  for (const line of liveLines(order)) groups.set(line.seat, [...(groups.get(line.seat) ?? []), line]);
  const seats = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
  const unseated = groups.has(null);
  return seats.map((seat, index) => {
    const lines = groups.get(seat) ?? [];
    const stays = seat === null || (!unseated && index === 0);
    return { seat, lines, cents: lines.reduce((sum, line) => sum + toCents(line.total), 0), stays };
  });
}

/** Why a split by seat makes nothing new (null: it does): a line needs a seat, and some group
 * must be left to move once one stays. */
export function whyNotBySeat(groups: readonly SeatGroup[]): string | null {
  if (!groups.some((group) => group.seat !== null)) return t("terminal.split.noSeat");
  if (groups.every((group) => group.stays)) return t("terminal.split.oneSeat");
  return null;
}

/** The quantities a line's stepper offers: the whole numbers from 0 up, and the line's own
 * quantity (a shared line's 0.333 or a 2.5 is offered whole). */
export function quantitySteps(max: number): number[] {
  const steps: number[] = [];
  for (let whole = 0; whole < max; whole += 1) steps.push(whole);
  steps.push(max);
  return steps;
}

/** The quantity one step up (`by` 1) or down (`by` -1) from `current`, within 0 and `max`. */
export function step(current: number, max: number, by: 1 | -1): number {
  const steps = quantitySteps(max);
  const next =
    by === 1 ? steps.find((value) => value > current) : [...steps].reverse().find((value) => value < current);
  return next ?? (by === 1 ? max : 0);
}

/** What the new check takes, for the API: the lines chosen, whole ones without a quantity. */
export function chosenItems(
  lines: readonly OrderItem[],
  chosen: ReadonlyMap<string, number>,
): Schemas["SplitItemIn"][] {
  return lines.flatMap((line) => {
    const quantity = chosen.get(line.id) ?? 0;
    if (quantity <= 0) return [];
    return [quantity >= line.quantity ? { itemId: line.id } : { itemId: line.id, quantity }];
  });
}

/** Why the lines chosen make no split (null: they do): none chosen, or every line whole (the
 * check would be left empty: that is a move to another table). */
export function whyNotItems(lines: readonly OrderItem[], chosen: ReadonlyMap<string, number>): string | null {
  const items = chosenItems(lines, chosen);
  if (items.length === 0) return t("terminal.split.choose");
  if (items.length === lines.length && items.every((item) => item.quantity === undefined)) {
    return t("terminal.split.leave");
  }
  return null;
}

export const MIN_PARTS = 2;
export const MAX_PARTS = 20;

/** The parts a line is shared in, kept within 2 and 20 (what the server takes). */
export const partsWithin = (parts: number): number => Math.min(MAX_PARTS, Math.max(MIN_PARTS, parts));

/** Why Split is not offered on this check (null: it is). */
export function whyNoSplit(order: Order, online: boolean, waiting: number): string | null {
  if (order.status !== "DRAFT" && order.status !== "OPEN") return t("terminal.split.closed");
  if (liveLines(order).length === 0) return t("terminal.split.nothing");
  if (order.payments.some((payment) => payment.status === "COMPLETED")) {
    return "A check with a payment on it cannot be split.";
  }
  if (!online) return t("terminal.split.offline");
  if (waiting > 0) return t("terminal.split.waiting");
  return null;
}
