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
  heldWords,
  pickupWords,
  startWords,
  startsIn,
} from "./board";
import { fold } from "./layout";
import { t } from "./messages";
import { changeWords, quantityWords } from "./words";

// Marks, the same in every language.
const WARN_MARK = "⚠";
const NO_SERVER = "—";
// Colour is never the only signal: amber says ⚠, red says LATE.
const ageWord = (tone: AgeTone): string => (tone === "late" ? t("ticket.late") : tone === "warn" ? WARN_MARK : "");
const PROGRESS: Partial<Record<string, Parameters<typeof t>[0]>> = {
  PREPARING: "item.preparing",
  READY: "item.ready",
  SERVED: "item.served",
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
  const pickup = pickupWords(ticket, props.now);
  return (
    <article
      class={`ticket ticket-${tone}${props.picked ? " ticket-picked" : ""}`}
      aria-label={t("ticket.label", { number: ticket.orderNumber })}
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
        <span class="ticket-where">
          {destination(ticket)}
          {pickup && (
            <span class={pickup.soon ? "ticket-pickup ticket-pickup-soon" : "ticket-pickup"}>{pickup.text}</span>
          )}
        </span>
        <span class="ticket-age" role="timer" aria-label={t("ticket.age")}>
          {ageWord(tone) && <span class="age-word">{ageWord(tone)}</span>}
          {formatAge(age)}
        </span>
        <span class="ticket-server">{ticket.server ?? NO_SERVER}</span>
        {ticket.orderStatus === "CANCELLED" && <span class="ticket-cancelled">{t("ticket.cancelled")}</span>}
      </header>
      {parts.length > 0 && (
        <ul class="ticket-stations" aria-label={t("ticket.stations")}>
          {parts.map((part) => (
            <li
              key={part.stationId}
              class={part.bumpedAt ? "station-done" : "station-cooking"}
              aria-label={t(part.bumpedAt ? "ticket.stationDone" : "ticket.stationCooking", { name: part.name })}
            >
              {t(part.bumpedAt ? "ticket.stationDoneMark" : "ticket.stationCookingMark", { name: part.name })}
            </li>
          ))}
        </ul>
      )}
      <ul class="ticket-items" aria-label={t("ticket.items")}>
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
          {t("ticket.moreItems", { count: hidden })}
        </button>
      )}
      <Button
        tone={ready ? "accent" : "neutral"}
        class="bump"
        onClick={props.onBump}
        label={t("ticket.bumpLabel", { number: ticket.orderNumber })}
      >
        {ready ? t("ticket.bumpReady") : t("ticket.bump")}
      </Button>
    </article>
  );
}

function Item(props: { item: BoardItem; start: number | null; onTap: () => void }) {
  const { item, start } = props;
  const quantity = quantityWords(item.quantity);
  const change = changeWords(item);
  const progress = PROGRESS[item.status];
  const place = placeLabel(item);
  const details = (
    <>
      <span class="item-line">
        <span class="item-qty">{quantity}</span>
        <span class="item-name">{item.name}</span>
        {item.added && <span class="item-added">{t("item.added")}</span>}
        {progress && <span class="item-status">{t(progress)}</span>}
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
      {item.notes && <span class="item-note">{t("item.note", { note: item.notes })}</span>}
    </>
  );
  if (item.status === "VOIDED") {
    return (
      <li
        class="item item-voided"
        aria-label={t("item.voidLabel", { quantity: quantityWords(item.sentQuantity), name: item.name })}
      >
        <del>{details}</del>
        <span class="item-void">
          {item.voidReason ? t("item.voidReason", { reason: item.voidReason }) : t("item.void")}
        </span>
      </li>
    );
  }
  return (
    <li class={`item item-${item.status.toLowerCase()}`}>
      <button
        type="button"
        class="item-tap"
        onClick={props.onTap}
        aria-label={t("item.label", { quantity, name: item.name, status: item.status })}
      >
        {details}
        {change && <span class="item-status item-change">{change}</span>}
      </button>
    </li>
  );
}
