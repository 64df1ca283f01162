// The Location section: the current location's settings (its whole profile, an admin's to
// change, a manager's to read) and, for an admin, another location added; the header's picker
// then switches between them (BackOffice.tsx).

import { useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
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
        <h1 id="location-title">Location</h1>
        {isAdmin && !adding && (
          <Button tone="accent" onClick={() => setAdding(true)}>
            Add a location
          </Button>
        )}
      </header>
      <ProfileForm
        id="location-settings"
        title={`${location.name ?? "This location"}: settings`}
        part={body}
        changed={changed}
        hint="Its timezone decides where a business day starts and ends; its currency, the money on every screen. The terminals' idle sign-out is under Devices."
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
          title="Add a location"
          intro={
            <p class="hint">
              Another restaurant or site: its own menu, tables, devices and day. The back office switches to it once
              made.
            </p>
          }
          onMade={addLocation}
        />
      )}
    </section>
  );
}
