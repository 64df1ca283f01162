// The signed-in person's checkout in the Till sheet, with Clock out while they are clocked in.

import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../../shared/api/client";
import { clockOut, currentShift, serverCheckout } from "../../shared/api/till";
import { inWords } from "../problems";
import { Outcome } from "../closed/Outcome";
import { useTerminal } from "../context";
import { Checkout, type CheckoutFigures } from "./Checkout";
import { clockedOutLine } from "./money";
import { t } from "../messages";

export function MyCheckout() {
  const { api, staff, timezone } = useTerminal();
  const [checkout, setCheckout] = useState<CheckoutFigures | null>(null);
  const [clockedIn, setClockedIn] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    Promise.all([
      serverCheckout(api, staff.id),
      currentShift(api).then(
        () => true,
        (failure: unknown) => {
          if (failure instanceof ApiError && failure.status === 404) return false;
          throw failure;
        },
      ),
    ])
      .then(([figures, open]) => {
        setCheckout(figures);
        setClockedIn(open);
      })
      .catch((failure) => setError(inWords(failure)));
  }, [api, staff.id]);

  async function out() {
    setBusy(true);
    try {
      const ended = await clockOut(api);
      setClockedIn(false);
      setNotice(clockedOutLine(staff.name, ended.clockedOutAt ?? new Date().toISOString(), ended.hours, timezone));
    } catch (failure) {
      setError(inWords(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {checkout ? (
        <Checkout checkout={checkout} clockedIn={clockedIn} busy={busy} onClockOut={out} />
      ) : (
        !error && <p class="hint">{t("terminal.till.readingDay")}</p>
      )}
      <Outcome notice={notice} error={error} />
    </>
  );
}
