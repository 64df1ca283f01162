// Staff: roles, active or not, PINs, back-office sign-in names and passwords, and each person's API tokens
// (Tokens.tsx). Managing staff is an ADMIN's (the API's rule); a manager
// sees who can sign in on the terminals and is told who can change it.

import { useRef, useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import { createStaff, listStaff, staffDirectory, updateStaff } from "../../shared/api/staff";
import { useBackOffice } from "../context";
import { t } from "../messages";
import {
  CheckField,
  everyPage,
  ListTools,
  PanelActions,
  Problem,
  RecordTable,
  SelectField,
  SidePanel,
  TextField,
  useAction,
  useEditing,
  useLoaded,
} from "../parts";
import type { Role, StaffMember } from "../types";
import { changeBody, createBody, fieldsOf, formProblem, refusalInWords, type StaffFields } from "./form";
import { TokensPanel } from "./Tokens";

const ROLES: Role[] = ["SERVER", "KITCHEN", "MANAGER", "ADMIN"];
const roleName = (role: Role) => t(`staff.role.${role}`);

export function Staff() {
  const { api, caller } = useBackOffice();
  const [search, setSearch] = useState("");
  const { editing, edit, close, saved } = useEditing<StaffMember>();
  const [tokensOf, setTokensOf] = useState<StaffMember | null>(null);
  const isAdmin = caller.role === "ADMIN";
  const directory = useLoaded(() => everyPage((page) => staffDirectory(api, { page, limit: 100 })), []);
  const staff = useLoaded(
    () => (isAdmin ? everyPage((page) => listStaff(api, { page, limit: 100 })) : Promise.resolve(null)),
    [isAdmin],
  );
  const withPin = new Set((directory.data ?? []).map((member) => member.id));
  const needle = search.trim().toLowerCase();
  const rows: { id: string; name: string; role: Role; isActive: boolean; member?: StaffMember }[] =
    staff.data?.map((member) => ({ ...member, member })) ??
    (directory.data ?? []).map((card) => ({ ...card, isActive: true }));
  const shown = rows.filter((row) => !needle || row.name.toLowerCase().includes(needle));
  const reload = () => {
    staff.reload();
    directory.reload();
  };

  return (
    <section class="section" aria-labelledby="staff-title">
      <header class="section-head">
        <h1 id="staff-title">{t("staff.title")}</h1>
      </header>
      {!isAdmin && <p class="notice">{t("staff.onlyAdmin")}</p>}
      <div class="with-panel">
        <div class="panel">
          <ListTools
            search={search}
            onSearch={setSearch}
            searchLabel={t("staff.search")}
            newLabel={isAdmin ? t("staff.new") : undefined}
            onNew={() => edit("new")}
          />
          <Problem error={staff.error ?? directory.error} />
          {rows.length === 0 ? (
            <p class="hint">{t(isAdmin ? "staff.noneYet" : "staff.noPins")}</p>
          ) : (
            <RecordTable
              label={t("staff.list")}
              rows={shown}
              columns={[
                { title: t("staff.name"), cell: (row) => row.name },
                { title: t("staff.role"), cell: (row) => roleName(row.role) },
                {
                  title: t("staff.status"),
                  cell: (row) =>
                    row.isActive ? t("staff.active") : <span class="chip">{t("staff.deactivated")}</span>,
                },
                { title: t("staff.pin"), cell: (row) => t(withPin.has(row.id) ? "staff.pinSet" : "staff.none") },
                ...(isAdmin
                  ? [
                      {
                        title: t("staff.signIn"),
                        cell: (row: (typeof rows)[number]) => row.member?.login ?? t("staff.none"),
                      },
                    ]
                  : []),
              ]}
              actions={
                isAdmin
                  ? (row) =>
                      row.member && (
                        <>
                          <Button
                            label={t("staff.editOf", { name: row.name })}
                            onClick={() => {
                              setTokensOf(null);
                              edit(row.member!);
                            }}
                          >
                            {t("staff.edit")}
                          </Button>
                          <Button
                            label={t("staff.tokensOf", { name: row.name })}
                            onClick={() => {
                              close();
                              setTokensOf(row.member!);
                            }}
                          >
                            {t("staff.tokens")}
                          </Button>
                        </>
                      )
                  : undefined
              }
            />
          )}
        </div>
        {editing && (
          <StaffPanel
            key={editing === "new" ? "new" : editing.id}
            member={editing === "new" ? null : editing}
            onClose={close}
            onSaved={saved(reload)}
          />
        )}
        {tokensOf && !editing && <TokensPanel key={tokensOf.id} member={tokensOf} onClose={() => setTokensOf(null)} />}
      </div>
    </section>
  );
}

function StaffPanel(props: { member: StaffMember | null; onClose: () => void; onSaved: () => void }) {
  const { api } = useBackOffice();
  const { member } = props;
  const [fields, setFields] = useState<StaffFields>(() => fieldsOf(member));
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useAction();
  // A second click lands before the disabled button is drawn: one save at a time, one person.
  const sending = useRef(false);
  const set =
    <K extends keyof StaffFields>(field: K) =>
    (value: StaffFields[K]) =>
      setFields((current) => ({ ...current, [field]: value }));

  async function save(event: Event) {
    event.preventDefault();
    if (sending.current) return;
    const refused = formProblem(fields, member);
    setProblem(refused);
    if (refused) return;
    sending.current = true;
    const done = await saving.run(() =>
      member ? updateStaff(api, member.id, changeBody(fields, member)) : createStaff(api, createBody(fields)),
    );
    sending.current = false;
    if (done) props.onSaved();
  }

  return (
    <SidePanel title={member ? t("staff.editOf", { name: member.name }) : t("staff.new")} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField label={t("staff.name")} value={fields.name} onInput={set("name")} required />
        <SelectField
          label={t("staff.role")}
          value={fields.role}
          onChange={set("role")}
          options={ROLES.map((role) => ({ value: role, label: roleName(role) }))}
        />
        {member && <CheckField label={t("staff.activeField")} checked={fields.active} onChange={set("active")} />}
        <TextField
          label={t(member ? "staff.newPin" : "staff.pinField")}
          type="password"
          value={fields.pin}
          onInput={set("pin")}
          inputMode="numeric"
        />
        <TextField
          label={t(member?.login ? "staff.loginRemove" : "staff.login")}
          value={fields.login}
          onInput={set("login")}
        />
        <TextField
          label={t(member?.hasPassword ? "staff.newPassword" : "staff.passwordField")}
          type="password"
          value={fields.password}
          onInput={set("password")}
        />
        <Problem error={problem ?? (saving.error && refusalInWords(saving.error, fields))} />
        <PanelActions
          busy={saving.busy}
          ready={!!fields.name.trim()}
          saveLabel={t(member ? "staff.save" : "staff.add")}
        />
      </form>
    </SidePanel>
  );
}
