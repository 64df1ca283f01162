// Paying, in one sheet: the balance in large type; split evenly by N (the share is what this
// payment takes); card with tip presets and the last four digits; cash with quick tenders and
// the change to give; Complete once the balance is 0, then the check as the receipt. Receipt
// (once paid) shows the server's receipt and prints it.

import { useState } from "preact/hooks";
import type { Check } from "../check/state";
import { useTerminal } from "../context";
import {
  changeDue,
  type Cents,
  formatMoney,
  fromCents,
  quickTenders,
  splitEvenly,
  tipFor,
  toCents,
} from "../../shared/money";
import type { Order } from "../../shared/types";
import { Button, Sheet } from "../../shared/ui";
import { ReceiptSheet } from "../receipt/Receipt";

const TIPS = [0, 15, 18, 20];

export function Payment(props: { check: Check; onClose: () => void; onDone: () => void }) {
  const { currency } = useTerminal();
  const { check } = props;
  const order = check.order;
  // Shares still to pay: a 3-way split pays a third, then half of the rest, then the rest,
  // so the shares always add up to the balance exactly.
  const [ways, setWays] = useState(1);
  const [method, setMethod] = useState<"CARD" | "CASH">("CARD");
  const [tipPercent, setTipPercent] = useState(0);
  const [lastFour, setLastFour] = useState("");
  const [tendered, setTendered] = useState<Cents | null>(null);
  const [change, setChange] = useState<Cents | null>(null);
  const [completed, setCompleted] = useState<Order | null>(null);
  const [showingReceipt, setShowingReceipt] = useState(false);
  const money = (cents: Cents) => formatMoney(cents, currency);
  const shown = completed ?? order;

  if (showingReceipt && shown) {
    return <ReceiptSheet orderId={shown.id} orderNumber={shown.orderNumber} onClose={() => setShowingReceipt(false)} />;
  }
  if (completed) {
    return <Receipt order={completed} money={money} onReceipt={() => setShowingReceipt(true)} onDone={props.onDone} />;
  }
  if (!order) return null;

  const balance = toCents(order.balanceDue);
  const share = balance > 0 ? splitEvenly(balance, ways)[0] : 0;
  const tip = tipFor(share, tipPercent);

  async function payCard() {
    const paid = await check.pay({
      amount: fromCents(share),
      paymentMethod: "CARD",
      tipAmount: fromCents(tip),
      cardLastFour: lastFour,
    });
    if (paid) {
      setLastFour("");
      setTipPercent(0);
      setWays(Math.max(1, ways - 1));
    }
  }

  async function payCash() {
    if (tendered === null) return;
    const paid = await check.pay({ amount: fromCents(share), paymentMethod: "CASH" });
    if (paid) {
      setChange(changeDue(tendered, share));
      setTendered(null);
      setWays(Math.max(1, ways - 1));
    }
  }

  async function complete() {
    const done = await check.complete();
    if (done) setCompleted(done);
  }

  return (
    <Sheet title={`Pay check ${order.orderNumber}`} onClose={props.onClose} wide>
      <div class="pay">
        <div class="pay-balance">
          <span>Balance</span>
          <strong aria-label="Balance due">{money(balance)}</strong>
          {order.paidAmount > 0 && <span>paid {money(toCents(order.paidAmount))}</span>}
        </div>
        {change !== null && (
          <p class="change" role="status">
            Change to give: <strong>{money(change)}</strong>
          </p>
        )}
        {check.notice && (
          <p class="notice" role="status">
            {check.notice}
          </p>
        )}
        {check.error && (
          <p class="error" role="alert">
            {check.error}
          </p>
        )}
        {balance > 0 ? (
          <>
            <div class="choices" role="group" aria-label="Split evenly">
              {[1, 2, 3, 4].map((n) => (
                <Button
                  key={n}
                  pressed={ways === n}
                  onClick={() => setWays(n)}
                  label={n === 1 ? "No split" : `Split ${n} ways`}
                >
                  {n === 1 ? "Whole" : `÷ ${n}`}
                </Button>
              ))}
              {ways > 1 && <span class="share">each {money(share)}</span>}
            </div>
            <div class="choices" role="group" aria-label="Method">
              <Button pressed={method === "CARD"} onClick={() => setMethod("CARD")}>
                Card
              </Button>
              <Button pressed={method === "CASH"} onClick={() => setMethod("CASH")}>
                Cash
              </Button>
            </div>
            {method === "CARD" ? (
              <div class="pay-card">
                <div class="choices" role="group" aria-label="Tip">
                  {TIPS.map((percent) => (
                    <Button
                      key={percent}
                      pressed={tipPercent === percent}
                      onClick={() => setTipPercent(percent)}
                      label={percent ? `Tip ${percent}%` : "No tip"}
                    >
                      {percent ? `${percent}% · ${money(tipFor(share, percent))}` : "No tip"}
                    </Button>
                  ))}
                </div>
                <label>
                  Card last four
                  <input
                    inputMode="numeric"
                    maxLength={4}
                    value={lastFour}
                    onInput={(e) => setLastFour(e.currentTarget.value.replace(/\D/g, ""))}
                  />
                </label>
                <Button tone="accent" disabled={lastFour.length !== 4 || check.busy} onClick={payCard}>
                  Charge card {money(share + tip)}
                </Button>
              </div>
            ) : (
              <div class="pay-cash">
                <div class="choices" role="group" aria-label="Cash tendered">
                  {quickTenders(share).map((amount, i) => (
                    <Button
                      key={amount}
                      pressed={tendered === amount}
                      onClick={() => setTendered(amount)}
                      label={i === 0 ? `Exact ${money(amount)}` : `Tendered ${money(amount)}`}
                    >
                      {i === 0 ? `Exact ${money(amount)}` : money(amount)}
                    </Button>
                  ))}
                </div>
                {tendered !== null && <p>Change: {money(changeDue(tendered, share))}</p>}
                <Button tone="accent" disabled={tendered === null || check.busy} onClick={payCash}>
                  Take cash {money(share)}
                </Button>
              </div>
            )}
          </>
        ) : (
          <div class="choices">
            <Button tone="accent" onClick={complete} disabled={check.busy}>
              Complete
            </Button>
            <Button onClick={() => setShowingReceipt(true)}>Receipt</Button>
          </div>
        )}
      </div>
    </Sheet>
  );
}

