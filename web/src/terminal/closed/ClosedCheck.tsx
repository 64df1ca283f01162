// One closed check, read-only: its lines, totals, payments and refunds. A manager (or anyone
// with a manager's PIN) reopens it or refunds a line or an amount; a card payment's tip is
// entered after the guest signed, on the keypad, until the business day ends.

import { Fragment } from "preact";
import { useEffect, useState } from "preact/hooks";
import { getOrder, refundOrder, reopenOrder } from "../../shared/api/orders";
import { type Cents, formatMoney, fromCents, toCents } from "../../shared/money";
import type { Order, Payment } from "../../shared/types";
import { Button } from "../../shared/ui";
import { inWords, namesIn } from "../problems";
import { ManagerApproval } from "../check/ManagerApproval";
import { useTerminal } from "../context";
import { tabLabel } from "../names";
import { useManagerGate } from "./manager";
import { type Refund, RefundSheet } from "./RefundSheet";
import { ReopenSheet } from "./ReopenSheet";
import { Outcome } from "./Outcome";
import { TipSheet } from "./TipSheet";
import { enterTip } from "./tipping";
import { PaidTotals, paymentName } from "../payment/PaidTotals";
import { VatBlock } from "../payment/Payment";
import { ReceiptSheet } from "../receipt/Receipt";
import { t } from "../messages";

export function ClosedCheck(props: { orderId: string; onReopened: (orderId: string) => void; onChanged: () => void }) {
  const { api, staff, outbox } = useTerminal();
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sheet, setSheet] = useState<"reopen" | "refund" | "receipt" | Payment | null>(null);
  const gate = useManagerGate(staff.role);

  useEffect(() => {
    getOrder(api, props.orderId)
      .then(setOrder)
      .catch((failure) => setError(inWords(failure)));
  }, [api, props.orderId]);

  if (!order) {
    return (
      <aside class="check" aria-label={t("terminal.closed.loadingLabel")}>
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : (
          <p>{t("terminal.check.loading")}</p>
        )}
      </aside>
    );
  }
  const money = (cents: Cents) => formatMoney(cents, order.currency);
  const where = order.tableName
    ? t("terminal.where.table", { table: order.tableName })
    : tabLabel(order.orderType, order.customerName);
  const ask = { resource: { orderId: order.id } };

  /** Runs a change; answers whether it went through (its refusal shown in words). */
  async function attempt(change: () => Promise<unknown>): Promise<boolean> {
    setError(null);
    try {
      await change();
      return true;
    } catch (failure) {
      setError(inWords(failure, namesIn(order)));
      return false;
    }
  }

  async function reread(said: string) {
    setNotice(said);
    setOrder(await getOrder(api, order!.id));
    props.onChanged();
  }

  function reopen(reason: string) {
    setSheet(null);
    gate.run("reopening", { action: "order.reopen", ...ask }, async (approval) => {
      // The tablet keeps the check as it closed: the reopened one replaces it before the check
      // opens, so a line added at once is made against the reopened check, not refused.
      const reopenedKept = async () => outbox.seen(await reopenOrder(api, order!.id, reason, { approval }));
      if (await attempt(reopenedKept)) {
        props.onChanged();
        props.onReopened(order!.id);
      }
    });
  }

  function refund(what: Refund) {
    setSheet(null);
    gate.run("refund", { action: "order.refund", ...ask, amount: fromCents(what.upTo) }, async (approval) => {
      if (await attempt(() => refundOrder(api, order!.id, what.body, { approval })))
        await reread(t("terminal.closed.refunded", { what: what.label }));
    });
  }

  function tip(payment: Payment, cents: Cents) {
    setSheet(null);
    setError(null);
    enterTip(api, gate, { orderId: order!.id, paymentId: payment.id }, cents, {
      entered: () => reread(t("terminal.closed.tipEntered", { tip: money(cents) })),
      refused: (failure) => setError(inWords(failure, namesIn(order))),
    });
  }

  return (
    <aside class="check closed-check" aria-label={t("terminal.closed.label", { number: order.orderNumber })}>
      <header class="check-head">
        <div>
          <h2>{t("terminal.closed.heading", { number: order.orderNumber, status: order.status })}</h2>
          <p>{where}</p>
        </div>
      </header>
      <Outcome notice={notice} error={error} />
      <ul class="lines">
        {order.items.map((item) => (
          <li key={item.id} class={`line ${item.status === "VOIDED" ? "voided" : ""}`}>
            <div class="line-main">
              <span>{t("terminal.line.quantity", { quantity: item.quantity, name: item.name })}</span>
              <span>{money(toCents(item.total))}</span>
            </div>
          </li>
        ))}
      </ul>
      <PaidTotals
        order={order}
        money={money}
        tools={(payment) =>
          payment.paymentMethod === "CARD" &&
          order.status !== "CANCELLED" && (
            <Button
              tone="quiet"
              onClick={() => setSheet(payment)}
              label={t("terminal.closed.enterTip", { payment: paymentName(payment) })}
            >
              {t("terminal.closed.tip")}
            </Button>
          )
        }
      >
        {order.refunds.map((given) => (
          <Fragment key={given.id}>
            <dt class="included">{t("terminal.closed.refundedLine", { reason: given.reason })}</dt>
            <dd class="included">
              {t("terminal.minus", { amount: money(toCents(given.amount) + toCents(given.tipAmount)) })}
            </dd>
          </Fragment>
        ))}
      </PaidTotals>
      {order.taxMode === "INCLUSIVE" && order.taxes.length > 0 && <VatBlock order={order} money={money} />}
      {order.status === "COMPLETED" && (
        <div class="check-actions">
          <Button onClick={() => setSheet("reopen")}>{t("terminal.closed.reopen")}</Button>
          <Button onClick={() => setSheet("refund")}>{t("terminal.closed.refund")}</Button>
          {/* A check that closed itself once paid showed no receipt: here it is, to show or print. */}
          <Button onClick={() => setSheet("receipt")}>{t("terminal.closed.receipt")}</Button>
        </div>
      )}
      {sheet === "reopen" && <ReopenSheet order={order} onClose={() => setSheet(null)} onReopen={reopen} />}
      {sheet === "refund" && (
        <RefundSheet order={order} money={money} onClose={() => setSheet(null)} onRefund={refund} />
      )}
      {sheet === "receipt" && (
        <ReceiptSheet orderId={order.id} orderNumber={order.orderNumber} onClose={() => setSheet(null)} />
      )}
      {sheet !== null && typeof sheet === "object" && (
        <TipSheet payment={sheet} money={money} onClose={() => setSheet(null)} onTip={(cents) => tip(sheet, cents)} />
      )}
      {gate.pending && <ManagerApproval pending={gate.pending} onCancel={gate.cancel} />}
    </aside>
  );
}
