// A server's checkout for today (GET /api/staff/{id}/checkout): sales, orders, tips, the cash
// they hold, card total, their open checks with a warning, and Clock out while clocked in.

import { formatMoney, toCents } from "../../shared/money";
import type { Schemas } from "../../shared/api/client";
import { Button } from "../../shared/ui";
import { openChecksWarning } from "./money";
import { t } from "../messages";

export type CheckoutFigures = Schemas["CheckoutOut"];

export function Checkout(props: {
  checkout: CheckoutFigures;
  clockedIn: boolean;
  busy: boolean;
  onClockOut: () => void;
}) {
  const { checkout } = props;
  const money = (amount: number) => formatMoney(toCents(amount), checkout.currency);
  const warning = openChecksWarning(checkout.openChecks.length);
  const rows: [string, string][] = [
    [t("terminal.checkout.sales"), money(checkout.sales)],
    [t("terminal.checkout.orders"), String(checkout.orderCount)],
    [t("terminal.checkout.cardTips"), money(checkout.cardTips)],
    [t("terminal.checkout.cashTips"), money(checkout.cashTips)],
    [t("terminal.checkout.cashHeld"), money(checkout.cashHeld)],
    [t("terminal.checkout.cardTotal"), money(checkout.cardTotal)],
  ];
  return (
    <div class="till-checkout">
      <dl class="till-figures">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {warning && (
        <p class="error" role="alert">
          {warning}
        </p>
      )}
      {checkout.openChecks.length > 0 && (
        <ul class="till-open-checks" aria-label={t("terminal.checkout.openChecks")}>
          {checkout.openChecks.map((check) => (
            <li key={check.id}>
              {check.tableName
                ? t("terminal.checkout.openCheckAt", {
                    number: check.number,
                    table: check.tableName,
                    balance: money(check.balance),
                  })
                : t("terminal.checkout.openCheck", { number: check.number, balance: money(check.balance) })}
            </li>
          ))}
        </ul>
      )}
      {props.clockedIn ? (
        <Button tone="accent" onClick={props.onClockOut} disabled={props.busy}>
          {t("terminal.checkout.clockOut")}
        </Button>
      ) : (
        <p class="hint">{t("terminal.checkout.notClockedIn")}</p>
      )}
    </div>
  );
}
