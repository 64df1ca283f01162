import { describe, expect, it } from "vitest";
import { item, ticket } from "./fixtures";
import {
  CARD,
  COMPACT_CARD,
  FOLD_AT,
  WALL,
  clockOffset,
  columnsFor,
  estimateHeight,
  fold,
  keyAction,
  newlyLate,
  pack,
  pageHolding,
  pageOf,
  pageStarts,
  wallColumns,
} from "./layout";

const items = (n: number) => Array.from({ length: n }, (_, i) => item(`Dish ${i}`));

describe("packing cards into columns", () => {
  it("puts each card in the shortest column, oldest first, so the oldest stand top-left", () => {
    // Three columns: 100, 300, 100 fill one row; the fourth goes under the first short one.
    const { column, heights } = pack([100, 300, 100, 50, 50, 200], 3, 10);
    expect(column).toEqual([0, 1, 2, 0, 2, 0]);
    expect(heights).toEqual([100 + 10 + 50 + 10 + 200, 300, 100 + 10 + 50]);
  });

  it("leaves no row as tall as its tallest card", () => {
    // A grid would make the second row start under the 500 px card; masonry does not.
    const { column } = pack([500, 100, 100, 100], 2);
    expect(column).toEqual([0, 1, 1, 1]);
  });

  it("counts the columns that fit", () => {
    expect(columnsFor(1600, 290, 10)).toBe(5);
    expect(columnsFor(200, 290, 10)).toBe(1);
    // 1920 less the all-day panel (260): six columns, seven narrower ones in compact.
    expect(wallColumns(1660, false)).toEqual({ columns: 6, width: 267 });
    expect(wallColumns(1660, true)).toEqual({ columns: 7, width: 228 });
    // 1024 wide, less its all-day panel of 200: three.
    expect(wallColumns(824, false).columns).toBe(3);
    expect(wallColumns(824, true).columns).toBe(3);
    expect(wallColumns(100, true)).toEqual({ columns: 1, width: 84 });
  });
});

describe("pages", () => {
  it("hold as many whole cards as fit, and say how many are earlier and later", () => {
    const heights = [300, 300, 300, 300, 300, 300, 300];
    const starts = pageStarts(heights, 2, 650, 10);
    expect(starts).toEqual([0, 4]);
    expect(pageOf(starts, 7, 0)).toEqual({ index: 0, count: 2, start: 0, end: 4, earlier: 0, later: 3 });
    expect(pageOf(starts, 7, 1)).toMatchObject({ start: 4, end: 7, earlier: 4, later: 0 });
    // Asked past the last page: the last.
    expect(pageOf(starts, 7, 9).index).toBe(1);
    expect(pageHolding(starts, 5)).toBe(1);
    expect(pageHolding(starts, 3)).toBe(0);
  });

  it("keep age order: a short card never jumps ahead of a tall one that did not fit", () => {
    expect(pageStarts([600, 600, 100], 1, 700)).toEqual([0, 1]);
  });

  it("give a card taller than the screen a page of its own, and an empty board one page", () => {
    expect(pageStarts([2000, 100], 3, 900)).toEqual([0, 1]);
    expect(pageStarts([], 3, 900)).toEqual([0]);
    expect(pageOf([0], 0, 0)).toEqual({ index: 0, count: 1, start: 0, end: 0, earlier: 0, later: 0 });
  });

  it("reach every one of 40 tickets, in order, at 1920x1080", () => {
    const tickets = Array.from({ length: 40 }, (_, i) => ticket(String(i), "2026-11-25T12:00:00Z", items(1 + (i % 6))));
    const heights = tickets.map((t) => estimateHeight(t, false));
    const starts = pageStarts(heights, 5, 900, 10);
    expect(starts.length).toBeGreaterThan(1);
    const seen = starts.flatMap((_, page) => {
      const { start, end } = pageOf(starts, 40, page);
      return Array.from({ length: end - start }, (_, i) => start + i);
    });
    expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });
});

