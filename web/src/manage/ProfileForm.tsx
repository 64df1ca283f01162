// A part of the location's profile as a form (taxes & charges, devices). PUT
// /api/locations/{id} takes the whole profile each time, so a form sends its part with the rest
// as it is. The profile is an admin's to change; a manager sees it.

import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { Schemas } from "../shared/api/client";
import { putLocation } from "../shared/api/dining";
import { Button } from "../shared/ui";
import { useBackOffice } from "./context";
import { t } from "./messages";
import { Problem, useAction } from "./parts";
import type { Location } from "./types";

export type Profile = Schemas["LocationProfile"];

export function profileOf(location: Location): Profile {
  return {
    name: location.name ?? "",
    timezone: location.timezone,
    currency: location.currency as Profile["currency"],
    ticketWarnMinutes: location.ticketWarnMinutes,
    ticketLateMinutes: location.ticketLateMinutes,
    taxMode: location.taxMode,
    cashRounding: location.cashRounding,
    autoComplete: location.autoComplete,
    idleSignOutSeconds: location.idleSignOutSeconds,
    serversOpenDrawers: location.serversOpenDrawers,
    boardShowsDineIn: location.boardShowsDineIn,
    // Set elsewhere (the language) or here: a PUT takes the profile whole, so every field the
    // location has goes back as it is, or the server's default would replace it.
    language: location.language,
    guestOrdering: location.guestOrdering,
    guestOrdersNeedConfirm: location.guestOrdersNeedConfirm,
  };
}

/** `children` get whether the fields are read-only and what to call when one is edited. */
export function ProfileForm(props: {
  id: string;
  title: string;
  part: Partial<Profile>;
  changed: boolean;
  hint: string;
  children: (form: { disabled: boolean; edited: () => void }) => ComponentChildren;
}) {
  const { api, caller, location, replaceLocation } = useBackOffice();
  const isAdmin = caller.role === "ADMIN";
  const [saved, setSaved] = useState(false);
  const saving = useAction();

  async function save(event: Event) {
    event.preventDefault();
    setSaved(false);
    const body = { ...profileOf(location), ...props.part };
    if (await saving.run(async () => replaceLocation(await putLocation(api, location.id, body)))) setSaved(true);
  }

  return (
    <form class="panel" aria-labelledby={props.id} onSubmit={save}>
      <h2 id={props.id}>{props.title}</h2>
      <div class="field-row money-fields">
        {props.children({ disabled: !isAdmin, edited: () => setSaved(false) })}
        {isAdmin && (
          <Button type="submit" tone="accent" disabled={saving.busy || !props.changed}>
            {t("profile.save")}
          </Button>
        )}
      </div>
      <p class="hint">
        {isAdmin ? "" : t("profile.adminChanges")}
        {props.hint}
      </p>
      <Problem error={saving.error} />
      {saved && (
        <p class="done" role="status">
          {t("profile.saved")}
        </p>
      )}
    </form>
  );
}
