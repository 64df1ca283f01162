// Paying, in one sheet: the balance in large type; split evenly by any number of ways (the
// share is what this payment takes); a keypad for any amount: what the guest gave in cash, a
// part of the balance, a tip; card with tip presets or a typed tip and the last four digits;
// cash with quick bills and the change to give. A payment that settles the check waits for the
// server's answer: a check it completed with no change to give closes, and the floor shows
// (closing.ts); with change, the receipt summary shows it; a check left open (or the tablet's
// own answer, offline) offers Complete, then the check as the receipt. Receipt (once paid)
// shows the server's receipt and prints it. Where the location rounds cash, cash that settles
// the balance pays the server's cashBalanceDue (docs/design.md §13); cash short of it is a
// partial payment. The money rules are amounts.ts.
// Cash exact is three taps from the check to the floor: Pay, Cash (the exact amount is what the
// guest gave until another is typed or picked), Take cash. Where the location has card readers,
// Reader charges the part on one and the guest tips there (CardReader.tsx); it is the first
// method shown once this terminal knows which reader is its own.

import { useEffect, useRef, useState } from "preact/hooks";
import type { Check } from "../check/state";
import { useTerminal } from "../context";
import { type Cents, formatMoney, fromCents, tipFor, toCents } from "../../shared/money";
import { vatRows } from "../../shared/totals";
import type { Order } from "../../shared/types";
import { Button, Sheet } from "../../shared/ui";
import { ReceiptSheet } from "../receipt/Receipt";
import {
  type Key,
  MAX_TYPED,
  MAX_WAYS,
  type Tip,
  cashDue,
  cashTender,
  pressKey,
  quickTenders,
  splitEvenly,
  stepWays,
  tipOf,
  tipPercentShown,
  typeTip,
} from "./amounts";
import { ReaderCharge, useReaders } from "./CardReader";
import { closesAfterPayment, paidWords } from "./closing";
import { Keypad } from "./Keypad";
import { PaidTotals } from "./PaidTotals";
import { rich, t } from "../messages";

const TIPS = [0, 15, 18, 20];
// The longest a settling payment waits for the server's answer before Complete is offered,
// while the terminal is online: an answer lost on the way is sent again within it, and a busy
// server at the peak of a rush still answers within it. Offline, the wait ends at once.
const ANSWER_WAIT_MS = 10000;

/** CARD: a card taken on another machine, its tip and last four typed in. */
type Method = "READER" | "CARD" | "CASH";

/** What the keypad types into: a part of the balance, what the guest gave, a tip. */
type Field = "amount" | "given" | "tipAmount" | "tipPercent";

/** `onDone`: the sheet and the check put away; `paid`, the line the floor shows when the check
 * closed by itself (null: the person saw the receipt). */
