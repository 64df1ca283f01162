// The order as it moves, after Place order: read again every few seconds while the page is
// seen, until it is picked up, refused or cancelled; its state in large words, its number, its
// pickup time on the restaurant's clock, what was ordered and what is paid at pickup.

import { useCallback, useEffect, useState } from "preact/hooks";
import { ApiError } from "../shared/api/client";
import type { OrderPageCalls } from "../shared/api/orderPages";
import { locale } from "../shared/i18n";
import { formatMoney, toCents } from "../shared/money";
import { t } from "./messages";
import { useWhileSeen } from "../shared/seen";
import { clockTime } from "./slots";
import { type OrderPage, type WebOrder, settled, statusWords } from "./words";

/** How often the order is read again while it moves and the page is seen. */
export const ORDER_REFRESH_MS = 3_000;

export function Confirmation(props: {
  calls: OrderPageCalls;
  orderId: string;
  page: OrderPage | null;
  onGone: () => void;
  onNew: () => void;
}) {
  const { calls, orderId, page, onGone } = props;
  const [order, setOrder] = useState<WebOrder | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const read = useCallback(() => {
    calls
      .follow(orderId)
      .then((found) => {
        setOrder(found);
        setProblem(null);
      })
      .catch((error) => {
        if (error instanceof ApiError && error.status === 404) onGone();
        else setProblem(error instanceof ApiError ? error.detail : String(error));
      });
  }, [calls, orderId, onGone]);

  useEffect(read, [read]);
  useWhileSeen(read, ORDER_REFRESH_MS, order === null || !settled(order.status));

  if (!order || !page)
    return (
      <main class="guest-main">
        <p class="guest-loading" role="status">
          {problem ?? t("page.loading")}
        </p>
      </main>
    );

  const words = statusWords(order);
  const money = (cents: number) => formatMoney(cents, page.currency);
  const over = settled(order.status);
  return (
    <main class="guest-main order-status">
      <section class={`order-state order-state-${words.tone}`} aria-live="polite" aria-atomic="true">
        <h2>{words.heading}</h2>
        <p>{words.detail}</p>
      </section>
      <p class="order-number">{t("status.number", { number: order.orderNumber })}</p>
      <ul class="order-facts">
        {order.customerName && <li>{t("status.for", { name: order.customerName })}</li>}
        <li>{t("status.pickupAt", { time: clockTime(order.pickupAt, Date.now(), page.timezone, locale()) })}</li>
      </ul>
      <section class="order-box" aria-labelledby="order-lines">
        <h3 id="order-lines">{t("status.lines")}</h3>
        <ul class="order-summary">
          {order.lines.map((line, place) => (
            <li key={place}>
              <span class="guest-line-name">{t("status.line", { quantity: line.quantity, name: line.name })}</span>
              <span class="guest-amount">{money(toCents(line.total))}</span>
            </li>
          ))}
        </ul>
        {!over && (
          <p class="guest-total">
            <span>{t("status.toPay")}</span>
            <span>{money(toCents(order.total))}</span>
          </p>
        )}
      </section>
      {problem && (
        <p class="guest-offline" role="status">
          {problem}
        </p>
      )}
      {over ? (
        <button type="button" class="btn btn-accent guest-add order-again" onClick={props.onNew}>
          {t("status.again")}
        </button>
      ) : (
        <p class="hint">{t("status.keepOpen")}</p>
      )}
    </main>
  );
}
