// The kitchen display: paired? Then the board.

import { useState } from "preact/hooks";
import { type Device, KITCHEN_DISPLAY_KEY, forgetDevice, loadDevice } from "../shared/device";
import { Pairing } from "../shared/pairing/Pairing";
import { KitchenDisplay } from "./Display";

export function KitchenApp() {
  const [device, setDevice] = useState<Device | null>(() => loadDevice(KITCHEN_DISPLAY_KEY));
  if (!device)
    return (
      <Pairing kind="KITCHEN_DISPLAY" storageKey={KITCHEN_DISPLAY_KEY} onPaired={setDevice}>
        <p>
          A manager makes a kitchen display device (<code>brigade device create --kind KITCHEN_DISPLAY</code>) and gets
          its token, once. Paste it here; this screen keeps it.
        </p>
      </Pairing>
    );
  const unpair = () => {
    forgetDevice(KITCHEN_DISPLAY_KEY);
    setDevice(null);
  };
  return <KitchenDisplay device={device} onUnpaired={unpair} />;
}
