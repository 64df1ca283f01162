// The kitchen display: paired? Then the board.

import { useEffect, useState } from "preact/hooks";
import { type Device, KITCHEN_DISPLAY_KEY, forgetDevice, loadDevice } from "../shared/device";
import { Pairing } from "../shared/pairing/Pairing";
import { KEPT, type Store, tabletStore } from "../shared/store";
import { KitchenDisplay } from "./Display";

export function KitchenApp() {
  const [device, setDevice] = useState<Device | null>(() => loadDevice(KITCHEN_DISPLAY_KEY));
  const [revoked, setRevoked] = useState(false);
  // The last board and location, kept for a reload offline.
  const [store, setStore] = useState<Store | null>(null);
  useEffect(() => {
    tabletStore("brigade-kitchen", [KEPT]).then(setStore);
  }, []);
  if (!device)
    return (
      <Pairing kind="KITCHEN_DISPLAY" storageKey={KITCHEN_DISPLAY_KEY} onPaired={setDevice} unpaired={revoked}>
        <p>
          Or a manager makes a kitchen display device (<code>brigade device create --kind KITCHEN_DISPLAY</code>) and
          gets its token, once. Paste it here; this screen keeps it.
        </p>
      </Pairing>
    );
  const unpair = (byBackOffice: boolean) => {
    forgetDevice(KITCHEN_DISPLAY_KEY);
    setRevoked(byBackOffice);
    setDevice(null);
  };
  if (!store) return <p class="hint">Opening the kitchen display…</p>;
  return (
    <KitchenDisplay device={device} store={store} onUnpaired={() => unpair(false)} onRevoked={() => unpair(true)} />
  );
}
