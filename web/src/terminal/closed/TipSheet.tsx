// A card payment's tip after the guest signed: typed on the payment keypad (amounts.ts), saved
// as the payment's tip (the approval ratio applies, as when paying).

import { useState } from "preact/hooks";
import { type Cents, toCents } from "../../shared/money";
import type { Payment } from "../../shared/types";
import { Button, Sheet } from "../../shared/ui";
import { type Key, MAX_TYPED, pressKey } from "../payment/amounts";
import { Keypad } from "../payment/Keypad";
import { t } from "../messages";

export function TipSheet(props: {
  payment: Pick<Payment, "amount" | "tipAmount" | "cardLastFour">;
  money: (cents: Cents) => string;
  onClose: () => void;
  onTip: (cents: Cents) => void;
}) {
  const { payment, money } = props;
  const [typed, setTyped] = useState<Cents | null>(null);
  const tip = typed ?? toCents(payment.tipAmount);
  return (
    <Sheet title={t("terminal.tip.title", { last4: payment.cardLastFour ?? "" })} onClose={props.onClose} wide>
      <div class="pay pay-keyed">
        <div class="pay-main">
          <div class="pay-balance">
            <span>{t("terminal.closed.tip")}</span>
            <strong aria-label={t("terminal.tip.amount")}>{money(tip)}</strong>
            <span>{t("terminal.tip.on", { amount: money(toCents(payment.amount)) })}</span>
          </div>
          <div class="choices">
            <Button onClick={() => setTyped(null)} disabled={typed === null} label={t("terminal.tip.undoLabel")}>
              {t("terminal.tip.undo")}
            </Button>
            <Button tone="accent" onClick={() => props.onTip(tip)}>
              {t("terminal.tip.save", { tip: money(tip) })}
            </Button>
          </div>
        </div>
        <Keypad onKey={(key: Key) => setTyped(pressKey(typed, key, MAX_TYPED) ?? 0)} />
      </div>
    </Sheet>
  );
}
