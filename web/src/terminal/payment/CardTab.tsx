// A bar tab on a card (docs/design.md §27): the guest's card tapped on the reader and held up
// to a limit while the tab runs; closing the tab takes its balance and the guest's tip from
// that card (the server asks the bank for more when the tab outgrew the hold), and releasing
// lets the card go. The server records the payment once; the sheet reads the order again.

import { useEffect, useState } from "preact/hooks";
import { cancelCardCheckout, captureCardHold, holdCard, listCardCheckouts } from "../../shared/api/cards";
import { type Cents, fromCents, tipFor, toCents } from "../../shared/money";
import type { Order } from "../../shared/types";
import { Button } from "../../shared/ui";
import { inWords } from "../../shared/words";
import { useTerminal } from "../context";
import { t } from "../messages";
import { type CardCheckout, type Reader, TAB_LIMITS, awaitsAnswer, currentTab } from "./reader";
import { useFollowed } from "./useFollowed";

const TAB_TIPS = [0, 10, 15, 20];
const TAB_FOLLOWED = { answering: awaitsAnswer, paid: "CAPTURED" } as const;

/** `balance`: what closing the tab takes without the tip. `onClosing`: the tab is being closed
 * on the card (the server settles the check). `onPaid`: the order once the tab's card paid it. */
export function CardTab(props: {
  orderId: string;
  balance: Cents;
  reader: Reader | null;
  money: (cents: Cents) => string;
  onClosing: () => void;
  onPaid: (order: Order) => void;
}) {
  const { api } = useTerminal();
  const { orderId, onPaid, money, reader } = props;
  const [tab, setTab] = useState<CardCheckout | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tipPercent, setTipPercent] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    listCardCheckouts(api, orderId)
      .then((found) => live && setTab(currentTab(found)))
      .catch((failure) => live && setError(inWords(failure)));
    return () => {
      live = false;
    };
  }, [api, orderId]);

  // Followed while the reader or the bank has to answer; a capture taken reads the order.
  useFollowed(tab, TAB_FOLLOWED, setTab, setError, onPaid);

  async function act(asked: () => Promise<CardCheckout>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setTab(await asked());
    } catch (failure) {
      setError(inWords(failure));
    } finally {
      setBusy(false);
    }
  }

  const tip = tipFor(props.balance, tipPercent);
  const live = tab !== null && !["CAPTURED", "RELEASED", "DECLINED", "CANCELED", "TIMED_OUT"].includes(tab.status);
  return (
    <div class="pay-tab" role="group" aria-label={t("terminal.tab.title")}>
      <h3>{t("terminal.tab.title")}</h3>
      {tab && <TabState tab={tab} money={money} />}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!live && reader && (
        <div class="choices" role="group" aria-label={t("terminal.tab.holdFor")}>
          {TAB_LIMITS.map((limit) => (
            <Button
              key={limit}
              disabled={busy}
              onClick={() => act(() => holdCard(api, orderId, { readerId: reader.id, amount: fromCents(limit) }))}
            >
              {t("terminal.tab.hold", { amount: money(limit) })}
            </Button>
          ))}
        </div>
      )}
      {tab?.status === "HELD" && (
        <>
          <div class="choices" role="group" aria-label={t("terminal.closed.tip")}>
            {TAB_TIPS.map((percent) => (
              <Button key={percent} pressed={tipPercent === percent} onClick={() => setTipPercent(percent)}>
                {percent
                  ? t("terminal.pay.tipPresetShown", { percent, tip: money(tipFor(props.balance, percent)) })
                  : t("terminal.pay.noTip")}
              </Button>
            ))}
          </div>
          <div class="choices">
            <Button
              tone="accent"
              disabled={busy || props.balance <= 0}
              onClick={() => {
                props.onClosing();
                void act(() => captureCardHold(api, tab.id, { tip: fromCents(tip) }));
              }}
            >
              {t("terminal.tab.close", { amount: money(props.balance), tip: money(tip) })}
            </Button>
            <Button tone="danger" disabled={busy} onClick={() => act(() => cancelCardCheckout(api, tab.id))}>
              {t("terminal.tab.release")}
            </Button>
          </div>
        </>
      )}
      {tab && (tab.status === "PENDING" || tab.status === "WAITING_FOR_CARD") && (
        <Button
          tone="danger"
          disabled={busy || tab.cancelRequested}
          onClick={() => act(() => cancelCardCheckout(api, tab.id))}
        >
          {t("terminal.reader.cancel")}
        </Button>
      )}
    </div>
  );
}

function TabState(props: { tab: CardCheckout; money: (cents: Cents) => string }) {
  const { tab, money } = props;
  const card = [tab.cardBrand, tab.cardLastFour].filter(Boolean).join(" ");
  const held = money(toCents(tab.heldAmount ?? tab.amount));
  const words = (() => {
    switch (tab.status) {
      case "PENDING":
      case "WAITING_FOR_CARD":
        return t("terminal.tab.waiting", { amount: held });
      case "HELD":
        return t("terminal.tab.held", { card, amount: held });
      case "CAPTURING":
        return t("terminal.tab.capturing", { card });
      case "CAPTURED":
        return t("terminal.tab.captured", { card, amount: money(toCents(tab.amount)), tip: money(toCents(tab.tip)) });
      case "RELEASING":
      case "RELEASED":
        return t("terminal.tab.released", { card });
      default:
        return t("terminal.tab.notHeld", { reason: tab.reason ?? "" });
    }
  })();
  const failed = ["DECLINED", "CANCELED", "TIMED_OUT", "REFUNDED"].includes(tab.status);
  return (
    <>
      <p
        class={failed ? "reader-state error" : "reader-state"}
        role={failed ? "alert" : "status"}
        data-status={tab.status}
      >
        {words}
      </p>
      {tab.status === "HELD" && tab.reason && (
        <p class="error" role="alert">
          {t("terminal.tab.refused", { reason: tab.reason })}
        </p>
      )}
    </>
  );
}