describe("compact mode", () => {
  it("folds a long ticket to its first items and counts the rest", () => {
    const long = items(9);
    expect(fold(long, true)).toEqual({ shown: long.slice(0, FOLD_AT), hidden: 5 });
    expect(fold(long, false)).toEqual({ shown: long, hidden: 0 });
    // One item more than the fold is shown whole: its line costs what "+1 more" would.
    expect(fold(items(FOLD_AT + 1), true).hidden).toBe(0);
  });

  it("makes a long card shorter, and a short one no different", () => {
    const long = ticket("1", "2026-11-25T12:00:00Z", items(9));
    const short = ticket("2", "2026-11-25T12:00:00Z", items(2));
    expect(estimateHeight(long, true)).toBeLessThan(estimateHeight(long, false));
    const { head, item: line, fold: more, bump, border } = COMPACT_CARD;
    expect(estimateHeight(long, true)).toBe(head + FOLD_AT * line + more + bump + border);
    // Unfolded in the compact view: every item, each a compact line.
    expect(estimateHeight(long, true, false)).toBe(head + 9 * line + bump + border);
    // A short one is not folded, only its lines are smaller.
    expect(estimateHeight(short, true)).toBe(head + 2 * line + bump + border);
    expect(estimateHeight(short, false)).toBe(CARD.head + 2 * CARD.item + CARD.bump + CARD.border);
  });

  it("puts an item's modifiers on its line, until the line is full", () => {
    const plain = estimateHeight(ticket("1", "2026-11-25T12:00:00Z", [item("Burger")]), true);
    const medium = item("Burger", { modifiers: [{ name: "Medium" } as never] });
    expect(estimateHeight(ticket("1", "2026-11-25T12:00:00Z", [medium]), true)).toBe(plain);
    const dressed = item("Burger", { modifiers: ["Medium", "Bacon", "Cheese"].map((name) => ({ name }) as never) });
    expect(estimateHeight(ticket("1", "2026-11-25T12:00:00Z", [dressed]), true)).toBe(plain + COMPACT_CARD.extraLine);
  });

  it("estimates a card taller for modifiers, notes and long names", () => {
    const plain = estimateHeight(ticket("1", "2026-11-25T12:00:00Z", [item("Burger")]), false);
    const dressed = item("Burger", { modifiers: [{ name: "Bacon" } as never], notes: "no onions" });
    expect(estimateHeight(ticket("1", "2026-11-25T12:00:00Z", [dressed]), false)).toBe(
      plain + CARD.extraLine + CARD.note,
    );
    const longName = item("Fish of the day (Large) with a long name");
    expect(estimateHeight(ticket("1", "2026-11-25T12:00:00Z", [longName]), false)).toBeGreaterThan(plain);
  });
});

describe("a rush at 1920x1080", () => {
  // The wall: the screen less the all-day panel (260 px) and the top bar (66 px).
  const wall = { width: 1920 - 260, height: 1080 - 66 };
  const rush = (lines: (n: number) => number) =>
    Array.from({ length: 40 }, (_, n) =>
      ticket(
        String(n),
        "2026-11-25T12:00:00Z",
        Array.from({ length: lines(n) }, (_, k) =>
          item(["Burger", "Fries", "Salad", "Ribeye", "Latte (Regular)", "Lemonade"][(n + k) % 6], {
            modifiers: k % 3 === 0 ? [{ name: "Medium" } as never] : [],
          }),
        ),
      ),
    );
  const firstPage = (tickets: ReturnType<typeof rush>, compact: boolean) => {
    const { columns } = wallColumns(wall.width, compact);
    const heights = tickets.map((t) => estimateHeight(t, compact));
    const starts = pageStarts(heights, columns, wall.height - 2 * WALL.padding, WALL.gap);
    return pageOf(starts, tickets.length, 0).end;
  };

  it("shows at least 12 tickets of four lines at once, 24 in compact", () => {
    expect(
      firstPage(
        rush(() => 4),
        false,
      ),
    ).toBeGreaterThanOrEqual(12);
    expect(
      firstPage(
        rush(() => 4),
        true,
      ),
    ).toBeGreaterThanOrEqual(24);
  });

  it("shows at least 12 of 40 tickets of three to five lines, 24 in compact", () => {
    expect(
      firstPage(
        rush((n) => 3 + (n % 3)),
        false,
      ),
    ).toBeGreaterThanOrEqual(12);
    expect(
      firstPage(
        rush((n) => 3 + (n % 3)),
        true,
      ),
    ).toBeGreaterThanOrEqual(24);
  });
});

