// The wall of tickets (docs/design.md §21): the cards packed into columns by height, oldest
// first so the oldest stand top-left (top-right in a language read right to left), then paged: a page of as many whole cards as fit; each card is placed
// where the packing says, in age order in the page (what a screen reader and a bump bar follow).
// A card's height is measured once, when it first shows or changes (off the page: in a hidden
// layer of its own), so a page's end never moves when the next page is read; estimated until.

import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { useLatest } from "../shared/latest";
import type { BoardItem, BoardTicket, Thresholds } from "./board";
import { type Page, WALL, estimateHeight, pack, pageOf, pageStarts, wallColumns } from "./layout";
import { t } from "./messages";
import { Ticket } from "./Ticket";

const { gap: GAP, padding: PADDING } = WALL;

export interface Paging {
  page: Page;
  starts: number[];
}

interface Size {
  width: number;
  height: number;
}

/** What the card's height depends on, besides its column's width and the view (compact or not). */
function signature(ticket: BoardTicket, folded: boolean, width: number): string {
  const items = ticket.items.map((item) => `${item.status}${item.quantity}`).join();
  const parts = (ticket.stations ?? []).map((part) => `${part.name}${part.bumpedAt !== null}`).join();
  const held = (ticket.heldCourses ?? []).join();
  return `${ticket.id}|${folded}|${width}|${ticket.orderStatus}|${ticket.tableName}|${ticket.customerName}|${items}|${parts}|${held}`;
}

/** The size of the wall, followed as the window changes. */
function useSize(element: { current: HTMLElement | null }): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const wall = element.current;
    if (!wall) return;
    const measure = () => setSize({ width: wall.clientWidth, height: wall.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(wall);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/** The pages of `tickets` on a wall of `size`: for the pager and the keys. */
function usePaging(tickets: readonly BoardTicket[], size: Size, compact: boolean, unfolded: ReadonlySet<string>) {
  const measured = useRef(new Map<string, number>());
  const { columns, width } = wallColumns(size.width, compact);
  const folded = (ticket: BoardTicket) => compact && !unfolded.has(ticket.id);
  // A compact card and a default one of the same width differ: the view is in the key.
  const key = (ticket: BoardTicket) => `${compact}|${signature(ticket, folded(ticket), width)}`;
  const heightOf = (ticket: BoardTicket) =>
    measured.current.get(key(ticket)) ?? estimateHeight(ticket, compact, folded(ticket));
  const heights = tickets.map(heightOf);
  const starts = pageStarts(heights, columns, size.height - 2 * PADDING, GAP);
  return { measured, columns, width, folded, key, heights, starts };
}

export function Wall(props: {
  tickets: BoardTicket[];
  now: number;
  thresholds: Thresholds;
  compact: boolean;
  /** Each card shows its stations' parts (the expo). */
  showStations: boolean;
  wantedPage: number;
  picked: string | null;
  onPaging: (paging: Paging) => void;
  onTap: (ticket: BoardTicket, item: BoardItem) => void;
  onBump: (ticket: BoardTicket) => void;
  empty: string | null;
}) {
  const wall = useRef<HTMLElement>(null);
  const size = useSize(wall);
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(new Set());
  const [, remeasured] = useState(0);
  const { tickets } = props;
  const { measured, columns, width, folded, key, heights, starts } = usePaging(tickets, size, props.compact, unfolded);
  const page = pageOf(starts, tickets.length, props.wantedPage);
  const shown = tickets.slice(page.start, page.end);
  const packed = pack(heights.slice(page.start, page.end), columns, GAP);
  const tops = Array.from({ length: columns }, () => PADDING);
  // Right to left (Arabic), the first column stands at the right: the oldest top-right.
  const rightToLeft = document.documentElement.dir === "rtl";
  const places = shown.map((_, index) => {
    const column = packed.column[index];
    const top = tops[column];
    tops[column] += heights[page.start + index] + GAP;
    const fromStart = rightToLeft ? columns - 1 - column : column;
    return { left: PADDING + fromStart * (width + GAP), top };
  });

  // Measure the cards not measured yet (shown, or in the hidden layer); the layout moves once.
  const unmeasured = tickets.filter(
    (ticket, index) => (index < page.start || index >= page.end) && !measured.current.has(key(ticket)),
  );
  const shownKey = [...shown, ...unmeasured].map(key).join(";");
  const said = `${page.index}/${page.count}/${starts.join()}/${tickets.length}`;
  const latest = useLatest({ paging: { page, starts }, onPaging: props.onPaging });
  useLayoutEffect(() => {
    const cards = wall.current?.querySelectorAll<HTMLElement>("[data-size]") ?? [];
    let changed = false;
    cards.forEach((card) => {
      const size = card.dataset.size ?? "";
      const height = (card.firstElementChild as HTMLElement | null)?.offsetHeight ?? 0;
      if (measured.current.get(size) !== height) {
        measured.current.set(size, height);
        changed = true;
      }
    });
    if (changed) remeasured((n) => n + 1);
    latest.current.onPaging(latest.current.paging);
  }, [shownKey, said, latest, measured]);

  // A card that changes size after (its age turned LATE, a font loaded) is measured again.
  useLayoutEffect(() => {
    const observer = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const card = entry.target as HTMLElement;
        const size = card.parentElement?.dataset.size;
        if (size && measured.current.get(size) !== card.offsetHeight) {
          measured.current.set(size, card.offsetHeight);
          changed = true;
        }
      }
      if (changed) remeasured((n) => n + 1);
    });
    wall.current?.querySelectorAll("[data-size] > article").forEach((card) => observer.observe(card));
    return () => observer.disconnect();
  }, [shownKey, measured]);

  const card = (ticket: BoardTicket, index: number) => (
    <Ticket
      ticket={ticket}
      now={props.now}
      thresholds={props.thresholds}
      position={index + 1}
      picked={ticket.id === props.picked}
      compact={folded(ticket)}
      showStations={props.showStations}
      onUnfold={() => setUnfolded(new Set([...unfolded, ticket.id]))}
      onTap={(item) => props.onTap(ticket, item)}
      onBump={() => props.onBump(ticket)}
    />
  );
  return (
    <main class={props.compact ? "tickets tickets-compact" : "tickets"} aria-label={t("wall.tickets")} ref={wall}>
      {props.empty && <p class="kds-empty">{props.empty}</p>}
      {size.width > 0 &&
        shown.map((ticket, index) => (
          <div
            key={ticket.id}
            class="ticket-place"
            data-size={key(ticket)}
            style={{ width: `${width}px`, transform: `translate(${places[index].left}px, ${places[index].top}px)` }}
          >
            {card(ticket, index)}
          </div>
        ))}
      {size.width > 0 && unmeasured.length > 0 && (
        <div class="ticket-measure" aria-hidden="true">
          {unmeasured.map((ticket) => (
            <div key={ticket.id} data-size={key(ticket)} style={{ width: `${width}px` }}>
              {card(ticket, 9)}
            </div>
          ))}
        </div>
      )}
    </main>
  );
}
