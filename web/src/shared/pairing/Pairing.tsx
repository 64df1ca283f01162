// Pair this browser once with a device token alone (shown once when the device was made): the
// server says which device it is and where (GET /api/devices/current); the token, its location
// and name are kept, one pairing per kind of screen (a terminal and a kitchen display may share
// a browser while testing).

import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { Api, ApiError } from "../api/client";
import { currentDevice } from "../api/dining";
import { type Device, saveDevice } from "../device";
import type { PairedDevice } from "../types";
import { Button } from "../ui";
import { inWords } from "../words";

type DeviceKind = PairedDevice["kind"];

const SCREEN_NAMES: Record<DeviceKind, string> = {
  TERMINAL: "terminal",
  KITCHEN_DISPLAY: "kitchen display",
  BOARD: "guests' board",
};

export function Pairing(props: {
  kind: DeviceKind;
  storageKey: string;
  onPaired: (device: Device) => void;
  /** Where the token comes from, in words. */
  children: ComponentChildren;
}) {
  const screen = SCREEN_NAMES[props.kind];
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
        setError(`This token is a ${SCREEN_NAMES[found.kind]}'s, not a ${screen}'s.`);
        return;
      }
      const device = { token: typed, locationId: found.locationId, name: found.name };
      saveDevice(device, props.storageKey);
      props.onPaired(device);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 401
          ? "This token is not a paired device's token (or it was revoked)."
          : failure instanceof ApiError && failure.status === 404
            ? `This is a staff member's token, not a device's: paste the ${screen}'s token.`
            : inWords(failure),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <main class="centered">
      <form class="card pairing" onSubmit={pair}>
        <h1>Pair this {screen}</h1>
        {props.children}
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
