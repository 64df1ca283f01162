// The table's check as the guests see it (its lines with their state, its totals, what is paid
// and still to pay), the rounds this phone ordered, each with its state and, when declined or
// refused, why, and the payments made from it.

import type { ComponentChildren } from "preact";
import { locale } from "../shared/i18n";
import { toCents } from "../shared/money";
import { t } from "./messages";
import { type GuestPayment, type PaymentStatus, statusOf } from "./pay";
import type { Visit } from "./visit";

type Round = Visit["rounds"][number];
type Line = NonNullable<Visit["check"]>["lines"][number];

// Each state's colour (screens.md): amber waits, green is done, red is refused.
const ITEM_TONE: Record<Line["status"], string> = {
  PENDING: "amber",
  SENT: "plain",
  PREPARING: "plain",
  READY: "green",
  SERVED: "green",
  VOIDED: "red",
};
const ROUND_TONE: Record<Round["status"], string> = {
  WAITING: "amber",
  SENT: "green",
  DECLINED: "red",
  REFUSED: "red",
};
const PAYMENT_TONE: Record<PaymentStatus, string> = {
  PENDING: "amber",
  WAITING_FOR_CARD: "amber",
  SUCCEEDED: "green",
  DECLINED: "red",
  CANCELED: "plain",
  TIMED_OUT: "plain",
  REFUNDED: "red",
};

const timeOf = (at: string) =>
  new Intl.DateTimeFormat(locale(), { hour: "2-digit", minute: "2-digit" }).format(new Date(at));

export function TableView(props: { visit: Visit; money: (cents: number) => string }) {
  const { visit, money } = props;
  const check = visit.check;
  const amount = (value: number) => money(toCents(value));
  const payments = visit.payments;
  return (
    <>
      <section class="guest-section" aria-labelledby="check-heading">
        <h2 id="check-heading">{t("check.heading")}</h2>
        {!check ? (
          <p class="hint">{t("check.none")}</p>
        ) : (
          <>
            <p class="hint">{t("check.number", { number: check.orderNumber })}</p>
            <ul class="guest-lines" aria-label={t("check.heading")}>
              {check.lines.map((line, place) => (
                <li key={place} class="guest-check-line">
                  <span class="guest-line-name">{t("basket.line", { quantity: line.quantity, name: line.name })}</span>
                  <span class={`guest-chip guest-chip-${ITEM_TONE[line.status]}`}>
                    {t(`item.${line.status}` as const)}
                  </span>
                  <span class="guest-amount">{amount(line.total)}</span>
                </li>
              ))}
            </ul>
            <dl class="guest-totals">
              <dt>{t("check.subtotal")}</dt>
              <dd>{amount(check.subtotal)}</dd>
              <dt>{t("check.total")}</dt>
              <dd>{amount(check.total)}</dd>
              {check.paid > 0 && (
                <>
                  <dt>{t("check.paid")}</dt>
                  <dd>{amount(check.paid)}</dd>
                </>
              )}
              <dt class="guest-due">{t("check.due")}</dt>
              <dd class="guest-due">{amount(check.balanceDue)}</dd>
            </dl>
            {check.balanceDue === 0 && check.paid > 0 && <p class="guest-all-paid">{t("check.allPaid")}</p>}
          </>
        )}
      </section>
      <section class="guest-section" aria-labelledby="rounds-heading">
        <h2 id="rounds-heading">{t("rounds.heading")}</h2>
        {visit.rounds.length === 0 ? (
          <p class="hint">{t("rounds.none")}</p>
        ) : (
          <ol class="visit-rounds" aria-label={t("rounds.heading")}>
            {[...visit.rounds].reverse().map((round) => (
              <RoundCard key={round.placedAt} round={round} amount={amount} />
            ))}
          </ol>
        )}
      </section>
      {payments.length > 0 && (
        <section class="guest-section" aria-labelledby="payments-heading">
          <h2 id="payments-heading">{t("payments.heading")}</h2>
          <ol class="visit-rounds" aria-label={t("payments.heading")}>
            {[...payments].reverse().map((payment) => (
              <PaymentCard key={payment.id} payment={payment} amount={amount} />
            ))}
          </ol>
        </section>
      )}
    </>
  );
}

function PaymentCard(props: { payment: GuestPayment; amount: (value: number) => string }) {
  const { payment, amount } = props;
  return (
    <Card heading={paymentHeading(payment)}>
      <ul class="visit-round-lines">
        <li>
          <span>{t("pay.amount")}</span>
          <span class="guest-amount">{amount(payment.amount)}</span>
        </li>
        <li>
          <span>{t("pay.tip")}</span>
          <span class="guest-amount">{amount(payment.tip)}</span>
        </li>
      </ul>
      {payment.cardBrand && payment.cardLastFour && (
        <p class="hint">{t("payment.card", { card: payment.cardBrand, lastFour: payment.cardLastFour })}</p>
      )}
      {payment.reason && <p class="guest-why">{t("round.reason", { reason: payment.reason })}</p>}
    </Card>
  );
}

/** A round's or a payment's card: when, its state in words and colour. */
interface Heading {
  title: string;
  tone: string;
  state: string;
}

const roundHeading = (round: Round): Heading => ({
  title: t("round.title", { time: timeOf(round.placedAt) }),
  tone: ROUND_TONE[round.status],
  state: t(`round.${round.status}` as const),
});

const paymentHeading = (payment: GuestPayment): Heading => ({
  title: t("payment.title", { time: timeOf(payment.createdAt) }),
  tone: PAYMENT_TONE[statusOf(payment)],
  state: t(`payment.${statusOf(payment)}` as const),
});

/** A round or a payment, under its heading, with what it holds. */
function Card(props: { heading: Heading; children: ComponentChildren }) {
  const { title, tone, state } = props.heading;
  return (
    <li class="visit-round">
      <article aria-label={title}>
        <div class="guest-line-top">
          <h3>{title}</h3>
          <span class={`guest-chip guest-chip-${tone}`}>{state}</span>
        </div>
        {props.children}
      </article>
    </li>
  );
}

function RoundCard(props: { round: Round; amount: (value: number) => string }) {
  const { round, amount } = props;
  return (
    <Card heading={roundHeading(round)}>
      {round.lines.length > 0 && (
        <ul class="visit-round-lines">
          {round.lines.map((line, place) => (
            <li key={place}>
              <span>{t("basket.line", { quantity: line.quantity, name: line.name })}</span>
              <span class="guest-amount">{amount(line.total)}</span>
            </li>
          ))}
        </ul>
      )}
      {round.reason && <p class="guest-why">{t("round.reason", { reason: round.reason })}</p>}
      <p class="visit-round-total">
        <span>{t("basket.total")}</span>
        <span>{amount(round.total)}</span>
      </p>
    </Card>
  );
}
