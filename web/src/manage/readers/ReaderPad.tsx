// A manual simulator reader's page (/reader/{id}): what a card reader shows the guest, for a
// person to play the guest with the card. The charge the reader shows, a tip chosen as on a
// reader's screen when the checkout asks the guest for one, then the card tapped (approved) or
// declined. The terminal that started the charge follows it by itself.

import { useEffect, useState } from "preact/hooks";
import { getCardCheckout, getReader, simulateTap } from "../../shared/api/cards";
import { formatMoney, fromCents, tipFor, toCents } from "../../shared/money";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { Problem, useAction } from "../parts";
import { t } from "../messages";
import type { Schemas } from "../../shared/api/client";
import type { Reader } from "./readers";

type Checkout = Schemas["CardCheckoutOut"];

const TIP_PERCENTS = [0, 10, 15, 20];
// How often the page looks for a charge: a server's charge shows about this soon.
const LOOK_MS = 1000;

export function ReaderPad(props: { readerId: string }) {
  const { api, location } = useBackOffice();
  const [reader, setReader] = useState<Reader | null>(null);
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const tapping = useAction();
  const { readerId } = props;

  useEffect(() => {
    let live = true;
    const look = async () => {
      try {
        const found = await getReader(api, readerId);
        const shown = found.checkoutId ? await getCardCheckout(api, found.checkoutId) : null;
        if (!live) return;
        setReader(found);
        setCheckout((before) => {
          if (before?.id !== shown?.id) setPercent(0);
          return shown;
        });
        setError(null);
      } catch (failure) {
        if (live) setError(failure);
      }
    };
    look();
    const timer = setInterval(look, LOOK_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, readerId]);

  const money = (cents: number) => formatMoney(cents, location.currency);
  const amount = checkout ? toCents(checkout.amount) : 0;
  const asksTip = checkout?.tipMode === "ON_READER";
  const tip = asksTip ? tipFor(amount, percent) : checkout ? toCents(checkout.tip) : 0;
  const waiting = checkout?.status === "WAITING_FOR_CARD";

  async function tap(outcome: "APPROVE" | "DECLINE") {
    await tapping.run(() =>
      simulateTap(api, readerId, { outcome, tip: outcome === "APPROVE" && asksTip ? fromCents(tip) : 0 }),
    );
  }

  return (
    <section class="section reader-pad" aria-labelledby="pad-title">
      <header class="section-head">
        <h1 id="pad-title">{reader ? t("pad.title", { name: reader.name }) : t("office.loading")}</h1>
      </header>
      <Problem error={error} />
      {reader && reader.mode !== "MANUAL" && <p class="notice">{t("pad.notManual")}</p>}
      <div class="pad-screen" role="group" aria-label={t("pad.screen")}>
        {!waiting || !checkout ? (
          <p class="pad-idle" role="status">
            {t("pad.idle")}
          </p>
        ) : (
          <>
            <p class="pad-amount" role="status">
              {t("pad.charge", { amount: money(amount) })}
            </p>
            {asksTip && (
              <div class="choices" role="group" aria-label={t("pad.tip")}>
                {TIP_PERCENTS.map((each) => (
                  <Button key={each} pressed={percent === each} onClick={() => setPercent(each)}>
                    {each ? t("pad.tipPercent", { percent: each, tip: money(tipFor(amount, each)) }) : t("pad.noTip")}
                  </Button>
                ))}
              </div>
            )}
            <p class="pad-total">{t("pad.total", { amount: money(amount + tip) })}</p>
            <div class="choices">
              <Button tone="accent" disabled={tapping.busy} onClick={() => tap("APPROVE")}>
                {t("pad.tap")}
              </Button>
              <Button tone="danger" disabled={tapping.busy} onClick={() => tap("DECLINE")}>
                {t("pad.decline")}
              </Button>
            </div>
          </>
        )}
      </div>
      <Problem error={tapping.error} />
    </section>
  );
}
