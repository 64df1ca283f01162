// Pair this browser once: the TERMINAL device token (shown once when the device was made)
// and its location id. Both are checked against the server before they are kept.

import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { Api, ApiError } from "../kit/api";
import { type Device, saveDevice } from "../kit/device";
import { Button } from "../kit/ui";
import { inWords } from "../kit/words";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function Pairing(props: { onPaired: (device: Device) => void }) {
  const [token, setToken] = useState("");
  const [locationId, setLocationId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pair(event: Event) {
    event.preventDefault();
    const device = { token: token.trim(), locationId: locationId.trim() };
    if (!UUID.test(device.locationId)) {
      setError("The location id is the long id shown with the device token.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await new Api(() => device.token).get("/api/staff/directory", { query: { limit: 1 } });
      saveDevice(device);
      props.onPaired(device);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 401
          ? "This token is not a paired device's token (or it was revoked)."
          : inWords(failure),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <PairingForm title="Pair this terminal" error={error} canPair={!busy && !!token.trim()} onSubmit={pair}>
      <p>
        A manager makes a TERMINAL device (<code>brigade device create --kind TERMINAL</code>) and gets
        its token, once. Paste it here with the location id; this browser keeps it.
      </p>
      <TextField label="Device token" value={token} onInput={setToken} />
      <TextField label="Location id" value={locationId} onInput={setLocationId} />
    </PairingForm>
  );
}

/** A labelled text field a token or an id is pasted into. */
export function TextField(props: { label: string; value: string; onInput: (value: string) => void }) {
  return (
    <label>
      {props.label}
      <input value={props.value} onInput={(e) => props.onInput(e.currentTarget.value)} autocomplete="off" required />
    </label>
  );
}

/** The card a screen is paired on: what to paste, the error in words, and Pair. */
export function PairingForm(props: {
  title: string;
  error: string | null;
  canPair: boolean;
  onSubmit: (event: Event) => void;
  children: ComponentChildren;
}) {
  return (
    <main class="centered">
      <form class="card pairing" onSubmit={props.onSubmit}>
        <h1>{props.title}</h1>
        {props.children}
        {props.error && (
          <p class="error" role="alert">
            {props.error}
          </p>
        )}
        <Button type="submit" tone="accent" disabled={!props.canPair}>
          Pair
        </Button>
      </form>
    </main>
  );
}
