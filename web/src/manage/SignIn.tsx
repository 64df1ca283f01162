// Sign in to the back office (docs/design.md §7): a sign-in name and password open a cookie
// session that outlives the tab; on a paired terminal, a manager's PIN opens one at its
// location; a staff API token pasted instead (integrators, admins) is checked with
// GET /api/staff/me and refused in words below MANAGER.

import { useEffect, useMemo, useState } from "preact/hooks";
import { Api, ApiError } from "../shared/api/client";
import { caller, passwordSignIn, pinSignIn, staffDirectory } from "../shared/api/staff";
import { type Device, loadDevice, TERMINAL_KEY } from "../shared/device";
import type { StaffCard } from "../shared/types";
import { Button, PinPad, StaffPicker } from "../shared/ui";
import { inWords, refusalInWords } from "../shared/words";
import { useAction } from "./parts";
import { mayManage } from "./session";
import type { Caller } from "./types";

export async function whoIs(token: string | null): Promise<Caller> {
  return caller(new Api(() => token));
}

export function refusal(caller: Caller): string | null {
  if (mayManage(caller.role)) return null;
  return `This is a ${caller.role.toLowerCase()}'s token (${caller.name}): the back office is for managers and admins.`;
}

/** Why a pasted token cannot open the back office, in words. */
function whyTokenRefused(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 401) return "This token is not valid, or it was revoked.";
  if (failure instanceof ApiError && failure.status === 403) {
    return "This is a device's token: sign in with a manager's or an admin's own token.";
  }
  return inWords(failure);
}

/** Why a password sign-in failed, in words. */
function whyPasswordRefused(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 401) return "Wrong sign-in name or password.";
  if (failure instanceof ApiError && failure.status === 429) {
    return "Too many wrong passwords for this sign-in name: wait a few minutes, then try again.";
  }
  return inWords(failure);
}

export interface SignedInWith {
  /** The pasted token; null for the cookie session a password opened. */
  token: string | null;
  caller: Caller;
}

type Way = "pin" | "password" | "token";

const OTHER_WAYS: Record<Way, string> = {
  pin: "Sign in with your PIN instead",
  password: "Sign in with your password instead",
  token: "Sign in with an API token instead",
};

export function SignIn(props: { onSignedIn: (signedIn: SignedInWith) => void; notice?: string | null }) {
  // A terminal paired in this browser offers its managers' PINs first.
  const terminal = useMemo(() => loadDevice(TERMINAL_KEY), []);
  const [way, setWay] = useState<Way>(terminal ? "pin" : "password");
  const ways: Way[] = terminal ? ["pin", "password", "token"] : ["password", "token"];
  return (
    <main class="centered">
      <div class="card pairing sign-in">
        <h1>Brigade back office</h1>
        {props.notice && <p class="notice">{props.notice}</p>}
        {way === "pin" && terminal ? (
          <PinSignIn terminal={terminal} onSignedIn={props.onSignedIn} />
        ) : way === "token" ? (
          <TokenSignIn onSignedIn={props.onSignedIn} />
        ) : (
          <PasswordSignIn onSignedIn={props.onSignedIn} />
        )}
        {ways
          .filter((other) => other !== way)
          .map((other) => (
            <button key={other} type="button" class="link" onClick={() => setWay(other)}>
              {OTHER_WAYS[other]}
            </button>
          ))}
      </div>
    </main>
  );
}

/** On a paired terminal: a manager picks their name and types their PIN; the session acts at the
 * terminal's location only, and ends after 15 minutes left alone. */
function PinSignIn(props: { terminal: Device; onSignedIn: (signedIn: SignedInWith) => void }) {
  const api = useMemo(() => new Api(() => props.terminal.token), [props.terminal.token]);
  const [managers, setManagers] = useState<StaffCard[] | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const signing = useAction();
  useEffect(() => {
    staffDirectory(api, { limit: 100 })
      .then((page) => setManagers(page.data.filter((member) => mayManage(member.role))))
      .catch(() => setManagers([]));
  }, [api]);
  const chosen = picked ?? (managers?.length === 1 ? managers[0].id : null);

  async function check(pin: string) {
    if (!chosen) return;
    await signing.run(async () => {
      const found = await pinSignIn(api, { staffId: chosen, pin });
      props.onSignedIn({ token: null, caller: found });
    });
  }

  if (managers === null) return <p>Loading who can sign in…</p>;
  return (
    <div class="pin-sign-in">
      <p>
        On {props.terminal.name ? `“${props.terminal.name}”` : "this terminal"}: a manager picks their name and types
        their PIN. The back office then shows this terminal's location, and signs out after 15 minutes left alone.
      </p>
      {managers.length === 0 && <p class="notice">Nobody with a manager's PIN here yet: sign in with a password.</p>}
      <StaffPicker staff={managers} chosen={chosen} onPick={setPicked} />
      <PinPad
        onEnter={check}
        busy={signing.busy || !chosen}
        error={signing.error ? refusalInWords(signing.error) : null}
      />
    </div>
  );
}

function PasswordSignIn(props: { onSignedIn: (signedIn: SignedInWith) => void }) {
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const signing = useAction();

  async function signIn(event: Event) {
    event.preventDefault();
    await signing.run(async () => {
      const found = await passwordSignIn(new Api(() => null), { login: login.trim(), password });
      props.onSignedIn({ token: null, caller: found });
    });
  }

  return (
    <form onSubmit={signIn}>
      <label>
        Sign-in name
        <input
          name="login"
          value={login}
          onInput={(event) => setLogin(event.currentTarget.value)}
          autocomplete="username"
          autocapitalize="none"
          required
        />
      </label>
      <label>
        Password
        <input
          name="password"
          type="password"
          value={password}
          onInput={(event) => setPassword(event.currentTarget.value)}
          autocomplete="current-password"
          required
        />
      </label>
      {signing.error && (
        <p class="error" role="alert">
          {whyPasswordRefused(signing.error)}
        </p>
      )}
      <Button type="submit" tone="accent" disabled={signing.busy || !login.trim() || !password}>
        Sign in
      </Button>
    </form>
  );
}

function TokenSignIn(props: { onSignedIn: (signedIn: SignedInWith) => void }) {
  const [token, setToken] = useState("");
  const [refused, setRefused] = useState<string | null>(null);
  const checking = useAction();

  async function signIn(event: Event) {
    event.preventDefault();
    const pasted = token.trim();
    setRefused(null);
    await checking.run(async () => {
      const found = await whoIs(pasted);
      const why = refusal(found);
      if (why) setRefused(why);
      else props.onSignedIn({ token: pasted, caller: found });
    });
  }
  const error = refused ?? (checking.error ? whyTokenRefused(checking.error) : null);

  return (
    <form onSubmit={signIn}>
      <p>
        A manager's or an admin's staff API token (made in the back office: Staff, then API tokens). It is kept only in
        this browser tab and forgotten when you close it.
      </p>
      <label>
        Staff token
        <input
          type="password"
          value={token}
          onInput={(event) => setToken(event.currentTarget.value)}
          autocomplete="off"
          required
        />
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" tone="accent" disabled={checking.busy || !token.trim()}>
        Sign in with the token
      </Button>
    </form>
  );
}
