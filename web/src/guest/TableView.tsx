// The table's check as the guests see it (its lines with their state, its totals) and the
// rounds this phone ordered, each with its state and, when declined or refused, why.

import { locale } from "../shared/i18n";
import { toCents } from "../shared/money";
import { t } from "./messages";
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

const timeOf = (at: string) =>
  new Intl.DateTimeFormat(locale(), { hour: "2-digit", minute: "2-digit" }).format(new Date(at));

export function TableView(props: { visit: Visit; money: (cents: number) => string }) {
  const { visit, money } = props;
  const check = visit.check;
  const amount = (value: number) => money(toCents(value));
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
    </>
  );
}

function RoundCard(props: { round: Round; amount: (value: number) => string }) {
  const { round, amount } = props;
  const title = t("round.title", { time: timeOf(round.placedAt) });
  return (
    <li class="visit-round">
      <article aria-label={title}>
        <div class="guest-line-top">
          <h3>{title}</h3>
          <span class={`guest-chip guest-chip-${ROUND_TONE[round.status]}`}>{t(`round.${round.status}` as const)}</span>
        </div>
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
      </article>
    </li>
  );
}
