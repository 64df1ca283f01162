import { describe, expect, it } from "vitest";
import {
  HIGHLIGHT_MS,
  PREPARING_SHOWN,
  type PickupBoard,
  READ_GAP_MS,
  READY_SHOWN,
  Throttled,
  type Timers,
  columns,
  isNew,
  nextChange,
  seenReady,
  shownNumber,
} from "./columns";

const AT = "2026-11-27T12:00:00Z";

function board(preparing: number[], ready: number[]): PickupBoard {
  return {
    preparing: preparing.map((n) => ({ orderNumber: `#${n}`, since: AT })),
    ready: ready.map((n) => ({ orderNumber: `#${n}`, readyAt: AT })),
  };
}

describe("the columns", () => {
  it("show the digits of each number, in the server's order", () => {
    expect(shownNumber("#1042")).toBe("1042");
    const shown = columns(board([3, 1], [9, 7]));
    expect(shown.preparing).toEqual({ numbers: ["3", "1"], more: 0 });
    expect(shown.ready).toEqual({ numbers: ["9", "7"], more: 0 });
  });

  it("cut each column to what fits and count the rest", () => {
    const many = Array.from({ length: 40 }, (_, i) => 1000 + i);
    const shown = columns(board(many, many));
    expect(shown.preparing.numbers).toHaveLength(PREPARING_SHOWN);
    expect(shown.preparing.more).toBe(40 - PREPARING_SHOWN);
    // Ready is newest first: what is cut is the oldest.
    expect(shown.ready.numbers[0]).toBe("1000");
    expect(shown.ready.more).toBe(40 - READY_SHOWN);
  });
});

describe("the highlight", () => {
  it("lights nothing on the first read: it was ready before the screen looked", () => {
    const seen = seenReady(null, ["7", "9"], 1000);
    expect(isNew(seen, "7", 1000)).toBe(false);
    expect(nextChange(seen, 1000)).toBeNull();
  });

  it("lights a newly ready number for a few seconds, then not", () => {
    const first = seenReady(null, ["7"], 1000);
    const second = seenReady(first, ["9", "7"], 5000);
    expect(isNew(second, "9", 5000)).toBe(true);
    expect(isNew(second, "7", 5000)).toBe(false);
    expect(nextChange(second, 5000)).toBe(5000 + HIGHLIGHT_MS);
    expect(isNew(second, "9", 5000 + HIGHLIGHT_MS - 1)).toBe(true);
    expect(isNew(second, "9", 5000 + HIGHLIGHT_MS)).toBe(false);
    expect(nextChange(second, 5000 + HIGHLIGHT_MS)).toBeNull();
  });

  it("keeps when a number was first seen across reads, and forgets one that left", () => {
    const first = seenReady(null, [], 0);
    const second = seenReady(first, ["9"], 1000);
    const third = seenReady(second, ["9"], 3000);
    expect(third.get("9")).toBe(1000);
    const gone = seenReady(third, [], 4000);
    expect(gone.has("9")).toBe(false);
    // Back on the board later (recalled, then ready again): new again.
    expect(isNew(seenReady(gone, ["9"], 20000), "9", 20000)).toBe(true);
  });
});

class FakeTimers implements Timers {
  at = 0;
  private due: { at: number; run: () => void }[] = [];
  now = () => this.at;
  setTimeout = (run: () => void, ms: number) => {
    const timer = { at: this.at + ms, run };
    this.due.push(timer);
    return timer;
  };
  clearTimeout = (timer: unknown) => {
    this.due = this.due.filter((t) => t !== timer);
  };
  /** Time passes: each timer due runs at its own moment. */
  advance(ms: number) {
    const until = this.at + ms;
    for (const timer of this.due.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)) {
      this.due = this.due.filter((t) => t !== timer);
      this.at = timer.at;
      timer.run();
    }
    this.at = until;
  }
}

describe("reading the board on events", () => {
  it("reads at once, then gathers a burst of events into one read per gap", () => {
    const timers = new FakeTimers();
    const reads: number[] = [];
    const reader = new Throttled(() => reads.push(timers.at), READ_GAP_MS, timers);
    reader.ask();
    expect(reads).toEqual([0]);
    for (let i = 0; i < 10; i++) {
      timers.advance(10);
      reader.ask();
    }
    expect(reads).toEqual([0]);
    timers.advance(READ_GAP_MS);
    expect(reads).toEqual([0, READ_GAP_MS]);
    // Quiet for a while: the next event reads at once.
    timers.advance(1000);
    reader.ask();
    expect(reads).toEqual([0, READ_GAP_MS, READ_GAP_MS + 1100]);
  });

  it("never loses the last event: an ask after a read waits for the gap, then reads", () => {
    const timers = new FakeTimers();
    let reads = 0;
    const reader = new Throttled(() => reads++, READ_GAP_MS, timers);
    reader.ask();
    timers.advance(100);
    reader.ask();
    expect(reads).toBe(1);
    timers.advance(150);
    expect(reads).toBe(2);
    reader.stop();
  });

  it("reads nothing more once stopped", () => {
    const timers = new FakeTimers();
    let reads = 0;
    const reader = new Throttled(() => reads++, READ_GAP_MS, timers);
    reader.ask();
    reader.ask();
    reader.stop();
    timers.advance(1000);
    expect(reads).toBe(1);
  });
});
