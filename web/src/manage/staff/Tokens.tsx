// A staff member's API tokens (ADMIN, the API's rule): each listed by its name, hint and scopes
// with when it was made and last used; a new one shown once, to copy; revoking stops it at once.

import { useState } from "preact/hooks";
import { createToken, listTokens, revokeToken } from "../../shared/api/tokens";
import type { Schemas } from "../../shared/api/client";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { CheckField, everyPage, Problem, RecordTable, SidePanel, TextField, useAction, useLoaded } from "../parts";
import type { StaffMember } from "../types";

type Token = Schemas["TokenOut"];
type Scope = Schemas["Scope"];

// Every scope the API knows (the Record makes a new one a type error here), in words.
const SCOPES: Record<Scope, string> = {
  "orders:read": "Read orders",
  "orders:write": "Take and change orders",
  "payments:read": "Read payments",
  "catalogue:read": "Read the menu",
  "catalogue:write": "Edit the menu and prices",
  "reports:read": "Read reports and the journal",
  "audit:read": "Read the audit log",
  "events:read": "Follow events",
  "webhooks:write": "Manage webhooks",
};

export function TokensPanel(props: { member: StaffMember; onClose: () => void }) {
  const { api, location } = useBackOffice();
  const { member } = props;
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone: location.timezone,
    dateStyle: "short",
    timeStyle: "short",
  });
  const when = (at: string | null) => (at ? format.format(new Date(at)) : "Never");
  const tokens = useLoaded(
    () => everyPage((page) => listTokens(api, { staffId: member.id, page, limit: 100 })),
    [member.id],
  );
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [made, setMade] = useState<Schemas["NewToken"] | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const changing = useAction();

  async function make(event: Event) {
    event.preventDefault();
    const done = await changing.run(async () => {
      // None ticked: the token has the role's whole permissions.
      const body = { staffId: member.id, name: name.trim(), scopes: scopes.length ? scopes : null };
      setMade(await createToken(api, body));
    });
    if (done) {
      setName("");
      setScopes([]);
      tokens.reload();
    }
  }

  async function revoke(token: Token) {
    if (await changing.run(() => revokeToken(api, token.id))) {
      setRevoking(null);
      tokens.reload();
    }
  }

  return (
    <SidePanel title={`API tokens of ${member.name}`} onClose={props.onClose}>
      {made && <ShownOnce label={`Token “${made.name}”`} secret={made.token} onDone={() => setMade(null)} />}
      <Problem error={tokens.error ?? changing.error} />
      {(tokens.data ?? []).length === 0 ? (
        <p class="hint">No token yet: {member.name} signs in on the terminals with a PIN.</p>
      ) : (
        <RecordTable
          label={`Tokens of ${member.name}`}
          rows={tokens.data ?? []}
          columns={[
            {
              title: "Token",
              cell: (token) => (
                <>
                  {token.name}
                  <div class="hint">{token.hint}…</div>
                  <div class="hint">
                    {token.scopes ? `Only: ${token.scopes.join(", ")}` : "Everything the role allows"}
                  </div>
                </>
              ),
            },
            {
              title: "Created, last used",
              wraps: true,
              cell: (token) => (
                <>
                  {when(token.createdAt)}
                  <div class="hint">Last used: {when(token.lastUsedAt)}</div>
                </>
              ),
            },
          ]}
          actions={(token) =>
            token.revokedAt ? (
              <span class="chip">Revoked</span>
            ) : revoking === token.id ? (
              <Button tone="danger" label={`Yes, revoke ${token.name}`} onClick={() => revoke(token)}>
                Yes, revoke
              </Button>
            ) : (
              <Button label={`Revoke ${token.name}`} onClick={() => setRevoking(token.id)}>
                Revoke
              </Button>
            )
          }
        />
      )}
      <form onSubmit={make}>
        <TextField label="Token name" value={name} onInput={setName} required placeholder="Laptop, Office PC…" />
        <fieldset class="group">
          <legend>Scopes</legend>
          <p class="hint">None ticked: everything {member.name}’s role allows. Ticked: only those, within the role.</p>
          {(Object.keys(SCOPES) as Scope[]).map((scope) => (
            <CheckField
              key={scope}
              label={`${SCOPES[scope]} (${scope})`}
              checked={scopes.includes(scope)}
              onChange={(on) => setScopes(on ? [...scopes, scope] : scopes.filter((found) => found !== scope))}
            />
          ))}
        </fieldset>
        <div class="panel-actions">
          <Button type="submit" tone="accent" disabled={changing.busy || !name.trim()}>
            New token
          </Button>
        </div>
      </form>
    </SidePanel>
  );
}

/** A secret the server shows this once: to copy now, with a button where the browser allows. */
function ShownOnce(props: { label: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const [field, setField] = useState<HTMLInputElement | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(props.secret);
      setCopied(true);
    } catch {
      // No clipboard outside a secure context (a LAN address): the secret is selected to copy.
      field?.select();
    }
  }

  return (
    <div class="notice" role="alert">
      <p>
        <strong>{props.label}: shown only now.</strong> Copy it and keep it somewhere safe; it cannot be shown again.
      </p>
      <input
        ref={setField}
        class="token-box"
        aria-label="New token"
        readOnly
        value={props.secret}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div class="panel-actions">
        <Button tone="accent" onClick={copy}>
          {copied ? "Copied" : "Copy token"}
        </Button>
        <Button onClick={props.onDone}>Done</Button>
      </div>
    </div>
  );
}
