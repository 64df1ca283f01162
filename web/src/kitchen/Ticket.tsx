// One ticket card: where it goes and whose, its age in colour and words, every item with its
// quantity first, modifiers indented, notes on their own line; tap an item to move it on.

import { placeLabel } from "../shared/rules/courses";
import { Button } from "../shared/ui";
import {
  type AgeTone,
  type BoardItem,
  type BoardTicket,
  type Thresholds,
  ageTone,
  allReady,
  destination,
  formatAge,
  formatQuantity,
  heldWords,
  startWords,
  startsIn,
} from "./board";
import { fold } from "./layout";

// Colour is never the only signal: amber says ⚠, red says LATE.
const AGE_WORDS: Record<AgeTone, string> = { fresh: "", warn: "⚠", late: "LATE" };
const PROGRESS: Partial<Record<string, string>> = {
  PREPARING: "◐ PREPARING",
  READY: "✓ READY",
  SERVED: "✓ SERVED",
};
const STATUS_WORDS: Record<string, string> = {
  SENT: "to make",
  PREPARING: "preparing",
  READY: "ready",
  SERVED: "served",
};

export function Ticket(props: {
  ticket: BoardTicket;
  /** The server's clock (the browser's, corrected). */
  now: number;
  thresholds: Thresholds;
  /** Its key on the page (1–9), shown for a bump bar. */
  position: number;
  picked: boolean;
  compact: boolean;
  /** Each station's part and whether it is bumped (the expo's view). */
  showStations: boolean;
  onUnfold: () => void;
  onTap: (item: BoardItem) => void;
  onBump: () => void;
}) {
  const { ticket } = props;
  const age = props.now - Date.parse(ticket.createdAt);
  const tone = ageTone(age, props.thresholds);
  const ready = allReady(ticket);
  const { shown, hidden } = fold(ticket.items, props.compact);
  const held = heldWords(ticket.heldCourses ?? []);
  const parts = props.showStations ? (ticket.stations ?? []) : [];
  return (
    <article
      class={`ticket ticket-${tone}${props.picked ? " ticket-picked" : ""}`}
      aria-label={`Ticket ${ticket.orderNumber}`}
      aria-current={props.picked ? "true" : undefined}
      data-ticket={ticket.id}
    >
      <header class="ticket-head">
        <span class="ticket-number">
          {props.position <= 9 && (
            <kbd class="ticket-key" aria-hidden="true">
              {props.position}
            </kbd>
          )}
          {ticket.orderNumber}
        </span>
        <span class="ticket-where">{destination(ticket)}</span>
        <span class="ticket-age" role="timer" aria-label="Age">
          {AGE_WORDS[tone] && <span class="age-word">{AGE_WORDS[tone]}</span>}
          {formatAge(age)}
        </span>
        <span class="ticket-server">{ticket.server ?? "—"}</span>
        {ticket.orderStatus === "CANCELLED" && <span class="ticket-cancelled">CANCELLED</span>}
      </header>
      {parts.length > 0 && (
        <ul class="ticket-stations" aria-label="Stations">
          {parts.map((part) => (
            <li
              key={part.stationId}
              class={part.bumpedAt ? "station-done" : "station-cooking"}
              aria-label={`${part.name}: ${part.bumpedAt ? "done" : "cooking"}`}
            >
              {part.bumpedAt ? "✓" : "…"} {part.name}
            </li>
          ))}
        </ul>
      )}
      <ul class="ticket-items" aria-label="Items">
        {shown.map((item) => (
          <Item
            key={item.itemId}
            item={item}
            start={startsIn(ticket, item, props.now)}
            onTap={() => props.onTap(item)}
          />
        ))}
      </ul>
      {held && <p class="ticket-held">{held}</p>}
      {hidden > 0 && (
        <button type="button" class="ticket-fold" onClick={props.onUnfold}>
          +{hidden} more {hidden === 1 ? "item" : "items"}
        </button>
      )}
      <Button
        tone={ready ? "accent" : "neutral"}
        class="bump"
        onClick={props.onBump}
        label={`Bump ${ticket.orderNumber}`}
      >
        {ready ? "✓ Bump" : "Bump"}
      </Button>
    </article>
  );
}

function Item(props: { item: BoardItem; start: number | null; onTap: () => void }) {
  const { item, start } = props;
  const quantity = formatQuantity(item.quantity);
  const progress = PROGRESS[item.status];
  const place = placeLabel(item);
  const details = (
    <>
      <span class="item-line">
        <span class="item-qty">{quantity}</span>
        <span class="item-name">{item.name}</span>
        {item.added && <span class="item-added">+ added</span>}
        {progress && <span class="item-status">{progress}</span>}
        {start !== null && (
          <span class={start > 0 ? "item-start" : "item-start item-start-now"}>{startWords(start)}</span>
        )}
      </span>
      {place && <span class="item-place">{place}</span>}
      {item.modifiers.map((modifier, index) => (
        <span key={index} class="item-modifier">
          {modifier.name}
        </span>
      ))}
      {item.notes && <span class="item-note">⚑ {item.notes}</span>}
    </>
  );
  if (item.status === "VOIDED") {
    return (
      <li class="item item-voided" aria-label={`${formatQuantity(item.sentQuantity)} ${item.name}, void`}>
        <del>{details}</del>
        <span class="item-void">VOID{item.voidReason ? `: ${item.voidReason}` : ""}</span>
      </li>
    );
  }
  const words = STATUS_WORDS[item.status] ?? item.status.toLowerCase();
  return (
    <li class={`item item-${item.status.toLowerCase()}`}>
      <button type="button" class="item-tap" onClick={props.onTap} aria-label={`${quantity} ${item.name}, ${words}`}>
        {details}
        {item.quantity !== item.sentQuantity && (
          <span class="item-status">was {formatQuantity(item.sentQuantity)}</span>
        )}
      </button>
    </li>
  );
}
