// The split sheet (docs/design.md §14): by seat, by items, or a line shared in parts. Each asks
// the server at once (online only: Split is offered only then, rules.ts) and keeps the orders
// it answers, so the check and the table's other checks show them without another read.

import { useState } from "preact/hooks";
import { shareItem, splitOrder } from "../../../shared/api/orders";
import type { Schemas } from "../../../shared/api/client";
import type { Order } from "../../../shared/types";
import { Button, Sheet } from "../../../shared/ui";
import { inWords, namesIn } from "../../problems";
import { useTerminal } from "../../context";
import { ByItems } from "./ByItems";
import { BySeat } from "./BySeat";
import { ShareLine } from "./ShareLine";
import { t } from "../../messages";

type Mode = "seat" | "items" | "share";
const MODES: [Mode, () => string][] = [
  ["seat", () => t("terminal.split.bySeat")],
  ["items", () => t("terminal.split.byItems")],
  ["share", () => t("terminal.split.share")],
];

export function SplitSheet(props: { order: Order; onClose: () => void; onSplit: () => void }) {
  const { api, outbox, currency } = useTerminal();
  const { order } = props;
  const [mode, setMode] = useState<Mode>("seat");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const money = order.currency ?? currency;

  // One request at a time, against the version on screen (a change elsewhere: 412, in words).
  const ask = async <T,>(call: () => Promise<T>, keep: (answer: T) => Order[]): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const orders = keep(await call());
      await Promise.all(orders.map((changed) => outbox.seen(changed)));
      return true;
    } catch (failure) {
      setError(inWords(failure, namesIn(order)));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const split = async (body: Schemas["SplitRequest"]) => {
    const done = await ask(
      () => splitOrder(api, order.id, body, { ifMatch: order.version }),
      (answer) => answer.orders,
    );
    if (done) props.onSplit();
  };
  const share = async (itemId: string, parts: number) => {
    const done = await ask(
      () => shareItem(api, order.id, itemId, parts, { ifMatch: order.version }),
      (answer) => [answer],
    );
    // The parts are lines of this check now, ready to go to a new one.
    if (done) setMode("items");
  };

  return (
    <Sheet title={t("terminal.split.title", { number: order.orderNumber })} onClose={props.onClose} wide>
      <div class="choices segmented" role="group" aria-label={t("terminal.split.how")}>
        {MODES.map(([value, label]) => (
          <Button key={value} pressed={mode === value} onClick={() => setMode(value)}>
            {label()}
          </Button>
        ))}
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {mode === "seat" && <BySeat order={order} currency={money} busy={busy} onSplit={() => split({ bySeat: true })} />}
      {mode === "items" && <ByItems order={order} currency={money} busy={busy} onSplit={(items) => split({ items })} />}
      {mode === "share" && <ShareLine order={order} currency={money} busy={busy} onShare={share} />}
    </Sheet>
  );
}
