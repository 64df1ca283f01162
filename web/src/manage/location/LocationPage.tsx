// The Location section: the current location's settings (its whole profile, an admin's to
// change, a manager's to read) and, for an admin, another location added; the header's picker
// then switches between them (BackOffice.tsx).

import { useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { t } from "../messages";
import { type Profile, ProfileForm, profileOf } from "../ProfileForm";
import { LocationFields, profileBody } from "./LocationFields";
import { NewLocation } from "./NewLocation";

export function LocationPage() {
  const { api, caller, location, addLocation } = useBackOffice();
  const [draft, setDraft] = useState<Profile>(() => profileOf(location));
  const [adding, setAdding] = useState(false);
  const isAdmin = caller.role === "ADMIN";
  const body = profileBody(draft);
  const changed = JSON.stringify(body) !== JSON.stringify(profileOf(location));

  return (
    <section class="section" aria-labelledby="location-title">
      <header class="section-head">
        <h1 id="location-title">{t("location.title")}</h1>
        {isAdmin && !adding && (
          <Button tone="accent" onClick={() => setAdding(true)}>
            {t("location.add")}
          </Button>
        )}
      </header>
      <ProfileForm
        id="location-settings"
        title={t("location.settings", { name: location.name ?? t("location.this") })}
        part={body}
        changed={changed}
        hint={t("location.hint")}
      >
        {(form) => (
          <LocationFields
            profile={draft}
            disabled={form.disabled}
            onChange={(next) => {
              setDraft(next);
              form.edited();
            }}
          />
        )}
      </ProfileForm>
      {adding && (
        <NewLocation
          api={api}
          title={t("location.add")}
          intro={<p class="hint">{t("location.addIntro")}</p>}
          onMade={addLocation}
        />
      )}
    </section>
  );
}
