// The terminal's shell: paired? signed in? Then the top bar and the working screen, one
// event stream, and the idle sign-out. The outbox belongs to the tablet: it keeps sending what
// a session signed out left waiting, under that session, while the next person signs in.

import { FirstRunLink } from "../../shared/FirstRunLink";
import { useCallback, useEffect, useState } from "preact/hooks";
import { TerminalContext, type Terminal } from "../context";
import { type Device, TERMINAL_KEY, forgetDevice, loadDevice, saveDevice } from "../../shared/device";
import { useDeviceSession } from "../../shared/session";
import type { NewSession } from "../../shared/types";
import type { Store } from "../../shared/store";
import type { Outbox } from "../offline/outbox";
import { keepSession, keptSession, openTablet } from "../offline/tablet";
import { useOutbox } from "../offline/useOutbox";
import { Pairing } from "../../shared/pairing/Pairing";
import { SignIn } from "../signin/SignIn";
import { idleLimitMs, type Unsent, unsentOf } from "./idle";
import { IdleGuard } from "./IdleGuard";
import { SoldOutSheet } from "../../shared/soldout/SoldOutSheet";
import { Service } from "./Service";
import { SignOutQuestion } from "./SignOutQuestion";
import { TillSheet } from "../till/TillSheet";
import { TopBar } from "./TopBar";
import { chosenLanguage, useLanguage } from "../../shared/i18n";
import { rich, t } from "../messages";

// How long the top bar says a check was paid (a tap anywhere puts it away sooner).
const PAID_LINE_MS = 5000;
const PAIRING_COMMAND = "brigade device create --kind TERMINAL";

export function App() {
  const [device, setDevice] = useState<Device | null>(() => loadDevice(TERMINAL_KEY));
  // Revoked in the back office: the pairing screen says so.
  const [revoked, setRevoked] = useState(false);
  const [store, setStore] = useState<Store | null>(null);
  // The session signed in when the tablet was left: a reload (even offline) keeps it.
  const [session, setSession] = useState<NewSession | null | undefined>(undefined);
  // The terminal reads its staff member's language, else its location's (kept with the pairing
  // once read, for the sign-in screen after them and after a restart).
  const [locationLanguage, setLocationLanguage] = useState<string | null>(() => device?.language ?? null);
  const locationLanguageRead = useCallback((language: string) => {
    setLocationLanguage(language);
    const kept = loadDevice(TERMINAL_KEY);
    if (kept && kept.language !== language) saveDevice({ ...kept, language }, TERMINAL_KEY);
  }, []);
  useLanguage((session && (chosenLanguage(session.staff) ?? chosenLanguage(session))) ?? locationLanguage);
  useEffect(() => {
    openTablet().then(async (opened) => {
      setSession(await keptSession(opened));
      setStore(opened);
    });
  }, []);
  const outbox = useOutbox(store);
  // What is kept from now on is made in this session.
  useEffect(() => {
    outbox?.signedIn(session ? { token: session.token, name: session.staff.name } : null);
  }, [outbox, session]);
  const signedIn = (next: NewSession | null) => {
    setSession(next);
    if (store) keepSession(store, next).catch(() => {});
  };

  if (!device)
    return (
      <Pairing
        kind="TERMINAL"
        storageKey={TERMINAL_KEY}
        onPaired={setDevice}
        unpaired={revoked}
        notice={<FirstRunLink />}
      >
        <p>{rich("terminal.pairing.other", { command: PAIRING_COMMAND, code: (c) => <code>{c}</code> })}</p>
      </Pairing>
    );
  if (!store || !outbox || session === undefined) return <p class="hint">{t("terminal.opening")}</p>;
  if (!session)
    return (
      <SignIn
        device={device}
        store={store}
        onSignedIn={signedIn}
        onLocationLanguage={locationLanguageRead}
        onUnpair={(byBackOffice) => {
          forgetDevice(TERMINAL_KEY);
          setRevoked(byBackOffice);
          setDevice(null);
        }}
      />
    );
  return (
    <SignedIn
      device={device}
      session={session}
      store={store}
      outbox={outbox}
      onSignedOut={() => signedIn(null)}
      onLocationLanguage={locationLanguageRead}
    />
  );
}

