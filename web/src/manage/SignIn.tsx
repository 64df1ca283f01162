// Sign in to the back office (docs/design.md §7): a sign-in name and password open a cookie
// session that outlives the tab; a staff API token pasted instead (integrators, admins) is
// checked with GET /api/staff/me and refused in words below MANAGER.

import { useState } from "preact/hooks";
import { Api, ApiError } from "../shared/api/client";
import { caller, passwordSignIn } from "../shared/api/staff";
import { Button } from "../shared/ui";
import { inWords } from "../shared/words";
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

export function SignIn(props: { onSignedIn: (signedIn: SignedInWith) => void; notice?: string | null }) {
  const [withToken, setWithToken] = useState(false);
  return (
    <main class="centered">
      <div class="card pairing sign-in">
        <h1>Brigade back office</h1>
        {props.notice && <p class="notice">{props.notice}</p>}
        {withToken ? <TokenSignIn onSignedIn={props.onSignedIn} /> : <PasswordSignIn onSignedIn={props.onSignedIn} />}
        <button type="button" class="link" onClick={() => setWithToken(!withToken)}>
          {withToken ? "Sign in with your password instead" : "Sign in with an API token instead"}
        </button>
      </div>
    </main>
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
        A manager's or an admin's staff API token (<code>brigade token create --role MANAGER --name "Your name"</code>
        ). It is kept only in this browser tab and forgotten when you close it.
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
