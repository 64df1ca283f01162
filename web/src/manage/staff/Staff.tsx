// Staff: roles, active or not, PINs, back-office sign-in names and passwords, and each person's API tokens
// (Tokens.tsx). Managing staff is an ADMIN's (the API's rule); a manager
// sees who can sign in on the terminals and is told who can change it.

import { useRef, useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import { createStaff, listStaff, staffDirectory, updateStaff } from "../../shared/api/staff";
import { useBackOffice } from "../context";
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

const ROLES: { value: Role; label: string }[] = [
  { value: "SERVER", label: "Server" },
  { value: "KITCHEN", label: "Kitchen" },
  { value: "MANAGER", label: "Manager" },
  { value: "ADMIN", label: "Admin" },
];
const roleName = (role: Role) => ROLES.find((found) => found.value === role)?.label ?? role;

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
        <h1 id="staff-title">Staff</h1>
      </header>
      {!isAdmin && (
        <p class="notice">
          Only an admin adds staff, changes roles or sets someone else’s PIN. Below: who can sign in on the terminals
          now.
        </p>
      )}
      <div class="with-panel">
        <div class="panel">
          <ListTools
            search={search}
            onSearch={setSearch}
            searchLabel="Search staff"
            newLabel={isAdmin ? "New staff member" : undefined}
            onNew={() => edit("new")}
          />
          <Problem error={staff.error ?? directory.error} />
          {rows.length === 0 ? (
            <p class="hint">
              {isAdmin ? "No staff yet: add the team, then give each a PIN." : "Nobody has a PIN yet."}
            </p>
          ) : (
            <RecordTable
              label="Staff"
              rows={shown}
              columns={[
                { title: "Name", cell: (row) => row.name },
                { title: "Role", cell: (row) => roleName(row.role) },
                { title: "Status", cell: (row) => (row.isActive ? "Active" : <span class="chip">Deactivated</span>) },
                { title: "PIN", cell: (row) => (withPin.has(row.id) ? "Set" : "None") },
                ...(isAdmin
                  ? [
                      {
                        title: "Back office sign-in",
                        cell: (row: (typeof rows)[number]) => row.member?.login ?? "None",
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
                            label={`Edit ${row.name}`}
                            onClick={() => {
                              setTokensOf(null);
                              edit(row.member!);
                            }}
                          >
                            Edit
                          </Button>
                          <Button
                            label={`API tokens of ${row.name}`}
                            onClick={() => {
                              close();
                              setTokensOf(row.member!);
                            }}
                          >
                            API tokens
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
    <SidePanel title={member ? `Edit ${member.name}` : "New staff member"} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField label="Name" value={fields.name} onInput={set("name")} required />
        <SelectField label="Role" value={fields.role} onChange={set("role")} options={ROLES} />
        {member && (
          <CheckField
            label="Active (deactivating ends their sessions at once)"
            checked={fields.active}
            onChange={set("active")}
          />
        )}
        <TextField
          label={member ? "New PIN (leave empty to keep theirs)" : "PIN (4 to 8 digits)"}
          type="password"
          value={fields.pin}
          onInput={set("pin")}
          inputMode="numeric"
        />
        <TextField
          label={
            member?.login
              ? "Back-office login (empty it to take their password sign-in away)"
              : "Back-office login (managers and admins)"
          }
          value={fields.login}
          onInput={set("login")}
        />
        <TextField
          label={
            member?.hasPassword ? "New password (leave empty to keep theirs)" : "Password (at least 10 characters)"
          }
          type="password"
          value={fields.password}
          onInput={set("password")}
        />
        <Problem error={problem ?? (saving.error && refusalInWords(saving.error, fields))} />
        <PanelActions
          busy={saving.busy}
          ready={!!fields.name.trim()}
          saveLabel={member ? "Save staff member" : "Add staff member"}
        />
      </form>
    </SidePanel>
  );
}