function SignedIn(props: {
  device: Device;
  session: NewSession;
  store: Store;
  outbox: Outbox;
  onSignedOut: () => void;
  onLocationLanguage: (language: string) => void;
}) {
  const { device, session, store, outbox, onLocationLanguage } = props;
  const [generation, setGeneration] = useState(0);
  // The check open beside the menu: its unsent items make a sign-out ask first (./idle.ts).
  const [opened, setOpened] = useState<string | null>(null);
  // A session that ended on the server (expired, staff deactivated, device revoked) ends here.
  // A stream back after a gap has replayed what was missed; too far behind to catch up, every
  // screen reloads what it shows.
  const { api, events, location, streaming, reachable } = useDeviceSession(
    session.token,
    device.locationId,
    {
      onEnded: props.onSignedOut,
      onExpired: () => {
        setOpened(null);
        setGeneration((n) => n + 1);
      },
    },
    { store, retrying: false },
  );
  // The outbox sends under each change's own session, with clients of its own: whether it
  // reached the server, each time that changes, counts as this session's connection too.
  useEffect(() => {
    let told = outbox.reached;
    return outbox.subscribe(() => {
      if (outbox.reached === null || outbox.reached === told) return;
      told = outbox.reached;
      api.heard(told);
    });
  }, [api, outbox]);
  const online = reachable && streaming === true;
  const locationLanguage = chosenLanguage(location);
  useEffect(() => {
    if (locationLanguage) onLocationLanguage(locationLanguage);
  }, [locationLanguage, onLocationLanguage]);
  // Back online (the stream reopened): what waits is sent now, not at the next try.
  useEffect(() => {
    if (online) outbox.kick();
  }, [online, outbox]);

  const signOut = () => {
    // The screen signs out at once; on the server, the session ends once what it left waiting
    // has landed (best effort when nothing waits).
    outbox.signOut(session.token).catch(() => {});
    props.onSignedOut();
  };
  const unsent = unsentOf(opened ? outbox.view(opened) : null);
  // A manager signed in 86es products (docs/decisions.md); the API lets the kitchen too.
  const manages = session.staff.role === "MANAGER" || session.staff.role === "ADMIN";
  const [soldOut, setSoldOut] = useState(false);
  const [till, setTill] = useState(false);
  const [asking, setAsking] = useState<{ unsent: Unsent; idle: boolean } | null>(null);
  const [paid, setPaid] = useState<string | null>(null);
  useEffect(() => {
    if (!paid) return;
    const away = () => setPaid(null);
    const timer = setTimeout(away, PAID_LINE_MS);
    document.addEventListener("pointerdown", away, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("pointerdown", away, true);
    };
  }, [paid]);
  const sendAndSignOut = async () => {
    if (opened) await outbox.enqueue({ kind: "send", orderId: opened });
    signOut();
  };

  const terminal: Terminal = {
    api,
    events,
    store,
    outbox,
    online,
    locationId: device.locationId,
    currency: location?.currency ?? "USD",
    timezone: location?.timezone ?? "UTC",
    staff: session.staff,
  };
  const waiting = outbox.pending().length;
  return (
    <TerminalContext.Provider value={terminal}>
      <TopBar
        location={location}
        staff={session.staff}
        online={online}
        pending={waiting}
        paid={paid}
        onSignOut={() => (unsent ? setAsking({ unsent, idle: false }) : signOut())}
        on86={manages ? () => setSoldOut(true) : null}
        onTill={() => setTill(true)}
      />
      <Service key={generation} onOpened={setOpened} onPaid={setPaid} />
      {soldOut && (
        <SoldOutSheet api={api} events={events} locationId={device.locationId} onClose={() => setSoldOut(false)} />
      )}
      {till && <TillSheet onClose={() => setTill(false)} />}
      {asking ? (
        <SignOutQuestion
          unsent={asking.unsent}
          idle={asking.idle}
          onSendAndSignOut={sendAndSignOut}
          onSignOut={signOut}
          onStay={() => setAsking(null)}
        />
      ) : (
        <IdleGuard
          limitMs={idleLimitMs(location?.idleSignOutSeconds)}
          unsent={unsent}
          onSignOut={signOut}
          onAsk={(found) => setAsking({ unsent: found, idle: true })}
        />
      )}
    </TerminalContext.Provider>
  );
}
