// Clock in or out from the sign-in screen: a name and a PIN open a short-lived PIN session for
// that person (the terminal stays signed out). No open shift: clocked in, the sheet closes
// with a status. An open one: their checkout, and Clock out. The session is signed out after.

import { useState } from "preact/hooks";
import { Api, ApiError } from "../../shared/api/client";
import { getLocation } from "../../shared/api/dining";
import { signIn, signOut } from "../../shared/api/staff";
import { clockIn, clockOut, currentShift, serverCheckout } from "../../shared/api/till";
import type { StaffCard } from "../../shared/types";
import { PinPad, Sheet, StaffPicker } from "../../shared/ui";
import { inWords, refusalInWords } from "../problems";
import { Checkout, type CheckoutFigures } from "./Checkout";
import { clockedInLine, clockedOutLine } from "./money";
import { t } from "../messages";

interface Punching {
  api: Api;
  name: string;
  timezone: string;
  checkout: CheckoutFigures;
}

export function ClockSheet(props: {
  api: Api;
  staff: StaffCard[];
  locationId: string;
  onDone: (status: string | null) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [punching, setPunching] = useState<Punching | null>(null);
  const picked = props.staff.find((member) => member.id === chosen);

  const finish = (session: Api | null, status: string | null) => {
    if (session) signOut(session).catch(() => {});
    props.onDone(status);
  };

  async function enter(pin: string) {
    if (!picked) return;
    setBusy(true);
    setError(null);
    let session: Api | null = null;
    try {
      const opened = await signIn(props.api, { staffId: picked.id, pin });
      const token = opened.token;
      session = new Api(() => token, undefined, undefined, "", false);
      const timezone = await getLocation(session, props.locationId).then(
        (location) => location.timezone,
        () => "UTC",
      );
      const shift = await currentShift(session).catch((failure: unknown) => {
        if (failure instanceof ApiError && failure.status === 404) return null;
        throw failure;
      });
      if (!shift) {
        const started = await clockIn(session);
        finish(session, clockedInLine(picked.name, started.clockedInAt, timezone));
        return;
      }
      const checkout = await serverCheckout(session, picked.id);
      setPunching({ api: session, name: picked.name, timezone, checkout });
    } catch (failure) {
      if (session) signOut(session).catch(() => {});
      setError(refusalInWords(failure));
    } finally {
      setBusy(false);
    }
  }

  async function out(current: Punching) {
    setBusy(true);
    try {
      const ended = await clockOut(current.api);
      finish(
        current.api,
        clockedOutLine(current.name, ended.clockedOutAt ?? new Date().toISOString(), ended.hours, current.timezone),
      );
    } catch (failure) {
      setError(inWords(failure));
      setBusy(false);
    }
  }

  if (punching)
    return (
      <Sheet
        title={t("terminal.till.checkoutOf", { name: punching.name })}
        onClose={() => finish(punching.api, null)}
        wide
      >
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <Checkout checkout={punching.checkout} clockedIn busy={busy} onClockOut={() => out(punching)} />
      </Sheet>
    );
  return (
    <Sheet title={t("terminal.signin.clock")} onClose={() => props.onDone(null)} wide>
      <div class="approval">
        <StaffPicker
          staff={props.staff}
          chosen={chosen}
          onPick={(id) => {
            setChosen(id);
            setError(null);
          }}
        />
        <PinPad onEnter={enter} busy={busy || !picked} error={error} />
      </div>
    </Sheet>
  );
}
