// Staff: roles, active or not, PINs. Managing staff is an ADMIN's (the API's rule); a manager
// sees who can sign in on the terminals and is told who can change it.

import { useState } from "preact/hooks";
import { Button } from "../../kit/ui";
import { useBackOffice } from "../context";
import { CheckField, everyPage, Problem, SearchBox, SelectField, SidePanel, TextField, useAction, useLoaded } from "../parts";
import type { Page, Role, StaffMember } from "../types";

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
  const [editing, setEditing] = useState<StaffMember | "new" | null>(null);
  const isAdmin = caller.role === "ADMIN";
  const directory = useLoaded(
    () => everyPage((page) => api.get<Page<{ id: string; name: string; role: Role }>>("/api/staff/directory", { query: { page, limit: 100 } })),
    [],
  );
  const staff = useLoaded(
    () => (isAdmin ? everyPage((page) => api.get<Page<StaffMember>>("/api/staff", { query: { page, limit: 100 } })) : Promise.resolve(null)),
    [isAdmin],
  );
  const withPin = new Set((directory.data ?? []).map((member) => member.id));
  const needle = search.trim().toLowerCase();
  const rows: { id: string; name: string; role: Role; isActive: boolean; member?: StaffMember }[] =
    staff.data?.map((member) => ({ ...member, member })) ?? (directory.data ?? []).map((card) => ({ ...card, isActive: true }));
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
          Only an admin adds staff, changes roles or sets someone else’s PIN. Below: who can sign in on the terminals now.
        </p>
      )}
      <div class="with-panel">
        <div class="panel">
          <div class="toolbar">
            <SearchBox label="Search staff" value={search} onInput={setSearch} />
            {isAdmin && (
              <Button tone="accent" onClick={() => setEditing("new")}>
                New staff member
              </Button>
            )}
          </div>
          <Problem error={staff.error ?? directory.error} />
          {rows.length === 0 ? (
            <p class="hint">{isAdmin ? "No staff yet: add the team, then give each a PIN." : "Nobody has a PIN yet."}</p>
          ) : (
            <table class="data-table" aria-label="Staff">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">PIN</th>
                  {isAdmin && (
                    <th scope="col">
                      <span class="visually-hidden">Edit</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <tr key={row.id}>
                    <td>{row.name}</td>
                    <td>{roleName(row.role)}</td>
                    <td>{row.isActive ? "Active" : <span class="chip">Deactivated</span>}</td>
                    <td>{withPin.has(row.id) ? "Set" : "None"}</td>
                    {isAdmin && row.member && (
                      <td>
                        <Button label={`Edit ${row.name}`} onClick={() => setEditing(row.member!)}>
                          Edit
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        {editing && (
          <StaffPanel
            key={editing === "new" ? "new" : editing.id}
            member={editing === "new" ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              reload();
            }}
          />
        )}
      </div>
    </section>
  );
}

function StaffPanel(props: { member: StaffMember | null; onClose: () => void; onSaved: () => void }) {
  const { api } = useBackOffice();
  const { member } = props;
  const [name, setName] = useState(member?.name ?? "");
  const [role, setRole] = useState<Role>(member?.role ?? "SERVER");
  const [active, setActive] = useState(member?.isActive ?? true);
  const [pin, setPin] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useAction();

  async function save(event: Event) {
    event.preventDefault();
    if (pin && !/^\d{4,8}$/.test(pin)) {
      setProblem("A PIN is 4 to 8 digits.");
      return;
    }
    setProblem(null);
    const done = await saving.run(async () => {
      const saved = member
        ? await api.patch<StaffMember>(`/api/staff/${member.id}`, { name: name.trim(), role, isActive: active })
        : await api.post<StaffMember>("/api/staff", { name: name.trim(), role });
      if (pin) await api.put(`/api/staff/${saved.id}/pin`, { pin });
    });
    if (done) props.onSaved();
  }

  return (
    <SidePanel title={member ? `Edit ${member.name}` : "New staff member"} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField label="Name" value={name} onInput={setName} required />
        <SelectField label="Role" value={role} onChange={setRole} options={ROLES} />
        {member && <CheckField label="Active (deactivating ends their sessions at once)" checked={active} onChange={setActive} />}
        <TextField label={member ? "New PIN (leave empty to keep theirs)" : "PIN (4 to 8 digits)"} type="password" value={pin} onInput={setPin} inputMode="numeric" />
        {problem && (
          <p class="error" role="alert">
            {problem}
          </p>
        )}
        <Problem error={saving.error} />
        <div class="panel-actions">
          <Button type="submit" tone="accent" disabled={saving.busy || !name.trim()}>
            {member ? "Save staff member" : "Add staff member"}
          </Button>
        </div>
      </form>
    </SidePanel>
  );
}
