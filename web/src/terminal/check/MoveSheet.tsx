// Move from a check (docs/design.md §5): the whole check to a free table (through the outbox,
// offline too, as before), some of its lines to another open check or to a free table (a
// check opens there first), or another open check merged into this one. Moving lines and
// merging go straight to the server: they need it, and nothing is sent to the kitchen again.

import { useEffect, useState } from "preact/hooks";
import { randomUuid } from "../../shared/api/client";
import { cancelOrder, createOrder, listOrders, mergeOrders, moveItems } from "../../shared/api/orders";
import { formatMoney, toCents } from "../../shared/money";
import type { Order, OrderSummary, Table } from "../../shared/types";
import { Button, Sheet } from "../../shared/ui";
import { useTerminal } from "../context";
import { namesIn } from "../problems";
import {
  moveAction,
  movableLines,
  type OpenCheck,
  otherChecks,
  refusalInWords,
  type Target,
  targets,
  whatMoves,
  whyNot,
} from "./move";
import type { Check } from "./state";
import { t } from "../messages";

type Step = "choose" | "items" | "merge";

export function MoveSheet(props: { check: Check; order: Order; freeTables: Table[]; onClose: () => void }) {
  const { api, online, outbox, locationId } = useTerminal();
  const { check, order } = props;
  const [step, setStep] = useState<Step>("choose");
  // The location's open checks, read when a step needs them (null: not read yet).
  const [listed, setListed] = useState<OrderSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const blocked = whyNot(online, check.waiting);

  useEffect(() => {
    if (step === "choose") return;
    listOrders(api, { locationId, status: ["DRAFT", "OPEN"], limit: 100 })
      .then((page) => setListed(page.data))
      .catch((failure) => setError(refusalInWords(failure)));
  }, [step, api, locationId]);

  /** Makes the change on the server; its answers are what the tablet shows of both checks. */
  const change = async (make: () => Promise<{ orders: Order[] }>) => {
    setBusy(true);
    setError(null);
    try {
      const { orders } = await make();
      await Promise.all(orders.map((changed) => outbox.seen(changed)));
      props.onClose();
    } catch (failure) {
      setError(refusalInWords(failure, namesIn(order)));
    } finally {
      setBusy(false);
    }
  };
  const options = { ifMatch: order.version };

  const moveTo = (itemIds: string[], target: Target) =>
    change(async () => {
      if (target.kind === "check") return moveItems(api, order.id, { itemIds, toOrderId: target.orderId }, options);
      // A check opened at the free table for the lines; refused, it is not left there empty.
      const opened = await createOrder(api, locationId, {
        id: randomUuid(),
        orderType: "DINE_IN",
        tableId: target.tableId,
      });
      try {
        return await moveItems(api, order.id, { itemIds, toOrderId: opened.id }, options);
      } catch (failure) {
        await cancelOrder(api, opened.id, t("terminal.move.cancelReason")).catch(() => undefined);
        throw failure;
      }
    });
  const merge = (other: OpenCheck) => change(() => mergeOrders(api, order.id, { orderId: other.orderId }, options));

  return (
    <Sheet
      title={t("terminal.move.title", { number: order.orderNumber })}
      onClose={props.onClose}
      wide={step === "items"}
    >
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {step === "choose" && (
        <>
          <h3>{t("terminal.move.toFreeTable")}</h3>
          <p class="hint">{t("terminal.move.whole")}</p>
          {props.freeTables.length === 0 && <p>{t("terminal.move.noFreeTable")}</p>}
          <div class="choices">
            {props.freeTables.map((table) => (
              <Button
                key={table.id}
                onClick={() => {
                  props.onClose();
                  check.transfer(table.id, table.name);
                }}
                label={t("terminal.move.toTable", { table: table.name })}
              >
                {table.name}
              </Button>
            ))}
          </div>
          <h3>{t("terminal.move.between")}</h3>
          {blocked && <p class="notice">{blocked}</p>}
          <div class="choices">
            <Button disabled={blocked !== null || movableLines(order).length === 0} onClick={() => setStep("items")}>
              {t("terminal.move.items")}
            </Button>
            <Button disabled={blocked !== null} onClick={() => setStep("merge")}>
              {t("terminal.move.merge")}
            </Button>
          </div>
        </>
      )}
      {step === "items" && (
        <ItemsStep
          order={order}
          targets={listed && targets(order.id, listed, props.freeTables)}
          busy={busy || blocked !== null}
          onMove={moveTo}
        />
      )}
      {step === "merge" && (
        <MergeStep checks={listed && otherChecks(order.id, listed)} busy={busy || blocked !== null} onMerge={merge} />
      )}
    </Sheet>
  );
}