export function Payment(props: { check: Check; onClose: () => void; onDone: (paid: string | null) => void }) {
  const { currency, online, outbox } = useTerminal();
  const { check } = props;
  const order = check.order;
  // Shares still to pay: a 3-way split pays a third, then half of the rest, then the rest,
  // so the shares always add up to the balance exactly.
  const [ways, setWays] = useState(1);
  const readers = useReaders();
  // Null until the person picks one: the reader once the terminal knows its own, else card.
  const [picked, setPicked] = useState<Method | null>(null);
  const method = picked ?? (readers?.first ? "READER" : "CARD");
  const [field, setField] = useState<Field>("amount");
  // Typed on the keypad (null: the default, the share and the exact cash due).
  const [amountTyped, setAmountTyped] = useState<Cents | null>(null);
  const [givenTyped, setGivenTyped] = useState<Cents | null>(null);
  const [tipPercent, setTipPercent] = useState(0);
  const [tipTyped, setTipTyped] = useState<Tip | null>(null);
  const [lastFour, setLastFour] = useState("");
  const [change, setChange] = useState<Cents | null>(null);
  const [completed, setCompleted] = useState<Order | null>(null);
  // A payment that settles the check, kept and waiting for the server's answer.
  const [answering, setAnswering] = useState(false);
  // A payment being kept: a second tap meanwhile (a hurried double tap) would pay twice.
  const taking = useRef(false);
  const [showingReceipt, setShowingReceipt] = useState(false);
  // A charge was started on a reader from this sheet.
  const [onReader, setOnReader] = useState(false);
  const money = (cents: Cents) => formatMoney(cents, (completed ?? order)?.currency ?? currency);
  const shown = completed ?? order;
  const { onDone } = props;

  // Decided once, when everything this tablet did to the check is answered (or the wait is
  // over): a Complete shown never vanishes under the finger. A payment taken offline is not
  // waited for (paid()): the tablet's answer is its own, Complete.
  useEffect(() => {
    if (!answering || check.waiting > 0) return;
    setAnswering(false);
    const answer = check.order;
    if (answer && closesAfterPayment(answer, change))
      onDone(paidWords(answer, (cents) => formatMoney(cents, answer.currency)));
    else if (answer?.status === "COMPLETED") setCompleted(answer);
  }, [answering, check.waiting, check.order, change, onDone]);
  // A card paid on a reader is recorded by the server: the check it settled may be read
  // COMPLETED (the event stream) before the reader's sheet sees its checkout end. It closes
  // as a check this tablet paid would.
  useEffect(() => {
    const answer = check.order;
    if (onReader && answer?.status === "COMPLETED" && closesAfterPayment(answer, change))
      onDone(paidWords(answer, (cents) => formatMoney(cents, answer.currency)));
  }, [onReader, check.order, change, onDone]);
  useEffect(() => {
    if (!answering) return;
    if (!online) {
      setAnswering(false);
      return;
    }
    const timer = setTimeout(() => setAnswering(false), ANSWER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [answering, online]);

  if (showingReceipt && shown) {
    return <ReceiptSheet orderId={shown.id} orderNumber={shown.orderNumber} onClose={() => setShowingReceipt(false)} />;
  }
  if (completed) {
    return (
      <Receipt
        order={completed}
        change={change}
        money={money}
        onReceipt={() => setShowingReceipt(true)}
        onDone={() => onDone(null)}
      />
    );
  }
  if (!order) return null;

  const balance = toCents(order.balanceDue);
  const cashBalance = toCents(order.cashBalanceDue);
  const share = balance > 0 ? splitEvenly(balance, ways)[0] : 0;
  // The part of the balance this payment pays: typed, or the share.
  const part = amountTyped ?? share;
  const tip = tipOf(part, tipTyped ?? { percent: tipPercent });
  const due = cashDue(part, balance, cashBalance);
  const given = givenTyped ?? due;
  const tender = cashTender(given, part, balance, cashBalance);
  const left = balance - (method === "CASH" ? Math.min(tender.pays, balance) : part);

  function start(next: { ways?: number; method?: Method }) {
    const nextMethod = next.method ?? method;
    setWays(next.ways ?? ways);
    setPicked(nextMethod);
    setField(nextMethod === "CASH" ? "given" : "amount");
    setAmountTyped(null);
    setGivenTyped(null);
    setTipTyped(null);
  }

  function press(key: Key) {
    if (field === "amount") setAmountTyped(pressKey(amountTyped, key, balance));
    else if (field === "given") setGivenTyped(pressKey(givenTyped, key, MAX_TYPED));
    else setTipTyped(typeTip(tipTyped, key, field === "tipPercent"));
  }

  /** `after`: the tablet's check once the payment is kept. */
  function paid(pays: Cents, after: Order) {
    setAnswering(online && toCents(after.balanceDue) === 0);
    setWays(pays === share ? Math.max(1, ways - 1) : ways);
    setAmountTyped(null);
    setGivenTyped(null);
    setField(method === "CASH" ? "given" : "amount");
  }

  async function payCard() {
    const done = await check.pay(
      { amount: fromCents(part), paymentMethod: "CARD", tipAmount: fromCents(tip), cardLastFour: lastFour },
      part === balance,
    );
    if (done) {
      setLastFour("");
      setTipPercent(0);
      setTipTyped(null);
      paid(part, done);
    }
  }

  /** One payment at a time: taps while one is being kept are dropped. */
  async function once(pay: () => Promise<void>) {
    if (taking.current) return;
    taking.current = true;
    try {
      await pay();
    } finally {
      taking.current = false;
    }
  }

  async function payCash() {
    const { pays, change: toGive, settles } = tender;
    const done = await check.pay({ amount: fromCents(pays), paymentMethod: "CASH" }, settles);
    if (done) {
      setChange(toGive);
      paid(pays, done);
    }
  }

  async function complete() {
    const done = await check.complete();
    if (done) setCompleted(done);
  }

  const entry = (name: Field, label: string, value: string) => (
    <Button key={name} class="pay-field" pressed={field === name} onClick={() => setField(name)}>
      <span>{label}</span>
      <strong>{value}</strong>
    </Button>
  );

  return (
    <Sheet title={t("terminal.pay.title", { number: order.orderNumber })} onClose={props.onClose} wide>
      <div class={balance > 0 ? "pay pay-keyed" : "pay"}>
        <div class="pay-main">
          <div class="pay-balance">
            <span>{t("terminal.pay.balance")}</span>
            <strong aria-label={t("terminal.pay.balanceDue")}>{money(balance)}</strong>
            {order.paidAmount > 0 && (
              <span>{t("terminal.pay.paid", { amount: money(toCents(order.paidAmount)) })}</span>
            )}
          </div>
          {change !== null && (
            <p class="change" role="status">
              {rich("terminal.pay.changeToGive", {
                amount: money(change),
                strong: (chunks) => <strong>{chunks}</strong>,
              })}
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
              <div class="choices" role="group" aria-label={t("terminal.pay.splitEvenly")}>
                {[1, 2, 3, 4].map((n) => (
                  <Button
                    key={n}
                    pressed={ways === n}
                    onClick={() => start({ ways: n })}
                    label={n === 1 ? t("terminal.pay.noSplit") : t("terminal.pay.splitWays", { count: n })}
                  >
                    {n === 1 ? t("terminal.pay.whole") : t("terminal.pay.divide", { count: n })}
                  </Button>
                ))}
                <Button
                  onClick={() => start({ ways: stepWays(ways, -1) })}
                  disabled={ways === 1}
                  label={t("terminal.pay.fewerWays")}
                >
                  {t("terminal.chooser.minus")}
                </Button>
                <span class="ways">{ways}</span>
                <Button
                  onClick={() => start({ ways: stepWays(ways, 1) })}
                  disabled={ways === MAX_WAYS}
                  label={t("terminal.pay.moreWays")}
                >
                  {t("terminal.chooser.plus")}
                </Button>
                {ways > 1 && (
                  <span class="share">{t("terminal.pay.eachShare", { count: ways, share: money(share) })}</span>
                )}
              </div>
              <div class="choices" role="group" aria-label={t("terminal.pay.method")}>
                {!!readers?.readers.length && (
                  <Button pressed={method === "READER"} onClick={() => start({ method: "READER" })}>
                    {t("terminal.pay.reader")}
                  </Button>
                )}
                <Button pressed={method === "CARD"} onClick={() => start({ method: "CARD" })}>
                  {t("terminal.pay.card")}
                </Button>
                <Button pressed={method === "CASH"} onClick={() => start({ method: "CASH" })}>
                  {t("terminal.pay.cash")}
                </Button>
              </div>
              <div class="choices pay-fields" role="group" aria-label={t("terminal.pay.keypadEnters")}>
                {method === "CASH" && entry("given", t("terminal.pay.guestGave"), money(given))}
                {entry("amount", t("terminal.pay.amountToPay"), money(part))}
                {method === "CARD" && entry("tipAmount", t("terminal.tip.amount"), money(tip))}
                {method === "CARD" &&
                  entry("tipPercent", t("terminal.pay.tipPercent"), tipPercentShown(tipTyped, tipPercent))}
              </div>
              {method === "READER" && readers ? (
                <ReaderCharge
                  orderId={order.id}
                  amount={part}
                  balance={balance}
                  readers={readers.readers}
                  first={readers.first}
                  money={money}
                  onStarted={() => setOnReader(true)}
                  onPaid={(after) => {
                    void outbox.seen(after);
                    paid(part, after);
                  }}
                />
              ) : method === "CARD" ? (
                <div class="pay-card">
                  <div class="choices" role="group" aria-label={t("terminal.closed.tip")}>
                    {TIPS.map((percent) => (
                      <Button
                        key={percent}
                        pressed={tipTyped === null && tipPercent === percent}
                        onClick={() => {
                          setTipPercent(percent);
                          setTipTyped(null);
                        }}
                        label={percent ? t("terminal.pay.tipPreset", { percent }) : t("terminal.pay.noTip")}
                      >
                        {percent
                          ? t("terminal.pay.tipPresetShown", { percent, tip: money(tipFor(part, percent)) })
                          : t("terminal.pay.noTip")}
                      </Button>
                    ))}
                  </div>
                  <label>
                    {t("terminal.pay.lastFour")}
                    <input
                      inputMode="numeric"
                      maxLength={4}
                      value={lastFour}
                      onInput={(e) => setLastFour(e.currentTarget.value.replace(/\D/g, ""))}
                    />
                  </label>
                  {!online && (
                    <p class="needs-server" data-testid="needs-server">
                      {t("terminal.pay.cardNeedsServer")}
                    </p>
                  )}
                  <Button tone="accent" disabled={lastFour.length !== 4 || !online} onClick={() => once(payCard)}>
                    {t("terminal.pay.chargeCard", { amount: money(part + tip) })}
                  </Button>
                </div>
              ) : (
                <div class="pay-cash">
                  {due !== part && (
                    <p class="cash-due">
                      {rich("terminal.pay.cashDue", {
                        due: money(due),
                        part: money(part),
                        strong: (chunks) => <strong>{chunks}</strong>,
                      })}
                    </p>
                  )}
                  <div class="choices" role="group" aria-label={t("terminal.pay.cashTendered")}>
                    {quickTenders(due).map((amount, i) => (
                      <Button
                        key={amount}
                        pressed={given === amount}
                        onClick={() => setGivenTyped(amount)}
                        label={
                          i === 0
                            ? t("terminal.pay.exact", { amount: money(amount) })
                            : t("terminal.pay.tendered", { amount: money(amount) })
                        }
                      >
                        {i === 0 ? t("terminal.pay.exact", { amount: money(amount) }) : money(amount)}
                      </Button>
                    ))}
                  </div>
                  <p class="change-preview">
                    {rich("terminal.pay.changePreview", {
                      amount: money(tender.change),
                      strong: (chunks) => <strong>{chunks}</strong>,
                    })}
                  </p>
                  <Button tone="accent" disabled={tender.pays <= 0 && !tender.settles} onClick={() => once(payCash)}>
                    {t("terminal.pay.takeCash", { amount: money(tender.pays) })}
                  </Button>
                </div>
              )}
              {left > 0 && <p class="pay-left">{t("terminal.pay.leaves", { amount: money(left) })}</p>}
            </>
          ) : answering ? (
            <p class="pay-answering" role="status">
              {t("terminal.pay.taking")}
            </p>
          ) : (
            <div class="choices">
              <Button tone="accent" onClick={complete}>
                {t("terminal.pay.complete")}
              </Button>
              <Button onClick={() => setShowingReceipt(true)}>{t("terminal.closed.receipt")}</Button>
            </div>
          )}
        </div>
        {balance > 0 && <Keypad onKey={press} />}
      </div>
    </Sheet>
  );
}

function Receipt(props: {
  order: Order;
  /** Cash to hand back, in large type: the person must see it. */
  change: Cents | null;
  money: (cents: Cents) => string;
  onReceipt: () => void;
  onDone: () => void;
}) {
  const { order, money, change } = props;
  return (
    <Sheet title={t("terminal.receipt.title", { number: order.orderNumber })} onClose={props.onDone}>
      <div class="receipt">
        <p class="paid">
          {order.tableName
            ? t("terminal.pay.paidAt", { where: t("terminal.where.table", { table: order.tableName }) })
            : t("terminal.pay.paidType", { type: order.orderType })}
        </p>
        {!!change && (
          <p class="change change-big" role="status">
            {rich("terminal.pay.changeToGive", {
              amount: money(change),
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
        )}
        <ul>
          {order.items
            .filter((item) => item.status !== "VOIDED")
            .map((item) => (
              <li key={item.id}>
                <span>{t("terminal.line.quantity", { quantity: item.quantity, name: item.name })}</span>
                <span>{money(toCents(item.total))}</span>
              </li>
            ))}
        </ul>
        <PaidTotals order={order} money={money} />
        {order.taxMode === "INCLUSIVE" && order.taxes.length > 0 && <VatBlock order={order} money={money} />}
        <div class="choices">
          <Button onClick={props.onReceipt} label={t("terminal.pay.showReceipt")}>
            {t("terminal.closed.receipt")}
          </Button>
          <Button tone="accent" onClick={props.onDone}>
            {t("terminal.done")}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}

/** Per rate: its rate, net, VAT and gross (a VAT receipt's legal minimum in the EU). */
export function VatBlock(props: { order: Order; money: (cents: Cents) => string }) {
  const { money } = props;
  return (
    <table class="vat-block" aria-label={t("terminal.vat")}>
      <thead>
        <tr>
          <th scope="col">{t("terminal.vat")}</th>
          <th scope="col">{t("terminal.vat.net")}</th>
          <th scope="col">{t("terminal.vat.tax")}</th>
          <th scope="col">{t("terminal.vat.gross")}</th>
        </tr>
      </thead>
      <tbody>
        {vatRows(props.order).map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{money(row.net)}</td>
            <td>{money(row.tax)}</td>
            <td>{money(row.gross)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