describe("keys of a bump bar", () => {
  const page = { index: 1, count: 3, start: 10, end: 16, earlier: 10, later: 14 };

  it("pick the Nth card of the page with 1-9, and nothing past the page", () => {
    expect(keyAction("1", null, page, 30)).toEqual({ kind: "pick", index: 10 });
    expect(keyAction("6", null, page, 30)).toEqual({ kind: "pick", index: 15 });
    expect(keyAction("7", null, page, 30)).toBeNull();
    expect(keyAction("0", null, page, 30)).toBeNull();
  });

  it("move the pick with the arrows, from the page's first, within the cards", () => {
    expect(keyAction("ArrowRight", null, page, 30)).toEqual({ kind: "pick", index: 10 });
    expect(keyAction("ArrowRight", 15, page, 30)).toEqual({ kind: "pick", index: 16 });
    expect(keyAction("ArrowDown", 29, page, 30)).toEqual({ kind: "pick", index: 29 });
    expect(keyAction("ArrowLeft", 10, page, 30)).toEqual({ kind: "pick", index: 9 });
    expect(keyAction("ArrowUp", 0, page, 30)).toEqual({ kind: "pick", index: 0 });
  });

  it("bump the picked card with Enter, recall with R, turn pages", () => {
    expect(keyAction("Enter", 12, page, 30)).toEqual({ kind: "bump", index: 12 });
    expect(keyAction("Enter", null, page, 30)).toBeNull();
    expect(keyAction("Enter", 30, page, 30)).toBeNull();
    expect(keyAction("r", null, page, 30)).toEqual({ kind: "recall" });
    expect(keyAction("R", null, page, 0)).toEqual({ kind: "recall" });
    expect(keyAction("PageDown", null, page, 30)).toEqual({ kind: "page", step: 1 });
    expect(keyAction("PageUp", null, page, 30)).toEqual({ kind: "page", step: -1 });
    expect(keyAction("ArrowRight", null, page, 0)).toBeNull();
    expect(keyAction("x", null, page, 30)).toBeNull();
  });
});

describe("the server's clock", () => {
  const header = "Wed, 25 Nov 2026 12:00:00 GMT";
  const server = Date.parse(header);

  it("corrects a browser clock that is behind or ahead", () => {
    // Asked and answered within 200 ms, the browser 90 s behind.
    expect(clockOffset(header, server - 90_000, server - 89_800)).toBe(90_000 + 500 - 100);
    expect(clockOffset(header, server + 60_000, server + 60_000)).toBe(-60_000 + 500);
  });

  it("keeps the browser's clock within the header's second, and without a header", () => {
    expect(clockOffset(header, server + 200, server + 400)).toBe(0);
    expect(clockOffset(null, 0, 10)).toBe(0);
    expect(clockOffset("not a date", 0, 10)).toBe(0);
  });
});

describe("the late alert", () => {
  it("sounds once per ticket that went late", () => {
    const now = Date.parse("2026-11-25T12:10:00Z");
    const tickets = [
      ticket("old", "2026-11-25T11:59:00Z", []),
      ticket("edge", "2026-11-25T12:00:00Z", []),
      ticket("new", "2026-11-25T12:05:00Z", []),
    ];
    expect(newlyLate(tickets, now, 10, new Set())).toEqual(["old", "edge"]);
    expect(newlyLate(tickets, now, 10, new Set(["old"]))).toEqual(["edge"]);
  });
});
