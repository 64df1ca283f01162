// The terminal's shell: paired? signed in? Then the top bar and the working screen, one
// event stream, and the idle sign-out.

import { useEffect, useState } from "preact/hooks";
import { signOut as endSession } from "../../shared/api/staff";
import { TerminalContext, type Terminal } from "../context";
import { type Device, TERMINAL_KEY, forgetDevice, loadDevice } from "../../shared/device";
import { useDeviceSession } from "../../shared/session";
import { useLatest } from "../../shared/latest";
import type { NewSession } from "../../shared/types";
import { Pairing } from "../../shared/pairing/Pairing";
import { SignIn } from "../signin/SignIn";
import { Service } from "./Service";
import { TopBar } from "./TopBar";

/** No tap or key for this long signs the staff member out. */
export const IDLE_SIGN_OUT_MS = 3 * 60 * 1000;

export function App() {
  const [device, setDevice] = useState<Device | null>(() => loadDevice(TERMINAL_KEY));
  const [session, setSession] = useState<NewSession | null>(null);

  if (!device)
    return (
      <Pairing kind="TERMINAL" storageKey={TERMINAL_KEY} onPaired={setDevice}>
        <p>
          A manager makes a TERMINAL device (<code>brigade device create --kind TERMINAL</code>) and gets its token,
          once. Paste it here; this browser keeps it.
        </p>
      </Pairing>
    );
  if (!session)
    return (
      <SignIn
        device={device}
        onSignedIn={setSession}
        onUnpair={() => {
          forgetDevice(TERMINAL_KEY);
          setDevice(null);
        }}
      />
    );
  return <SignedIn device={device} session={session} onSignedOut={() => setSession(null)} />;
}

function SignedIn(props: { device: Device; session: NewSession; onSignedOut: () => void }) {
  const { device, session } = props;
  const [generation, setGeneration] = useState(0);
  // A session that ended on the server (expired, staff deactivated, device revoked) ends here.
  // A stream back after a gap has replayed what was missed; too far behind to catch up, every
  // screen reloads what it shows.
  const { api, events, location, streaming, reachable, pending } = useDeviceSession(session.token, device.locationId, {
    onEnded: props.onSignedOut,
    onExpired: () => setGeneration((n) => n + 1),
  });

  const signOut = async () => {
    // Best effort: the session ends on the server, and on this screen whatever it answers.
    endSession(api).catch(() => {});
    props.onSignedOut();
  };

  const idle = useLatest(signOut);
  useEffect(() => {
    const signOutIdle = () => idle.current();
    let timer = setTimeout(signOutIdle, IDLE_SIGN_OUT_MS);
    const touched = () => {
      clearTimeout(timer);
      timer = setTimeout(signOutIdle, IDLE_SIGN_OUT_MS);
    };
    window.addEventListener("pointerdown", touched);
    window.addEventListener("keydown", touched);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("pointerdown", touched);
      window.removeEventListener("keydown", touched);
    };
  }, [api, idle]);

  const terminal: Terminal = {
    api,
    events,
    locationId: device.locationId,
    currency: location?.currency ?? "USD",
    staff: session.staff,
  };
  const online = reachable && streaming === true;
  return (
    <TerminalContext.Provider value={terminal}>
      <TopBar location={location} staff={session.staff} online={online} pending={pending} onSignOut={signOut} />
      {!online && (
        <div class="offline-banner" role="alert">
          Offline: the server can't be reached. Taps are kept and sent when it is back
          {pending ? ` (${pending} ${pending === 1 ? "request" : "requests"} waiting)` : ""}.
        </div>
      )}
      <Service key={generation} />
    </TerminalContext.Provider>
  );
}
