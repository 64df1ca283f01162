// How the wall holds a rush (docs/design.md §21): cards packed into columns by height (each to
// the shortest column, oldest first, so the oldest stand top-left), then paged: pages of as
// many whole cards as fit, long tickets folded and an item a line in compact mode, the keys of
// a bump bar, and ages counted on the server's clock. Pure: no DOM, no server; unit-tested.

import type { BoardItem, BoardTicket } from "./board";

/** What a card's height is made of, in px (kitchen.css's figures): the head, each item's line
 * (a tap target), a further line of an item (a wrapped name, a modifier, its seat or course, a
 * change), a note, the "+N more items" fold, the Bump button with its margins, the borders. */
export interface CardFigures {
  head: number;
  item: number;
  extraLine: number;
  note: number;
  fold: number;
  bump: number;
  border: number;
  /** Characters of an item's line before it wraps (the name; in compact, its modifiers too). */
  nameChars: number;
}

/** The default card: lines of 44 px (the screens' smallest target), names in 22 px bold. */
export const CARD: CardFigures = {
  head: 64,
  item: 44,
  extraLine: 24,
  note: 26,
  fold: 44,
  bump: 44,
  border: 4,
  nameChars: 16,
};

/** The compact card: one line per item (its modifiers in small type after its name), 34 px. */
export const COMPACT_CARD: CardFigures = {
  head: 48,
  item: 34,
  extraLine: 22,
  note: 24,
  fold: 36,
  bump: 34,
  border: 4,
  nameChars: 22,
};

/** The wall's columns: at least this wide, this far apart, this far from the wall's edges. */
export const WALL = { minColumn: 250, minCompactColumn: 215, gap: 8, padding: 8 };

/** Compact mode shows this many items of a long ticket, and "+N more items" for the rest. */
export const FOLD_AT = 4;

export interface Folded {
  shown: BoardItem[];
  hidden: number;
}

/** A ticket's items as a card shows them: all, or in compact mode the first FOLD_AT when there
 * are at least two more (folding one item away would save no room). */
export function fold(items: readonly BoardItem[], compact: boolean): Folded {
  if (!compact || items.length <= FOLD_AT + 1) return { shown: [...items], hidden: 0 };
  return { shown: items.slice(0, FOLD_AT), hidden: items.length - FOLD_AT };
}

function itemHeight(item: BoardItem, compact: boolean): number {
  const card = compact ? COMPACT_CARD : CARD;
  // Compact: the modifiers follow the name on its line ("+ Medium", in small type).
  const inline = compact ? item.modifiers.reduce((sum, modifier) => sum + modifier.name.length + 3, 0) : 0;
  const chars = item.name.length + (item.added ? 8 : 0) + inline;
  const nameLines = Math.max(1, Math.ceil(chars / card.nameChars));
  let height = card.item + (nameLines - 1) * card.extraLine;
  if (!compact) height += item.modifiers.length * card.extraLine;
  if (item.seat !== null || item.course > 1) height += card.extraLine;
  if (item.notes) height += card.note;
  if (item.status === "VOIDED" || item.quantity !== item.sentQuantity) height += card.extraLine;
  return height;
}

/** A card's estimated height in px: in the compact view or not, folded or not (a folded card is
 * a compact one whose long list was not unfolded). */
export function estimateHeight(ticket: BoardTicket, compact: boolean, folded = compact): number {
  const card = compact ? COMPACT_CARD : CARD;
  const { shown, hidden } = fold(ticket.items, folded);
  const items = shown.reduce((sum, item) => sum + itemHeight(item, compact), 0);
  return card.head + items + (hidden ? card.fold : 0) + card.bump + card.border;
}

/** Masonry: each card, in order, goes to the shortest column (the leftmost of equals). Answers
 * each card's column and the columns' heights (a gap between cards). */
export function pack(heights: readonly number[], columns: number, gap = 0): { column: number[]; heights: number[] } {
  const tall = Array.from({ length: Math.max(1, columns) }, () => 0);
  const column = heights.map((height) => {
    const shortest = tall.indexOf(Math.min(...tall));
    tall[shortest] += (tall[shortest] ? gap : 0) + height;
    return shortest;
  });
  return { column, heights: tall };
}

/** Where each page starts: a page holds as many whole cards, in order, as pack into `columns`
 * columns no taller than `room`; a card taller than the room has a page of its own. */
