// The kitchen display's pure rules: how old a ticket looks, what a station shows, what is
// still to cook all day, and in which order the cards stand. No DOM, no server: unit-tested.

import type { Schemas } from "../shared/api/client";
import type { Category, ItemStatus } from "../shared/types";
import { t } from "./messages";

export type BoardItem = Schemas["BoardItemOut"];
export type BoardTicket = Schemas["BoardTicketOut"];
export type Board = Schemas["BoardOut"];
export type Station = Schemas["StationOut"];

export interface Thresholds {
  warnMinutes: number;
  lateMinutes: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = { warnMinutes: 5, lateMinutes: 10 };

export type AgeTone = "fresh" | "warn" | "late";

/** Amber past the first threshold, red past the second (the location's, in minutes). */
export function ageTone(ageMs: number, thresholds: Thresholds): AgeTone {
  const minutes = ageMs / 60_000;
  if (minutes >= thresholds.lateMinutes) return "late";
  if (minutes >= thresholds.warnMinutes) return "warn";
  return "fresh";
}

/** mm:ss (minutes keep counting past 59: a 75-minute ticket is 75:00); never negative, so a
 * screen whose clock is a little behind the server's shows 00:00. */
export function formatAge(ageMs: number): string {
  const seconds = Math.max(0, Math.floor(ageMs / 1000));
  const mm = String(Math.floor(seconds / 60)).padStart(2, "0");
  const ss = String(seconds % 60).padStart(2, "0");
  return `${mm}:${ss}`;
}

/** Where the order goes, as the cooks call it, and whose it is when it has a name. */
export function destination(ticket: Pick<BoardTicket, "orderType" | "tableName" | "customerName">): string {
  const where = place(ticket);
  return ticket.customerName ? t("place.whose", { place: where, name: ticket.customerName }) : where;
}

function place(ticket: Pick<BoardTicket, "orderType" | "tableName">): string {
  switch (ticket.orderType) {
    case "TAKEOUT":
      return t("place.takeout");
    case "DELIVERY":
      return t("place.delivery");
    case "BAR_TAB":
      return t("place.tab");
    default:
      return ticket.tableName ? t("place.table", { table: ticket.tableName }) : t("place.dineIn");
  }
}

/** "20:14": the tablet's own clock (in the kitchen, the location's time). */
export function clockTime(at: number): string {
  const time = new Date(at);
  return `${String(time.getHours()).padStart(2, "0")}:${String(time.getMinutes()).padStart(2, "0")}`;
}

/** A pickup time within this of now (or past it) stands out on its ticket. */
export const PICKUP_SOON_MS = 10 * 60_000;

/** "Pickup 19:30" on a takeout's or a delivery's ticket, and whether it is soon (within 10
 * minutes, or already past); null for a ticket promised for no time. */
export function pickupWords(
  ticket: Pick<BoardTicket, "pickupAt">,
  now: number,
): { text: string; soon: boolean } | null {
  if (!ticket.pickupAt) return null;
  const at = Date.parse(ticket.pickupAt);
  return { text: t("ticket.pickup", { time: clockTime(at) }), soon: at - now <= PICKUP_SOON_MS };
}

/** The categories a station shows: the chosen ones and everything nested in them. An empty
 * choice is the whole kitchen (every item, with or without a category). */
export function stationCategories(chosen: readonly string[], categories: readonly Category[]): Set<string> | null {
  if (chosen.length === 0) return null;
  const children = new Map<string, string[]>();
  for (const category of categories) {
    if (category.parentCategoryId) {
      children.set(category.parentCategoryId, [...(children.get(category.parentCategoryId) ?? []), category.id]);
    }
  }
  const shown = new Set<string>();
  const pending = [...chosen];
  while (pending.length) {
    const id = pending.pop()!;
    if (shown.has(id)) continue;
    shown.add(id);
    pending.push(...(children.get(id) ?? []));
  }
  return shown;
}

/** The tickets as a station sees them: only its items, and only tickets that have some. */
export function forStation(tickets: readonly BoardTicket[], shown: Set<string> | null): BoardTicket[] {
  if (shown === null) return [...tickets];
  return tickets
    .map((ticket) => ({
      ...ticket,
      items: ticket.items.filter((item) => item.categoryId !== null && shown.has(item.categoryId)),
    }))
    .filter((ticket) => ticket.items.length > 0);
}

/** A ticket as a station set in the back office sees it: only the items it makes (null when
 * it makes none of them). The expo, and a screen of no station, see the whole ticket. */
export function partOf(ticket: BoardTicket, station: Station | null | undefined): BoardTicket | null {
  if (!station || station.isExpo) return ticket;
  const items = ticket.items.filter((item) => (item.stationIds ?? []).includes(station.id));
  return items.length ? { ...ticket, items } : null;
}

/** Whether ``stationId`` has bumped its part of the ticket. */
export function bumpedBy(ticket: BoardTicket, stationId: string): boolean {
  return (ticket.stations ?? []).some((part) => part.stationId === stationId && part.bumpedAt !== null);
}

/** When to start an item so its ticket's items finish together: null when it starts with the
 * ticket (the longest on it, or no prep time said) or is already started. */
export function startsIn(ticket: BoardTicket, item: BoardItem, now: number): number | null {
  if (item.status !== "SENT" || !item.startAt) return null;
  const start = Date.parse(item.startAt);
  if (start <= Date.parse(ticket.createdAt)) return null;
  return start - now;
}

/** What an item's start says on its card: "start in 04:10", then "start now". */
export function startWords(waitMs: number): string {
  return waitMs > 0 ? t("item.startIn", { time: formatAge(waitMs) }) : t("item.startNow");
}

/** "Course 2 held", "Courses 2, 3 held": what the order holds back from the kitchen. */
export function heldWords(courses: readonly number[]): string | null {
  if (!courses.length) return null;
  return t("item.held", { count: courses.length, courses: courses.join(", ") });
}

/** Oldest first (sent earlier, then by id): the left of the wall is what waits longest. */
export function oldestFirst(tickets: readonly BoardTicket[]): BoardTicket[] {
  return [...tickets].sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Still to cook: sent or being prepared (not ready, served or voided). */
export function stillToCook(item: BoardItem): boolean {
  return item.status === "SENT" || item.status === "PREPARING";
}

export interface AllDayCount {
  name: string;
  quantity: number;
}

/** How many of each item are still to cook across the tickets, most first (then by name). */
export function allDayCounts(tickets: readonly BoardTicket[]): AllDayCount[] {
  const counts = new Map<string, number>();
  for (const ticket of tickets) {
    for (const item of ticket.items) {
      if (stillToCook(item)) counts.set(item.name, (counts.get(item.name) ?? 0) + item.quantity);
    }
  }
  return [...counts]
    .map(([name, quantity]) => ({ name, quantity }))
    .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
}

/** What a tap on an item asks for next: PREPARING, then READY; a READY item tapped again goes
 * back to PREPARING (the undo of a tap too many; docs/design.md §21). Nothing after that. */
export function nextStatus(status: ItemStatus): ItemStatus | null {
  if (status === "SENT") return "PREPARING";
  if (status === "PREPARING") return "READY";
  if (status === "READY") return "PREPARING";
  return null;
}

/** Every live item is ready (or served): the ticket can go. */
export function allReady(ticket: BoardTicket): boolean {
  const live = ticket.items.filter((item) => item.status !== "VOIDED");
  return live.length > 0 && live.every((item) => item.status === "READY" || item.status === "SERVED");
}

/** Categories as a tree reads: each parent followed by its children (in the given order). */
export function treeOrder(categories: readonly Category[]): Category[] {
  const known = new Set(categories.map((category) => category.id));
  const ordered: Category[] = [];
  const visit = (parent: string | null) => {
    for (const category of categories) {
      const under =
        category.parentCategoryId && known.has(category.parentCategoryId) ? category.parentCategoryId : null;
      if (under === parent) {
        ordered.push(category);
        visit(category.id);
      }
    }
  };
  visit(null);
  return ordered;
}

/** What an event means for the board: the board it leaves, or "reload" when the event cannot
 * say (a recalled ticket: which one was bumped before it is the server's to tell). Events carry
 * the resource as the API shows it, so the screen follows the rush without asking again. */
export function applyEvent(
  board: Board,
  event: { type: string; orderId: string | null; data: unknown },
): Board | "reload" {
  // A ticket too large for an event comes as a summary with a link: the board asks again.
  if (event.type.startsWith("kitchen_ticket.") && (event.data as { truncated?: boolean }).truncated) return "reload";
  switch (event.type) {
    case "kitchen_ticket.created": {
      // Events carry the whole ticket: a station keeps its part, or nothing.
      const created = partOf(event.data as BoardTicket, board.station);
      if (!created || board.tickets.some((ticket) => ticket.id === created.id)) return board;
      return { ...board, tickets: [...board.tickets, created] };
    }
    case "kitchen_ticket.station_bumped": {
      const moved = event.data as BoardTicket;
      const station = board.station;
      if (station && !station.isExpo && bumpedBy(moved, station.id))
        return offTheBoard(board, partOf(moved, station) ?? moved);
      // Another station's bump: the expo (and every screen) sees the ticket's parts move on.
      return patchTickets(board, (ticket) =>
        ticket.id === moved.id ? { ...ticket, stations: moved.stations } : ticket,
      );
    }
    case "kitchen_ticket.bumped": {
      const bumped = event.data as BoardTicket;
      // A station's own bump came first (station_bumped); the expo's bump of the whole ticket
      // takes it off a station's board without being that station's to recall.
      if (board.station && !board.station.isExpo) {
        return { ...board, tickets: board.tickets.filter((ticket) => ticket.id !== bumped.id) };
      }
      return offTheBoard(board, bumped);
    }
    case "kitchen_ticket.recalled":
    case "kitchen_ticket.station_recalled":
      return "reload";
    case "kitchen_station.changed":
      // A station made, edited or deleted, or a display given another: which station this
      // screen is, and each ticket's parts, are the server's to tell (docs/design.md §19).
      return "reload";
    case "order.course_fired": {
      // The fired course is no longer held on the order's other tickets.
      const order = event.data as { id: string; firedCourses?: number[] };
      const fired = new Set(order.firedCourses ?? []);
      return patchTickets(board, (ticket) =>
        ticket.orderId === order.id && (ticket.heldCourses ?? []).some((course) => fired.has(course))
          ? { ...ticket, heldCourses: (ticket.heldCourses ?? []).filter((course) => !fired.has(course)) }
          : ticket,
      );
    }
    case "order.split":
    case "order.items_moved":
    case "order.merged":
      // Lines went to other checks: the tickets now show the check their food is on.
      return "reload";
    // A share of a sent line comes as its first part updated and the others added (sentAs).
    case "item.updated":
    case "item.voided":
    case "item.added": {
      const item = event.data as {
        id: string;
        status: ItemStatus;
        quantity: number;
        voidReason: string | null;
        sentAs?: string | null;
      };
      // A part of a shared or split line: its line shows all its parts, which the server adds up.
      if (item.sentAs)
        return board.tickets.some((t) => t.items.some((line) => line.itemId === item.sentAs)) ? "reload" : board;
      return patchTickets(board, (ticket) =>
        ticket.items.some((line) => line.itemId === item.id)
          ? {
              ...ticket,
              items: ticket.items.map((line) =>
                // Status moves as the server's table allows: an event older than what is shown
                // (a move the table refuses from here) changes nothing.
                line.itemId === item.id && mayMove(line.status, item.status)
                  ? { ...line, status: item.status, quantity: item.quantity, voidReason: item.voidReason }
                  : line,
              ),
            }
          : ticket,
      );
    }
    default: {
      // A send's or a fire's new ticket comes as its own kitchen_ticket.created.
      if (!event.type.startsWith("order.") || event.type === "order.sent") return board;
      const order = event.data as Pick<BoardTicket, "id" | "tableName"> & {
        status: BoardTicket["orderStatus"];
        customerName?: string | null;
        mergedInto?: string | null;
      };
      // A check merged into another is cancelled, but its food is not: its tickets follow it.
      if (order.mergedInto) return "reload";
      // An event from a server before names carries none: the name shown stays.
      const patched = (ticket: BoardTicket) => ({
        ...ticket,
        orderStatus: order.status,
        tableName: order.tableName,
        customerName: order.customerName === undefined ? ticket.customerName : order.customerName,
      });
      return patchTickets(board, (ticket) => (ticket.orderId === order.id ? patched(ticket) : ticket));
    }
  }
}

const STATUS_ORDER: ItemStatus[] = ["PENDING", "SENT", "PREPARING", "READY", "SERVED", "VOIDED"];

/** The board's recall list: the location's last this many bumped tickets. */
export const RECENTLY_BUMPED = 10;

/** Whether an item may go from `from` to `to` (or stay), as the server's item transitions
 * allow: forward, and READY back to PREPARING (the kitchen's undo). */
export function mayMove(from: ItemStatus, to: ItemStatus): boolean {
  if (from === "READY" && to === "PREPARING") return true;
  return STATUS_ORDER.indexOf(to) >= STATUS_ORDER.indexOf(from);
}

/** The board once ``bumped`` left it: what Recall brings back first. */
function offTheBoard(board: Board, bumped: BoardTicket): Board {
  // A board kept by an older screen has no recall list yet.
  const before = (board.recentlyBumped ?? []).filter((ticket) => ticket.id !== bumped.id);
  return {
    ...board,
    tickets: board.tickets.filter((ticket) => ticket.id !== bumped.id),
    lastBumped: bumped,
    recentlyBumped: [bumped, ...before].slice(0, RECENTLY_BUMPED),
  };
}

function patchTickets(board: Board, patch: (ticket: BoardTicket) => BoardTicket): Board {
  const tickets = board.tickets.map(patch);
  return tickets.every((ticket, index) => ticket === board.tickets[index]) ? board : { ...board, tickets };
}
