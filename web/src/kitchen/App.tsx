// The kitchen display: paired? Then the board.

import { useEffect, useState } from "preact/hooks";
import { type Device, KITCHEN_DISPLAY_KEY, forgetDevice, loadDevice } from "../shared/device";
import { useLanguage } from "../shared/i18n";
import { Pairing } from "../shared/pairing/Pairing";
import { KEPT, type Store, tabletStore } from "../shared/store";
import { KitchenDisplay } from "./Display";
import { rich, t } from "./messages";

// A command is the same words in every language.
const PAIRING_COMMAND = "brigade device create --kind KITCHEN_DISPLAY";

export function KitchenApp() {
  const [device, setDevice] = useState<Device | null>(() => loadDevice(KITCHEN_DISPLAY_KEY));
  const [revoked, setRevoked] = useState(false);
  // The last board and location, kept for a reload offline.
  const [store, setStore] = useState<Store | null>(null);
  useEffect(() => {
    tabletStore("brigade-kitchen", [KEPT]).then(setStore);
  }, []);
  if (!device) return <Unpaired onPaired={setDevice} revoked={revoked} />;
  const unpair = (byBackOffice: boolean) => {
    forgetDevice(KITCHEN_DISPLAY_KEY);
    setRevoked(byBackOffice);
    setDevice(null);
  };
  if (!store) return <p class="hint">{t("opening")}</p>;
  return (
    <KitchenDisplay device={device} store={store} onUnpaired={() => unpair(false)} onRevoked={() => unpair(true)} />
  );
}

/** Pairing, with the kitchen's own words on how to get a token: drawn again here when the
 * language arrives (the address's pseudo-locale), as Pairing's are. */
function Unpaired(props: { onPaired: (device: Device) => void; revoked: boolean }) {
  useLanguage(null);
  return (
    <Pairing kind="KITCHEN_DISPLAY" storageKey={KITCHEN_DISPLAY_KEY} onPaired={props.onPaired} unpaired={props.revoked}>
      <p>{rich("pairing.other", { command: PAIRING_COMMAND, code: (command) => <code>{command}</code> })}</p>
    </Pairing>
  );
}
