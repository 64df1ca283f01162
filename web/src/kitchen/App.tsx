// The kitchen display: paired? Then the board.

import { useState } from "preact/hooks";
import { type Device, KITCHEN_DISPLAY_KEY, forgetDevice, loadDevice } from "../kit/device";
import { KitchenDisplay } from "./Display";
import { KitchenPairing } from "./Pairing";

export function KitchenApp() {
  const [device, setDevice] = useState<Device | null>(() => loadDevice(KITCHEN_DISPLAY_KEY));
  if (!device) return <KitchenPairing onPaired={setDevice} />;
  const unpair = () => {
    forgetDevice(KITCHEN_DISPLAY_KEY);
    setDevice(null);
  };
  return <KitchenDisplay device={device} onUnpaired={unpair} />;
}
