// A new installation has no location yet: an admin names the first one, with its timezone
// (business days), currency, whether its prices include tax and how it rounds cash, and the
// back office opens on it.

import type { Api } from "../shared/api/client";
import { NewLocation } from "./location/NewLocation";
import { t } from "./messages";
import type { Location } from "./types";

export function FirstLocation(props: { api: Api; onMade: (location: Location) => void }) {
  return (
    <NewLocation
      api={props.api}
      class="panel pairing"
      title={t("first.title")}
      essentialsOnly
      intro={<p>{t("first.intro")}</p>}
      onMade={props.onMade}
    />
  );
}
