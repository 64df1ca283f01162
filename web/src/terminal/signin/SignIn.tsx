// Who is working: the staff picker (GET /api/staff/directory) and a PIN pad → a session.

import { useEffect, useState } from "preact/hooks";
import { Api } from "../../shared/api/client";
import type { Device } from "../../shared/device";
import { signIn as openSession, staffDirectory } from "../../shared/api/staff";
import { useLatest } from "../../shared/latest";
import { remembered, type Store } from "../../shared/store";
import type { NewSession, StaffCard } from "../../shared/types";
import { Button, PinPad, StaffPicker } from "../../shared/ui";
import { inWords, refusalInWords } from "../problems";
import { t } from "../messages";
import { ClockSheet } from "../till/ClockSheet";
import { UnpairSheet } from "../../shared/pairing/UnpairSheet";

/** Why a PIN was not taken, in words. */
export function SignIn(props: {
  device: Device;
  store: Store;
  onSignedIn: (session: NewSession) => void;
  /** Unpaired here with a manager's PIN (false), or found revoked in the back office (true). */
  onUnpair: (byBackOffice: boolean) => void;
  /** The location's language, read with the staff: the screen speaks it before a sign-in. */
  onLocationLanguage: (language: string) => void;
}) {
  // Offline, the staff kept from the last read show, and a PIN says it needs the server
  // rather than waiting for it.
  const [api] = useState(() => new Api(() => props.device.token, undefined, undefined, "", false));
  // The device token refused (401, not a wrong PIN): revoked in the back office.
  const unpaired = useLatest(props.onUnpair);
  api.onUnauthenticated = () => unpaired.current(true);
  const { store } = props;
  const languageRead = useLatest(props.onLocationLanguage);
  const [staff, setStaff] = useState<StaffCard[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [unpairing, setUnpairing] = useState(false);
  const [clocking, setClocking] = useState(false);
  const [clocked, setClocked] = useState<string | null>(null);

  useEffect(() => {
    remembered(store, "staff", () => staffDirectory(api, { limit: 100 }))
      .then((page) => {
        setStaff(page.data);
        // A directory kept offline from before languages has none.
        if (page.language) languageRead.current(page.language);
      })
      .catch((failure) => setError(inWords(failure)));
  }, [api, store, languageRead]);

  async function signIn(pin: string) {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      props.onSignedIn(await openSession(api, { staffId: chosen, pin }));
    } catch (failure) {
      setError(refusalInWords(failure));
    } finally {
      setBusy(false);
    }
  }

  const picked = staff?.find((member) => member.id === chosen);
  return (
    <main class="signin">
      <section class="card">
        <h1>{t("terminal.signin.who")}</h1>
        {props.device.name && <p class="hint">{t("terminal.signin.thisTerminal", { name: props.device.name })}</p>}
        {staff === null && !error && <p>{t("terminal.signin.loading")}</p>}
        {staff?.length === 0 && <p>{t("terminal.signin.nobody")}</p>}
        {staff && (
          <StaffPicker
            staff={staff}
            chosen={chosen}
            onPick={(id) => {
              setChosen(id);
              setError(null);
            }}
          />
        )}
        {clocked && (
          <p class="sent-note" role="status" aria-label={clocked}>
            {clocked}
          </p>
        )}
        <div class="signin-actions">
          <Button
            onClick={() => {
              setClocked(null);
              setClocking(true);
            }}
          >
            {t("terminal.signin.clock")}
          </Button>
          <Button tone="quiet" onClick={() => setUnpairing(true)}>
            {t("terminal.signin.unpair")}
          </Button>
          {/* A manager signs in there with their PIN, at this terminal's location. */}
          <a class="link" href="/manage">
            {t("terminal.signin.backOffice")}
          </a>
        </div>
      </section>
      <section class="card">
        <h2>{picked ? t("terminal.signin.pinFor", { name: picked.name }) : t("terminal.signin.pickFirst")}</h2>
        <PinPad onEnter={signIn} busy={busy || !picked} error={error} />
      </section>
      {clocking && (
        <ClockSheet
          api={api}
          staff={staff ?? []}
          locationId={props.device.locationId}
          onDone={(status) => {
            setClocking(false);
            if (status) setClocked(status);
          }}
        />
      )}
      {unpairing && (
        <UnpairSheet
          api={api}
          staff={staff ?? []}
          deviceName={props.device.name ?? null}
          screen="terminal"
          onUnpair={() => props.onUnpair(false)}
          onCancel={() => setUnpairing(false)}
        />
      )}
    </main>
  );
}
