// A location made from the back office: a new id, its profile (PUT /api/locations/{id}, an
// admin's). The first one of a new installation, and any one added later.

import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { type Api, randomUuid } from "../../shared/api/client";
import { putLocation } from "../../shared/api/dining";
import { t } from "../messages";
import { PanelActions, Problem, useAction } from "../parts";
import type { Location } from "../types";
import { LocationFields, newProfile, profileBody, profileReady } from "./LocationFields";

export function NewLocation(props: {
  api: Api;
  title: string;
  intro: ComponentChildren;
  class?: string;
  essentialsOnly?: boolean;
  onMade: (location: Location) => void;
}) {
  const [profile, setProfile] = useState(newProfile);
  const saving = useAction();

  async function save(event: Event) {
    event.preventDefault();
    await saving.run(async () => props.onMade(await putLocation(props.api, randomUuid(), profileBody(profile))));
  }

  return (
    <form class={props.class ?? "panel"} onSubmit={save} aria-label={props.title}>
      <h2>{props.title}</h2>
      {props.intro}
      <LocationFields profile={profile} onChange={setProfile} essentialsOnly={props.essentialsOnly} />
      <Problem error={saving.error} />
      <PanelActions busy={saving.busy} ready={profileReady(profile)} saveLabel={t("location.create")} />
    </form>
  );
}
