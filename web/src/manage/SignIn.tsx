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
import { t } from "./messages";
import { useAction } from "./parts";
import { mayManage } from "./session";
import type { Caller } from "./types";

export async function whoIs(token: string | null): Promise<Caller> {
  return caller(new Api(() => token));
}

export function refusal(caller: Caller): string | null {
  if (mayManage(caller.role)) return null;
  return t("signIn.refusal", { role: t(`role.${caller.role}`), name: caller.name });
}

/** Why a pasted token cannot open the back office, in words. */
function whyTokenRefused(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 401) return t("signIn.tokenInvalid");
  if (failure instanceof ApiError && failure.status === 403) {
    return t("signIn.deviceToken");
  }
  return inWords(failure);
}

/** Why a password sign-in failed, in words. */
function whyPasswordRefused(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 401) return t("signIn.wrongPassword");
  if (failure instanceof ApiError && failure.status === 429) {
    return t("signIn.tooMany");
  }
  return inWords(failure);
}

export interface SignedInWith {
  /** The pasted token; null for the cookie session a password opened. */
  token: string | null;
  caller: Caller;
}

type Way = "pin" | "password" | "token";

const OTHER_WAYS = {
  pin: "signIn.otherPin",
  password: "signIn.otherPassword",
  token: "signIn.otherToken",
} as const;

export function SignIn(props: { onSignedIn: (signedIn: SignedInWith) => void; notice?: string | null }) {
  // A terminal paired in this browser offers its managers' PINs first.
  const terminal = useMemo(() => loadDevice(TERMINAL_KEY), []);
  const [way, setWay] = useState<Way>(terminal ? "pin" : "password");
  const ways: Way[] = terminal ? ["pin", "password", "token"] : ["password", "token"];
  return (
    <main class="centered">
      <div class="card pairing sign-in">
        <h1>{t("signIn.title")}</h1>
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
              {t(OTHER_WAYS[other])}
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

  if (managers === null) return <p>{t("signIn.loadingManagers")}</p>;
  return (
    <div class="pin-sign-in">
      <p>{t("signIn.pinIntro", { terminal: props.terminal.name || "none" })}</p>
      {managers.length === 0 && <p class="notice">{t("signIn.noPins")}</p>}
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
        {t("signIn.login")}
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
        {t("signIn.password")}
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
        {t("signIn.submit")}
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
      <p>{t("signIn.tokenIntro")}</p>
      <label>
        {t("signIn.token")}
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
        {t("signIn.withToken")}
      </Button>
    </form>
  );
}
