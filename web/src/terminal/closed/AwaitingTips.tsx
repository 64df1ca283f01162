// Today's card payments with no tip yet ("Awaiting tip" in Paid today), on open and completed
// checks of the location, newest first: what a server tips from the signed slips at the end of
// a shift. Each row opens the tip keypad (TipSheet); once the tip is in, the list is read
// again and the row goes.

import { useState } from "preact/hooks";
import { type Cents, formatMoney, toCents } from "../../shared/money";
import type { SettledPayment } from "../../shared/types";
import { Button } from "../../shared/ui";
import { inWords } from "../problems";
import { ManagerApproval } from "../check/ManagerApproval";
import { useTerminal } from "../context";
import { whereOf } from "../names";
import { useManagerGate } from "./manager";
import { Outcome } from "./Outcome";
import { TipSheet } from "./TipSheet";
import { enterTip } from "./tipping";
import { t } from "../messages";

export function AwaitingTips(props: { payments: SettledPayment[]; onTipped: () => void }) {
  const { api, staff } = useTerminal();
  const gate = useManagerGate(staff.role);
  const [chosen, setChosen] = useState<SettledPayment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function tip(payment: SettledPayment, cents: Cents) {
    setChosen(null);
    setError(null);
    setNotice(null);
    enterTip(api, gate, { orderId: payment.orderId, paymentId: payment.id }, cents, {
      entered: async () => {
        setNotice(
          t("terminal.tip.enteredOn", { tip: formatMoney(cents, payment.currency), number: payment.orderNumber }),
        );
        props.onTipped();
      },
      refused: (failure) => setError(inWords(failure)),
    });
  }

  return (
    <div role="tabpanel" aria-label={t("terminal.closed.awaitingTab")} class="awaiting-tip">
      <Outcome notice={notice} error={error} />
      {props.payments.length === 0 && <p class="hint">{t("terminal.tip.allDone")}</p>}
      <ul class="closed-checks">
        {props.payments.map((payment) => (
          <li key={payment.id} class="awaiting-row">
            <strong>{payment.orderNumber}</strong>
            <span>{whereOf(payment)}</span>
            <span>{formatMoney(toCents(payment.amount), payment.currency)}</span>
            <span>{t("terminal.card.last4", { last4: payment.cardLastFour ?? "" })}</span>
            <Button
              tone="accent"
              onClick={() => setChosen(payment)}
              label={t("terminal.tip.addTo", { number: payment.orderNumber })}
            >
              {t("terminal.tip.add")}
            </Button>
          </li>
        ))}
      </ul>
      {chosen && (
        <TipSheet
          payment={chosen}
          money={(cents) => formatMoney(cents, chosen.currency)}
          onClose={() => setChosen(null)}
          onTip={(cents) => tip(chosen, cents)}
        />
      )}
      {gate.pending && <ManagerApproval pending={gate.pending} onCancel={gate.cancel} />}
    </div>
  );
}
