// The round before it is sent: each line with its choices and note, one more or one less,
// the total, and "Send order" (or the page's own action); a refusal stays here in the server's
// words.

import { Sheet } from "../shared/ui";
import { type BasketLine, basketTotals } from "./basket";
import { listOf } from "./Menu";
import { t } from "./messages";
import { MINUS, PLUS } from "./ProductSheet";

export function Review(props: {
  lines: BasketLine[];
  money: (cents: number) => string;
  sending: boolean;
  refusal: string | null;
  onChange: (key: string, by: number) => void;
  onSend: () => void;
  onClose: () => void;
  /** The action's words where it is not "Send order" (the ordering page's "Checkout"). */
  action?: string;
}) {
  const { lines, money } = props;
  const totals = basketTotals(lines);
  return (
    <Sheet title={t("basket.heading")} onClose={props.onClose}>
      <div class="guest-sheet">
        {lines.length === 0 ? (
          <p class="hint">{t("basket.empty")}</p>
        ) : (
          <ul class="guest-lines" aria-label={t("basket.heading")}>
            {lines.map((line) => (
              <li key={line.key} class="guest-review-line">
                <div class="guest-line-top">
                  <span class="guest-line-name">{t("basket.line", { quantity: line.quantity, name: line.name })}</span>
                  <span class="guest-amount">{money(line.unitPrice * line.quantity)}</span>
                </div>
                {line.options.length > 0 && <p class="hint">{listOf(line.options)}</p>}
                {line.notes && <p class="hint">{t("basket.note", { note: line.notes })}</p>}
                <div class="guest-stepper">
                  <button
                    type="button"
                    class="btn"
                    aria-label={t("basket.lessOf", { name: line.name })}
                    onClick={() => props.onChange(line.key, -1)}
                  >
                    {MINUS}
                  </button>
                  <output>{line.quantity}</output>
                  <button
                    type="button"
                    class="btn"
                    aria-label={t("basket.moreOf", { name: line.name })}
                    onClick={() => props.onChange(line.key, 1)}
                  >
                    {PLUS}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p class="guest-total">
          <span>{t("basket.total")}</span>
          <span>{money(totals.total)}</span>
        </p>
        {props.refusal && (
          <p class="error" role="alert">
            {props.refusal}
          </p>
        )}
        <div class="guest-sheet-actions">
          <button
            type="button"
            class="btn btn-accent guest-add"
            disabled={lines.length === 0 || props.sending}
            onClick={props.onSend}
          >
            {props.sending ? t("basket.sending") : (props.action ?? t("basket.send"))}
          </button>
        </div>
      </div>
    </Sheet>
  );
}

/** The basket at the foot of the menu, what it holds and comes to; a tap opens it. Nothing
 * while it is empty. */
export function BasketButton(props: { lines: BasketLine[]; money: (cents: number) => string; onOpen: () => void }) {
  const totals = basketTotals(props.lines);
  if (totals.count === 0) return null;
  const summary = t("basket.summary", { count: totals.count, total: props.money(totals.total) });
  return (
    <button
      type="button"
      class="btn btn-accent guest-basket"
      aria-label={t("basket.open", { summary })}
      onClick={props.onOpen}
    >
      <span>{summary}</span>
      <span>{t("basket.review")}</span>
    </button>
  );
}
