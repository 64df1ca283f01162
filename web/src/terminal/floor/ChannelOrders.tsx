// Orders from channels (online ordering, delivery platforms; docs/design.md §29), at the top of
// the floor: each NEW one a card with its channel, number, customer, pickup time, lines, total,
// whether the platform took the payment, and the time left to accept it, ticking; Accept sends
// it to the kitchen, Refuse asks why. A READY one is handed over: "Picked up" when the platform
// was paid, else its check opens to take the payment.

import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { useTerminal } from "../context";
import { acceptChannelOrder, handOverChannelOrder, refuseChannelOrder } from "../../shared/api/channels";
import { formatMoney, toCents } from "../../shared/money";
import type { ChannelOrder } from "../../shared/types";
import { Button, Sheet } from "../../shared/ui";
import { t } from "../messages";
import { clockTime } from "../till/money";
import { countdown, toAccept, toHandOver } from "./channels";
import type { Floor } from "./state";
import { useDecisions } from "./decisions";

/** The reasons offered with one tap, by their message's id. */
const QUICK_REASONS = [
  "terminal.channels.reason.closing",
  "terminal.channels.reason.busy",
  "terminal.channels.reason.unavailable",
] as const;

const title = (order: ChannelOrder) =>
  t("terminal.channels.order", { channel: order.channelName, number: String(order.orderNumber) });

/** The moment now, moved on every second while `ticking`. */
function useSeconds(ticking: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [ticking]);
  return now;
}

export function ChannelOrders(props: { floor: Floor; onOpen: (orderId: string) => void }) {
  const { api } = useTerminal();
  const { channelOrders, tellChannelOrder } = props.floor;
  const incoming = toAccept(channelOrders);
  const ready = toHandOver(channelOrders);
  const now = useSeconds(incoming.length > 0);
  const [refusing, setRefusing] = useState<ChannelOrder | null>(null);
  const { busy, error, decide: decided, dismiss } = useDecisions(props.floor.reload);
  // A refusal stays told after its card has left (decided elsewhere, or timed out) until read.
  if (incoming.length === 0 && ready.length === 0 && !error) return null;

  const decide = (order: ChannelOrder, asked: () => Promise<ChannelOrder>) =>
    decided(order.id, asked, (answer) => {
      tellChannelOrder(answer);
      setRefusing(null);
    });

  return (
    <section class="channel-orders" aria-label={t("terminal.channels")}>
      {error && (
        <div class="channel-order-error">
          <p class="error" role="alert">
            {error}
          </p>
          <Button tone="quiet" onClick={dismiss}>
            {t("terminal.channels.dismiss")}
          </Button>
        </div>
      )}
      {incoming.map((order) => {
        const left = countdown(order.acceptBy, now);
        return (
          <article key={order.id} class={`channel-order ${left.urgent ? "urgent" : ""}`} aria-label={title(order)}>
            <OrderWhat order={order}>
              {left.over ? (
                <span class="channel-countdown over" role="timer">
                  {t("terminal.channels.beingRefused")}
                </span>
              ) : (
                <span
                  class="channel-countdown"
                  role="timer"
                  aria-label={t("terminal.channels.acceptWithin", { time: left.text })}
                >
                  {left.text}
                </span>
              )}
            </OrderWhat>
            <div class="channel-order-actions">
              <Button
                tone="accent"
                disabled={busy !== null || left.over}
                onClick={() => decide(order, () => acceptChannelOrder(api, order.id))}
              >
                {t("terminal.channels.accept")}
              </Button>
              <Button tone="danger" disabled={busy !== null || left.over} onClick={() => setRefusing(order)}>
                {t("terminal.channels.refuse")}
              </Button>
            </div>
          </article>
        );
      })}
      {ready.map((order) => (
        <article
          key={order.id}
          class="channel-order ready"
          aria-label={t("terminal.channels.ready", { channel: order.channelName, number: String(order.orderNumber) })}
        >
          <OrderWhat order={order}>
            <span class="channel-ready">{t("terminal.channels.readyWord")}</span>
          </OrderWhat>
          {order.paid ? (
            <Button
              tone="accent"
              disabled={busy !== null}
              onClick={() => decide(order, () => handOverChannelOrder(api, order.id))}
            >
              {t("terminal.channels.pickedUp")}
            </Button>
          ) : (
            <Button onClick={() => props.onOpen(order.orderId)}>{t("terminal.channels.takePayment")}</Button>
          )}
        </article>
      ))}
      {refusing && (
        <RefuseSheet
          order={refusing}
          busy={busy !== null}
          onClose={() => setRefusing(null)}
          onRefuse={(reason) => decide(refusing, () => refuseChannelOrder(api, refusing.id, reason))}
        />
      )}
    </section>
  );
}

/** What the order is: its channel and number (with `children` beside them: the countdown),
 * who and when, its lines, its total and who takes the payment. */
function OrderWhat(props: { order: ChannelOrder; children: ComponentChildren }) {
  const { currency, timezone } = useTerminal();
  const { order } = props;
  const when = t("terminal.channels.when", { type: order.orderType, time: clockTime(order.pickupAt, timezone) });
  return (
    <div class="channel-order-what">
      <div class="channel-order-head">
        <strong>
          {t("terminal.channels.heading", { channel: order.channelName, number: String(order.orderNumber) })}
        </strong>
        {props.children}
      </div>
      {order.customerName && <span class="channel-customer">{order.customerName}</span>}
      <span>{when}</span>
      <ul class="channel-lines" aria-label={t("terminal.channels.lines")}>
        {order.lines.map((line, index) => (
          <li key={index}>
            {t("terminal.channels.line", { quantity: line.quantity, name: line.name })}
            {line.notes && <span class="channel-note">{line.notes}</span>}
          </li>
        ))}
      </ul>
      <span class="channel-total">
        <strong>{formatMoney(toCents(order.total), currency)}</strong>
        <span class={`channel-paid ${order.paid ? "paid" : "due"}`}>
          {order.paid ? t("terminal.channels.paidOnline") : t("terminal.channels.payAtPickup")}
        </span>
      </span>
    </div>
  );
}

function RefuseSheet(props: {
  order: ChannelOrder;
  busy: boolean;
  onClose: () => void;
  onRefuse: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  return (
    <Sheet title={t("terminal.channels.refuseTitle", { order: title(props.order) })} onClose={props.onClose}>
      <div class="choices channel-reasons" role="group" aria-label={t("terminal.channels.quickReasons")}>
        {QUICK_REASONS.map((id) => (
          <Button key={id} pressed={reason === t(id)} onClick={() => setReason(t(id))}>
            {t(id)}
          </Button>
        ))}
      </div>
      <label>
        <span>{t("terminal.channels.reason")}</span>
        <input
          value={reason}
          maxLength={200}
          autoComplete="off"
          onInput={(event) => setReason((event.target as HTMLInputElement).value)}
        />
      </label>
      <Button tone="danger" disabled={props.busy || reason.trim() === ""} onClick={() => props.onRefuse(reason.trim())}>
        {t("terminal.channels.refuseOrder")}
      </Button>
    </Sheet>
  );
}
