// Pair this browser once: the TERMINAL device token (shown once when the device was made).
// The server says which device it is and where (GET /api/devices/current); the token and its
// location are kept.

import { useState } from "preact/hooks";
import { Api, ApiError } from "../kit/api";
import { type Device, saveDevice } from "../kit/device";
import type { PairedDevice } from "../kit/types";
import { Button } from "../kit/ui";
import { inWords } from "../kit/words";

export function Pairing(props: { onPaired: (device: Device) => void }) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pair(event: Event) {
    event.preventDefault();
    const typed = token.trim();
    setBusy(true);
    setError(null);
    try {
      const found = await new Api(() => typed).get<PairedDevice>("/api/devices/current");
      if (found.kind !== "TERMINAL") {
        setError(`This token is a ${found.kind.toLowerCase().replace("_", " ")}'s, not a terminal's.`);
        return;
      }
      const device = { token: typed, locationId: found.locationId, name: found.name };
      saveDevice(device);
      props.onPaired(device);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 401
          ? "This token is not a paired device's token (or it was revoked)."
          : failure instanceof ApiError && failure.status === 404
            ? "This is a staff member's token, not a device's: paste the terminal's token."
            : inWords(failure),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <main class="centered">
      <form class="card pairing" onSubmit={pair}>
        <h1>Pair this terminal</h1>
        <p>
          A manager makes a TERMINAL device (<code>brigade device create --kind TERMINAL</code>) and
          gets its token, once. Paste it here; this browser keeps it.
        </p>
        <label>
          Device token
          <input value={token} onInput={(e) => setToken(e.currentTarget.value)} autocomplete="off" required />
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" tone="accent" disabled={busy || !token.trim()}>
          Pair
        </Button>
      </form>
    </main>
  );
}