function Receipt(props: { order: Order; money: (cents: Cents) => string; onReceipt: () => void; onDone: () => void }) {
  const { order, money } = props;
  return (
    <Sheet title={`Receipt ${order.orderNumber}`} onClose={props.onDone}>
      <div class="receipt">
        <p class="paid">Paid · {order.tableName ? `Table ${order.tableName}` : order.orderType.toLowerCase()}</p>
        <ul>
          {order.items
            .filter((item) => item.status !== "VOIDED")
            .map((item) => (
              <li key={item.id}>
                <span>
                  {item.quantity} × {item.name}
                </span>
                <span>{money(toCents(item.total))}</span>
              </li>
            ))}
        </ul>
        <dl class="totals">
          <dt>Subtotal</dt>
          <dd>{money(toCents(order.subtotal))}</dd>
          {order.discountAmount > 0 && (
            <>
              <dt>Discount</dt>
              <dd>−{money(toCents(order.discountAmount))}</dd>
            </>
          )}
          <dt>Tax</dt>
          <dd>{money(toCents(order.taxAmount))}</dd>
          <dt class="total">Total</dt>
          <dd class="total">{money(toCents(order.total))}</dd>
          {order.payments.map((payment) => (
            <>
              <dt key={payment.id}>{payment.method === "CARD" ? `Card ····${payment.cardLastFour ?? ""}` : "Cash"}</dt>
              <dd>
                {money(toCents(payment.amount))}
                {payment.tipAmount ? ` + tip ${money(toCents(payment.tipAmount))}` : ""}
              </dd>
            </>
          ))}
        </dl>
        <div class="choices">
          <Button onClick={props.onReceipt} label="Show or print the receipt">
            Receipt
          </Button>
          <Button tone="accent" onClick={props.onDone}>
            Done
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
