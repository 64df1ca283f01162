// Pair this screen (docs/design.md §23): it shows a six-digit code for a manager to enter in
// the back office (Devices → Pair a device) and pairs by itself once they have, polling its
// claim every 2 s; a code that runs out is replaced. Pasting a device token stays as a
// fallback. The token, its location and name are kept, one pairing per kind of screen (a
// terminal and a kitchen display may share a browser while testing).

import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { Api, ApiError } from "../api/client";
import { currentDevice } from "../api/dining";
import { askForCode, claimToken } from "../api/pairing";
import { type Device, saveDevice } from "../device";
import { useLanguage } from "../i18n";
import { rich, t } from "../messages";
import type { PairedDevice } from "../types";
import { Button } from "../ui";
import { inWords } from "../words";
import { countdown, secondsLeft, shownCode, spokenCode } from "./code";

type DeviceKind = PairedDevice["kind"];

// Marks, not words: the code's place while it is asked for, and a blank hint line's height.
const CODE_PENDING = "··· ···";
const BLANK = "\u00a0";
const POLL_MS = 2000;
// After a failure (the server out of reach, too many codes asked for): try again this late.
const RETRY_MS = 5000;

export function Pairing(props: {
  kind: DeviceKind;
  storageKey: string;
  onPaired: (device: Device) => void;
  /** The device was revoked in the back office (its token answered 401). */
  unpaired?: boolean;
  /** Shown above the code and the token alike (the first run's link on the terminal). */
  notice?: ComponentChildren;
  /** Where a pasted token comes from, in words. */
  children: ComponentChildren;
}) {
  // Not paired, no location to choose a language: English, or the pseudo-locale the address
  // asks for.
  useLanguage(null);
  const [withToken, setWithToken] = useState(false);
  const paired = (device: Device) => {
    saveDevice(device, props.storageKey);
    props.onPaired(device);
  };
  return (
    <main class="centered">
      <div class="card pairing">
        <h1>{t("pairing.title", { kind: props.kind })}</h1>
        {props.notice}
        {props.unpaired && (
          <p class="notice" role="status">
            {t("pairing.unpaired")}
          </p>
        )}
        {withToken ? (
          <TokenForm kind={props.kind} onPaired={paired}>
            {props.children}
          </TokenForm>
        ) : (
          <CodeShown kind={props.kind} onPaired={paired} />
        )}
        <Button tone="quiet" onClick={() => setWithToken(!withToken)}>
          {withToken ? t("pairing.withCode") : t("pairing.withToken")}
        </Button>
      </div>
    </main>
  );
}

interface Shown {
  code: string;
  claim: string;
  expiresAt: string;
}

function CodeShown(props: { kind: DeviceKind; onPaired: (device: Device) => void }) {
  // No credential yet: the code and the claim are this screen's only proof.
  const api = useMemo(() => new Api(() => null, undefined, undefined, "", false), []);
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());
  // Bumped to ask for a new code: the first, one that ran out, or after a failure.
  const [round, setRound] = useState(0);
  const onPaired = props.onPaired;

  useEffect(() => {
    let live = true;
    setShown(null);
    askForCode(api, props.kind)
      .then((made) => {
        if (!live) return;
        setError(null);
        setShown({ code: made.code, claim: made.claim, expiresAt: made.expiresAt });
      })
      .catch((failure) => {
        if (!live) return;
        setError(inWords(failure));
        setTimeout(() => live && setRound((n) => n + 1), RETRY_MS);
      });
    return () => {
      live = false;
    };
  }, [api, props.kind, round]);

  useEffect(() => {
    const ticking = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(ticking);
  }, []);

  useEffect(() => {
    if (!shown) return;
    let live = true;
    const poll = async () => {
      try {
        const answer = await claimToken(api, shown.claim);
        if (!live) return;
        if (answer.status === "PAIRED" && "token" in answer) {
          const { device } = answer;
          onPaired({ token: answer.token, locationId: device.locationId, name: device.name });
          return;
        }
      } catch (failure) {
        if (!live) return;
        // Ran out, or forgotten by the server: a new code.
        if (failure instanceof ApiError && (failure.status === 410 || failure.status === 404)) {
          setRound((n) => n + 1);
          return;
        }
      }
      timer = setTimeout(poll, POLL_MS);
    };
    let timer = setTimeout(poll, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, shown, onPaired]);

  const left = shown ? secondsLeft(shown.expiresAt, now) : null;
  useEffect(() => {
    if (left === 0) setRound((n) => n + 1);
  }, [left]);

  // The code's place is kept while it is asked for, so nothing below it moves under a finger
  // (a tap on "Pair with a token instead" as the code arrives would land on empty space).
  return (
    <>
      {shown ? (
        <p class="pairing-code" aria-label={t("pairing.codeLabel", { digits: spokenCode(shown.code) })}>
          {shownCode(shown.code)}
        </p>
      ) : (
        <p class="pairing-code pending" aria-hidden="true">
          {CODE_PENDING}
        </p>
      )}
      <p>{rich("pairing.enterCode", { strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <p class="hint" aria-live="off">
        {shown ? t("pairing.newCodeIn", { time: countdown(left ?? 0) }) : error ? BLANK : t("pairing.asking")}
      </p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

function TokenForm(props: { kind: DeviceKind; onPaired: (device: Device) => void; children: ComponentChildren }) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pair(event: Event) {
    event.preventDefault();
    const typed = token.trim();
    setBusy(true);
    setError(null);
    try {
      const found = await currentDevice(new Api(() => typed));
      if (found.kind !== props.kind) {
        setError(t("pairing.wrongKind", { found: found.kind, kind: props.kind }));
        return;
      }
      props.onPaired({ token: typed, locationId: found.locationId, name: found.name });
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 401
          ? t("pairing.notDevice")
          : failure instanceof ApiError && failure.status === 404
            ? t("pairing.staffToken", { kind: props.kind })
            : inWords(failure),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="pairing-token" onSubmit={pair}>
      {props.children}
      <label>
        {t("pairing.deviceToken")}
        <input value={token} onInput={(e) => setToken(e.currentTarget.value)} autocomplete="off" required />
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" tone="accent" disabled={busy || !token.trim()}>
        {t("pairing.pair")}
      </Button>
    </form>
  );
}
