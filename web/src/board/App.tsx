// The guests' board (docs/design.md §20): paired once with a BOARD device's token, then the
// order numbers preparing and ready, on a wall.

import { useState } from "preact/hooks";
import { BOARD_KEY, type Device, forgetDevice, loadDevice } from "../shared/device";
import { Pairing } from "../shared/pairing/Pairing";
import { GuestBoard } from "./GuestBoard";
import { rich } from "./messages";

// A command is the same words in every language.
const PAIRING_COMMAND = "brigade device create --kind BOARD";

export function BoardApp() {
  const [device, setDevice] = useState<Device | null>(() => loadDevice(BOARD_KEY));
  const [revoked, setRevoked] = useState(false);
  if (!device)
    return (
      <Pairing kind="BOARD" storageKey={BOARD_KEY} onPaired={setDevice} unpaired={revoked}>
        <p>{rich("board.pairing.other", { command: PAIRING_COMMAND, code: (command) => <code>{command}</code> })}</p>
      </Pairing>
    );
  // The board has no unpair of its own: it is unpaired when revoked in the back office.
  const revoke = () => {
    forgetDevice(BOARD_KEY);
    setRevoked(true);
    setDevice(null);
  };
  return <GuestBoard device={device} onUnpaired={revoke} />;
}
