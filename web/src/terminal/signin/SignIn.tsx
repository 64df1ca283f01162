// Who is working: the staff picker (GET /api/staff/directory) and a PIN pad → a session.

import { useEffect, useState } from "preact/hooks";
import { Api } from "../../shared/api/client";
import type { Device } from "../../shared/device";
import { signIn as openSession, staffDirectory } from "../../shared/api/staff";
import { useLatest } from "../../shared/latest";
import { remembered, type Store } from "../../shared/store";
import type { NewSession, StaffCard } from "../../shared/types";
import { Button, PinPad, StaffPicker } from "../../shared/ui";
import { inWords, refusalInWords } from "../../shared/words";
import { ClockSheet } from "../till/ClockSheet";
import { UnpairSheet } from "../../shared/pairing/UnpairSheet";

/** Why a PIN was not taken, in words. */
export function SignIn(props: {
  device: Device;
  store: Store;
  onSignedIn: (session: NewSession) => void;
  /** Unpaired here with a manager's PIN (false), or found revoked in the back office (true). */
  onUnpair: (byBackOffice: boolean) => void;
}) {
  // Offline, the staff kept from the last read show, and a PIN says it needs the server
  // rather than waiting for it.
  const [api] = useState(() => new Api(() => props.device.token, undefined, undefined, "", false));
  // The device token refused (401, not a wrong PIN): revoked in the back office.
  const unpaired = useLatest(props.onUnpair);
  api.onUnauthenticated = () => unpaired.current(true);
  const { store } = props;
  const [staff, setStaff] = useState<StaffCard[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [unpairing, setUnpairing] = useState(false);
  const [clocking, setClocking] = useState(false);
  const [clocked, setClocked] = useState<string | null>(null);

  useEffect(() => {
    remembered(store, "staff", () => staffDirectory(api, { limit: 100 }))
      .then((page) => setStaff(page.data))
      .catch((failure) => setError(inWords(failure)));
  }, [api, store]);

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
        <h1>Who is working?</h1>
        {props.device.name && <p class="hint">This terminal: {props.device.name}</p>}
        {staff === null && !error && <p>Loading the staff…</p>}
        {staff?.length === 0 && <p>Nobody has a PIN yet: a manager sets one in the back office.</p>}
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
            Clock in or out
          </Button>
          <Button tone="quiet" onClick={() => setUnpairing(true)}>
            Unpair this terminal
          </Button>
          {/* A manager signs in there with their PIN, at this terminal's location. */}
          <a class="link" href="/manage">
            Back office
          </a>
        </div>
      </section>
      <section class="card">
        <h2>{picked ? `PIN for ${picked.name}` : "Pick your name first"}</h2>
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