export function pageStarts(heights: readonly number[], columns: number, room: number, gap = 0): number[] {
  const starts: number[] = [];
  let start = 0;
  while (start < heights.length) {
    starts.push(start);
    let end = start + 1;
    while (end < heights.length && Math.max(...pack(heights.slice(start, end + 1), columns, gap).heights) <= room)
      end++;
    start = end;
  }
  return starts.length ? starts : [0];
}

export interface Page {
  index: number;
  count: number;
  start: number;
  end: number;
  /** Cards on the pages before this one ("← 8 earlier") and after it ("12 more →"). */
  earlier: number;
  later: number;
}

/** Page `wanted` (clamped to the pages there are) of `total` cards. */
export function pageOf(starts: readonly number[], total: number, wanted: number): Page {
  const index = Math.min(Math.max(0, wanted), starts.length - 1);
  const start = starts[index] ?? 0;
  const end = starts[index + 1] ?? total;
  return { index, count: starts.length, start, end, earlier: start, later: total - end };
}

/** The page holding card `at`. */
export function pageHolding(starts: readonly number[], at: number): number {
  let page = 0;
  starts.forEach((start, index) => {
    if (start <= at) page = index;
  });
  return page;
}

/** How many columns of at least `minWidth` px fit across `width` px. */
export function columnsFor(width: number, minWidth: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (minWidth + gap)));
}

/** The wall's columns across `wallWidth` px (the compact view's are narrower): how many, and
 * how wide each. */
export function wallColumns(wallWidth: number, compact: boolean): { columns: number; width: number } {
  const inner = wallWidth - 2 * WALL.padding;
  const columns = columnsFor(inner, compact ? WALL.minCompactColumn : WALL.minColumn, WALL.gap);
  return { columns, width: Math.floor((inner - (columns - 1) * WALL.gap) / columns) };
}

export type KeyAction =
  | { kind: "pick"; index: number }
  | { kind: "bump"; index: number }
  | { kind: "recall" }
  | { kind: "page"; step: 1 | -1 };

/** What a key of a bump bar or keyboard does: 1–9 pick the Nth card of the page, arrows move the
 * pick (across pages), Enter bumps the picked card, R recalls the last bumped, PageDown/PageUp
 * turn the page. `picked` and the answer are indexes over every card, oldest first. */
export function keyAction(key: string, picked: number | null, page: Page, total: number): KeyAction | null {
  if (/^[1-9]$/.test(key)) {
    const index = page.start + Number(key) - 1;
    return index < page.end ? { kind: "pick", index } : null;
  }
  if (total === 0 && key !== "r" && key !== "R" && key !== "PageDown" && key !== "PageUp") return null;
  switch (key) {
    case "ArrowRight":
    case "ArrowDown":
      return { kind: "pick", index: picked === null ? page.start : Math.min(picked + 1, total - 1) };
    case "ArrowLeft":
    case "ArrowUp":
      return { kind: "pick", index: picked === null ? page.start : Math.max(picked - 1, 0) };
    case "Enter":
      return picked === null || picked >= total ? null : { kind: "bump", index: picked };
    case "r":
    case "R":
      return { kind: "recall" };
    case "PageDown":
      return { kind: "page", step: 1 };
    case "PageUp":
      return { kind: "page", step: -1 };
    default:
      return null;
  }
}

/** How far the browser's clock is behind the server's, in ms (add it to Date.now()), from the
 * `Date` header of an answer asked at `sentAt` and read at `receivedAt` (the browser's clock).
 * The header counts whole seconds, so the server's moment is taken mid-second against the
 * request's midpoint; within a second of the browser's clock the browser's is kept (no jitter
 * between reads). No header, or one that does not parse: 0. */
export function clockOffset(dateHeader: string | null, sentAt: number, receivedAt: number): number {
  if (!dateHeader) return 0;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return 0;
  const offset = Math.round(server + 500 - (sentAt + receivedAt) / 2);
  return Math.abs(offset) <= 1000 ? 0 : offset;
}

/** The tickets that went late by `now` (the server's clock) and have not sounded yet. */
export function newlyLate(
  tickets: readonly Pick<BoardTicket, "id" | "createdAt">[],
  now: number,
  lateMinutes: number,
  sounded: ReadonlySet<string>,
): string[] {
  return tickets
    .filter((ticket) => !sounded.has(ticket.id) && now - Date.parse(ticket.createdAt) >= lateMinutes * 60_000)
    .map((ticket) => ticket.id);
}
