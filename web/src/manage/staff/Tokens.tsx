// A staff member's API tokens (ADMIN, the API's rule): each listed by its name, hint and scopes
// with when it was made and last used; a new one shown once, to copy; revoking stops it at once.

import { useState } from "preact/hooks";
import { createToken, listTokens, revokeToken } from "../../shared/api/tokens";
import type { Schemas } from "../../shared/api/client";
import { Button } from "../../shared/ui";
import { locale } from "../../shared/i18n";
import { useBackOffice } from "../context";
import { rich, t } from "../messages";
import { CheckField, everyPage, Problem, RecordTable, SidePanel, TextField, useAction, useLoaded } from "../parts";
import type { StaffMember } from "../types";

type Token = Schemas["TokenOut"];
type Scope = Schemas["Scope"];

// Every scope the API knows (the Record makes a new one a type error here), in words.
const SCOPES: Record<Scope, `scope.${Scope}`> = {
  "orders:read": "scope.orders:read",
  "orders:write": "scope.orders:write",
  "payments:read": "scope.payments:read",
  "catalogue:read": "scope.catalogue:read",
  "catalogue:write": "scope.catalogue:write",
  "reports:read": "scope.reports:read",
  "audit:read": "scope.audit:read",
  "events:read": "scope.events:read",
  "webhooks:write": "scope.webhooks:write",
};

export function TokensPanel(props: { member: StaffMember; onClose: () => void }) {
  const { api, location } = useBackOffice();
  const { member } = props;
  const format = new Intl.DateTimeFormat(locale() === "en" ? "en-GB" : locale(), {
    timeZone: location.timezone,
    dateStyle: "short",
    timeStyle: "short",
  });
  const when = (at: string | null) => (at ? format.format(new Date(at)) : t("tokens.never"));
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
    <SidePanel title={t("tokens.title", { name: member.name })} onClose={props.onClose}>
      {made && (
        <ShownOnce
          label={t("tokens.madeLabel", { name: made.name })}
          secret={made.token}
          onDone={() => setMade(null)}
        />
      )}
      <Problem error={tokens.error ?? changing.error} />
      {(tokens.data ?? []).length === 0 ? (
        <p class="hint">{t("tokens.none", { name: member.name })}</p>
      ) : (
        <RecordTable
          label={t("tokens.list", { name: member.name })}
          rows={tokens.data ?? []}
          columns={[
            {
              title: t("tokens.token"),
              cell: (token) => (
                <>
                  {token.name}
                  <div class="hint">{t("tokens.hint", { hint: token.hint })}</div>
                  <div class="hint">
                    {token.scopes ? t("tokens.only", { scopes: token.scopes.join(", ") }) : t("tokens.everything")}
                  </div>
                </>
              ),
            },
            {
              title: t("tokens.createdUsed"),
              wraps: true,
              cell: (token) => (
                <>
                  {when(token.createdAt)}
                  <div class="hint">{t("tokens.lastUsed", { when: when(token.lastUsedAt) })}</div>
                </>
              ),
            },
          ]}
          actions={(token) =>
            token.revokedAt ? (
              <span class="chip">{t("tokens.revoked")}</span>
            ) : revoking === token.id ? (
              <Button tone="danger" label={t("tokens.yesRevokeOf", { name: token.name })} onClick={() => revoke(token)}>
                {t("tokens.yesRevoke")}
              </Button>
            ) : (
              <Button label={t("tokens.revokeOf", { name: token.name })} onClick={() => setRevoking(token.id)}>
                {t("tokens.revoke")}
              </Button>
            )
          }
        />
      )}
      <form onSubmit={make}>
        <TextField
          label={t("tokens.name")}
          value={name}
          onInput={setName}
          required
          placeholder={t("tokens.namePlaceholder")}
        />
        <fieldset class="group">
          <legend>{t("tokens.scopes")}</legend>
          <p class="hint">{t("tokens.scopesHint", { name: member.name })}</p>
          {(Object.keys(SCOPES) as Scope[]).map((scope) => (
            <CheckField
              key={scope}
              label={t("tokens.scopeLabel", { words: t(SCOPES[scope]), scope })}
              checked={scopes.includes(scope)}
              onChange={(on) => setScopes(on ? [...scopes, scope] : scopes.filter((found) => found !== scope))}
            />
          ))}
        </fieldset>
        <div class="panel-actions">
          <Button type="submit" tone="accent" disabled={changing.busy || !name.trim()}>
            {t("tokens.new")}
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
      <p>{rich("tokens.shownOnce", { label: props.label, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <input
        ref={setField}
        class="token-box"
        aria-label={t("tokens.newToken")}
        readOnly
        value={props.secret}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div class="panel-actions">
        <Button tone="accent" onClick={copy}>
          {t(copied ? "tokens.copied" : "tokens.copy")}
        </Button>
        <Button onClick={props.onDone}>{t("tokens.done")}</Button>
      </div>
    </div>
  );
}
