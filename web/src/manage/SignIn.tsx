// Sign in to the back office with a staff API token (decisions: "The back office"): the token
// is checked with GET /api/staff/me and refused in words below MANAGER.

import { useState } from "preact/hooks";
import { Api, ApiError } from "../shared/api/client";
import { caller } from "../shared/api/staff";
import { Button } from "../shared/ui";
import { inWords } from "../shared/words";
import { useAction } from "./parts";
import { mayManage } from "./session";
import type { Caller } from "./types";

export async function whoIs(token: string): Promise<Caller> {
  return caller(new Api(() => token));
}

export function refusal(caller: Caller): string | null {
  if (mayManage(caller.role)) return null;
  return `This is a ${caller.role.toLowerCase()}'s token (${caller.name}): the back office is for managers and admins.`;
}

/** Why a pasted token cannot open the back office, in words. */
function whyRefused(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 401) return "This token is not valid, or it was revoked.";
  if (failure instanceof ApiError && failure.status === 403) {
    return "This is a device's token: sign in with a manager's or an admin's own token.";
  }
  return inWords(failure);
}

export function SignIn(props: { onSignedIn: (token: string, caller: Caller) => void; notice?: string | null }) {
  const [token, setToken] = useState("");
  const [refused, setRefused] = useState<string | null>(null);
  const checking = useAction();

  async function signIn(event: Event) {
    event.preventDefault();
    const pasted = token.trim();
    setRefused(null);
    await checking.run(async () => {
      const caller = await whoIs(pasted);
      const why = refusal(caller);
      if (why) setRefused(why);
      else props.onSignedIn(pasted, caller);
    });
  }
  const error = refused ?? (checking.error ? whyRefused(checking.error) : null);
  const busy = checking.busy;

  return (
    <main class="centered">
      <form class="card pairing" onSubmit={signIn}>
        <h1>Brigade back office</h1>
        <p>
          Sign in with your staff API token (a manager's or an admin's). An admin makes one with{" "}
          <code>brigade token create --role MANAGER --name "Your name"</code>. It is kept only in this browser tab and
          forgotten when you close it.
        </p>
        {props.notice && <p class="notice">{props.notice}</p>}
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
        <Button type="submit" tone="accent" disabled={busy || !token.trim()}>
          Sign in
        </Button>
      </form>
    </main>
  );
}
