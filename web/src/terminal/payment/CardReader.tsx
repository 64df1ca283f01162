// The payment sheet's card reader: the charge shown on a reader, followed live until the card
// is taken, declined or the guest walks away (the checkout times out on the server and frees
// the reader), with Cancel meanwhile. The tip is the guest's, chosen on the reader. The card
// payment is recorded by the server once, however the reader's answer reaches it; the sheet
// only reads the order again.

import { useEffect, useState } from "preact/hooks";
import { cancelCardCheckout, listReaders, startCardCheckout } from "../../shared/api/cards";
import { currentDevice } from "../../shared/api/dining";
import { type Cents, fromCents, toCents } from "../../shared/money";
import type { Order } from "../../shared/types";
import { Button } from "../../shared/ui";
import { inWords } from "../../shared/words";
import { useTerminal } from "../context";
import { t } from "../messages";
import { CardTab } from "./CardTab";
import { type CardCheckout, type CheckoutStatus, firstReader, hasEnded, type Reader } from "./reader";
import { useFollowed } from "./useFollowed";

const CHARGE_FOLLOWED = { answering: (status: CheckoutStatus) => !hasEnded(status), paid: "SUCCEEDED" } as const;

/** The location's readers and the one this terminal charges on at first (null while loading:
 * the sheet shows no reader until it knows there is one). */
export function useReaders(): { readers: Reader[]; first: Reader | null } | null {
  const { api, locationId, online } = useTerminal();
  const [found, setFound] = useState<{ readers: Reader[]; first: Reader | null } | null>(null);
  useEffect(() => {
    if (!online) return;
    let live = true;
    Promise.all([listReaders(api, locationId), currentDevice(api).catch(() => null)])
      .then(([readers, device]) => live && setFound({ readers, first: firstReader(readers, device?.id ?? null) }))
      .catch(() => live && setFound({ readers: [], first: null }));
    return () => {
      live = false;
    };
  }, [api, locationId, online]);
  return found;
}

/** `amount`: what the charge takes without the tip; `balance`: what a tab's card closing the
 * check takes. `onPaid`: the order once the card paid (a check it settled may close first: the
 * sheet follows the order too). */
export function ReaderCharge(props: {
  orderId: string;
  amount: Cents;
  balance: Cents;
  readers: Reader[];
  first: Reader | null;
  money: (cents: Cents) => string;
  onStarted: () => void;
  onPaid: (order: Order) => void;
}) {
  const { api, online } = useTerminal();
  const { orderId, onPaid } = props;
  const [readerId, setReaderId] = useState<string | null>(props.first?.id ?? null);
  const [checkout, setCheckout] = useState<CardCheckout | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reader = props.readers.find((found) => found.id === readerId) ?? null;
  const open = checkout !== null && !hasEnded(checkout.status);

  // Followed while open; once it has ended, a card that paid reads the order again.
  useFollowed(checkout, CHARGE_FOLLOWED, setCheckout, setError, onPaid);

  async function charge() {
    if (!reader || busy) return;
    setBusy(true);
    setError(null);
    try {
      const started = await startCardCheckout(api, orderId, {
        readerId: reader.id,
        amount: fromCents(props.amount),
        tip: { mode: "ON_READER" },
      });
      setCheckout(started);
      props.onStarted();
    } catch (failure) {
      setError(inWords(failure));
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    if (!checkout) return;
    try {
      setCheckout(await cancelCardCheckout(api, checkout.id));
    } catch (failure) {
      setError(inWords(failure));
    }
  }

  if (!online) {
    return (
      <p class="needs-server" data-testid="needs-server">
        {t("terminal.reader.needsServer")}
      </p>
    );
  }
  return (
    <div class="pay-reader">
      {props.readers.length > 1 && (
        <label>
          {t("terminal.reader.which")}
          <select value={readerId ?? ""} disabled={open} onChange={(e) => setReaderId(e.currentTarget.value || null)}>
            <option value="">{t("terminal.reader.pick")}</option>
            {props.readers.map((found) => (
              <option key={found.id} value={found.id}>
                {found.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {checkout && <CheckoutState checkout={checkout} reader={reader} money={props.money} />}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {open ? (
        <Button tone="danger" onClick={cancel} disabled={checkout.cancelRequested}>
          {t("terminal.reader.cancel")}
        </Button>
      ) : (
        <Button tone="accent" disabled={!reader || busy || props.amount <= 0} onClick={charge}>
          {reader
            ? t("terminal.reader.charge", { amount: props.money(props.amount), reader: reader.name })
            : t("terminal.reader.pickFirst")}
        </Button>
      )}
      {!open && (
        <CardTab
          orderId={orderId}
          balance={props.balance}
          reader={reader}
          money={props.money}
          onClosing={props.onStarted}
          onPaid={onPaid}
        />
      )}
    </div>
  );
}

function CheckoutState(props: { checkout: CardCheckout; reader: Reader | null; money: (cents: Cents) => string }) {
  const { checkout, money } = props;
  const reader = props.reader?.name ?? "";
  const words = (() => {
    switch (checkout.status) {
      case "PENDING":
        return t("terminal.reader.pending", { reader });
      case "WAITING_FOR_CARD":
        return t("terminal.reader.waiting", { reader, amount: money(toCents(checkout.amount)) });
      case "SUCCEEDED":
        return t("terminal.reader.succeeded", {
          amount: money(toCents(checkout.amount)),
          tip: money(toCents(checkout.tip)),
          card: checkout.cardBrand ?? "",
          lastFour: checkout.cardLastFour ?? "",
        });
      case "DECLINED":
        return t("terminal.reader.declined", { reason: checkout.reason ?? "" });
      case "CANCELED":
        return t("terminal.reader.canceled");
      case "TIMED_OUT":
        return t("terminal.reader.timedOut");
      case "REFUNDED":
        return t("terminal.reader.refunded");
    }
  })();
  const ended = hasEnded(checkout.status);
  const failed = ended && checkout.status !== "SUCCEEDED";
  return (
    <p
      class={failed ? "reader-state error" : "reader-state"}
      role={failed ? "alert" : "status"}
      data-status={checkout.status}
    >
      {words}
    </p>
  );
}
