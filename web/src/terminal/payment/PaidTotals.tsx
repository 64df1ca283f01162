// A paid check's totals and its payments (each with its tip and any cash rounding), as the
// receipt sheet and a closed check show them; `tools` adds a payment's own buttons, `children`
// rows after the payments.

import { Fragment, type ComponentChildren } from "preact";
import { type Cents, toCents } from "../../shared/money";
import { totalLines } from "../../shared/totals";
import type { Order, Payment } from "../../shared/types";
import { t } from "../messages";

/** "CARD" → "Card ····4242", "GIFT_CARD" → "Gift card". */
export function paymentName(payment: Payment): string {
  return t("terminal.paid.methodName", { method: payment.paymentMethod, last4: payment.cardLastFour ?? "" });
}

export function PaidTotals(props: {
  order: Order;
  money: (cents: Cents) => string;
  tools?: (payment: Payment) => ComponentChildren;
  children?: ComponentChildren;
}) {
  const { order, money } = props;
  return (
    <dl class="totals">
      {totalLines(order).map((line) => (
        <Fragment key={`${line.kind}-${line.label}`}>
          <dt class={line.kind}>{line.label}</dt>
          <dd class={line.kind}>
            {line.cents < 0 ? t("terminal.minus", { amount: money(-line.cents) }) : money(line.cents)}
          </dd>
        </Fragment>
      ))}
      {order.payments.map((payment) => (
        <Fragment key={payment.id}>
          <dt>{paymentName(payment)}</dt>
          <dd>
            {money(toCents(payment.amount))}
            {payment.tipAmount ? t("terminal.paid.plusTip", { tip: money(toCents(payment.tipAmount)) }) : ""}
            {props.tools?.(payment)}
          </dd>
          {payment.roundingAdjustment !== 0 && (
            <>
              <dt class="included">{t("terminal.paid.rounding")}</dt>
              <dd class="included">{money(toCents(payment.roundingAdjustment))}</dd>
            </>
          )}
        </Fragment>
      ))}
      {props.children}
    </dl>
  );
}
