// Pair this wall screen once, with a KITCHEN_DISPLAY device token alone: the server says
// which device it is and where (GET /api/devices/current); the browser keeps both.

import { useState } from "preact/hooks";
import { Api, ApiError } from "../kit/api";
import { type Device, KITCHEN_DISPLAY_KEY, saveDevice } from "../kit/device";
import { inWords } from "../kit/words";
import { PairingForm, TextField } from "../pairing/Pairing";

interface CurrentDevice {
  kind: "TERMINAL" | "KITCHEN_DISPLAY";
  locationId: string;
}

export function KitchenPairing(props: { onPaired: (device: Device) => void }) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pair(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const current = await new Api(() => token.trim()).get<CurrentDevice>("/api/devices/current");
      if (current.kind !== "KITCHEN_DISPLAY") {
        setError("This is a terminal's token. Make a KITCHEN_DISPLAY device for this screen.");
        return;
      }
      const device = { token: token.trim(), locationId: current.locationId };
      saveDevice(device, KITCHEN_DISPLAY_KEY);
      props.onPaired(device);
    } catch (failure) {
      setError(
        failure instanceof ApiError && (failure.status === 401 || failure.status === 404)
          ? "This token is not a paired kitchen display's token (or it was revoked)."
          : inWords(failure),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <PairingForm title="Pair this kitchen display" error={error} canPair={!busy && !!token.trim()} onSubmit={pair}>
      <p>
        A manager makes a kitchen display device (<code>brigade device create --kind KITCHEN_DISPLAY</code>) and
        gets its token, once. Paste it here; this screen keeps it.
      </p>
      <TextField label="Device token" value={token} onInput={setToken} />
    </PairingForm>
  );
}