/** Lines picked, then where they go. */
function ItemsStep(props: {
  order: Order;
  targets: Target[] | null;
  busy: boolean;
  onMove: (itemIds: string[], target: Target) => void;
}) {
  const { order } = props;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<Target | null>(null);
  const money = (cents: number) => formatMoney(cents, order.currency);
  const toggle = (itemId: string) => {
    const next = new Set(chosen);
    if (!next.delete(itemId)) next.add(itemId);
    setChosen(next);
  };
  const moves = whatMoves(order, chosen);
  return (
    <>
      <h3>{t("terminal.move.lines")}</h3>
      <div class="choices" role="group" aria-label={t("terminal.move.lines")}>
        {movableLines(order).map((item) => (
          <Button key={item.id} pressed={chosen.has(item.id)} onClick={() => toggle(item.id)}>
            {t("terminal.move.line", {
              line: t("terminal.line.quantity", { quantity: item.quantity, name: item.name }),
              total: money(toCents(item.total)),
            })}
          </Button>
        ))}
      </div>
      <p class="hint">
        {moves.itemIds.length === 0
          ? t("terminal.move.tapLines")
          : t("terminal.move.moving", { moving: money(moves.moving), left: money(moves.left) })}
      </p>
      <h3>{t("terminal.move.to")}</h3>
      {props.targets === null && <p>{t("terminal.move.reading")}</p>}
      {props.targets?.length === 0 && <p>{t("terminal.move.noTarget")}</p>}
      <div class="choices" role="group" aria-label={t("terminal.move.moveTo")}>
        {props.targets?.map((choice) => (
          <Button key={choice.label} pressed={choice.label === target?.label} onClick={() => setTarget(choice)}>
            {choice.label}
          </Button>
        ))}
      </div>
      <Button
        tone="accent"
        disabled={props.busy || moves.itemIds.length === 0 || target === null}
        onClick={() => target && props.onMove(moves.itemIds, target)}
      >
        {moveAction(moves.itemIds.length)}
      </Button>
    </>
  );
}

/** Another open check picked, then confirmed. */
function MergeStep(props: { checks: OpenCheck[] | null; busy: boolean; onMerge: (other: OpenCheck) => void }) {
  const [other, setOther] = useState<OpenCheck | null>(null);
  return (
    <>
      <h3>{t("terminal.move.mergeTitle")}</h3>
      <p class="hint">{t("terminal.move.mergeHint")}</p>
      {props.checks === null && <p>{t("terminal.move.reading")}</p>}
      {props.checks?.length === 0 && <p>{t("terminal.move.noOther")}</p>}
      <div class="choices" role="group" aria-label={t("terminal.move.checkToMerge")}>
        {props.checks?.map((choice) => (
          <Button key={choice.orderId} pressed={choice.orderId === other?.orderId} onClick={() => setOther(choice)}>
            {choice.label}
          </Button>
        ))}
      </div>
      {other && (
        <Button tone="accent" disabled={props.busy} onClick={() => props.onMerge(other)}>
          {t("terminal.move.mergeDo", { number: other.orderNumber })}
        </Button>
      )}
    </>
  );
}
