// On `/` while the first run is still to be done (docs/design.md §22): a way to it.

import { useEffect, useState } from "preact/hooks";
import { Api } from "../shared/api/client";
import { setupState } from "../shared/api/setup";

export function FirstRunLink() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    setupState(new Api(() => null))
      .then((state) => setNeeded(state.needed))
      .catch(() => setNeeded(false));
  }, []);
  if (!needed) return null;
  return (
    <p class="notice">
      New installation? <a href="/setup">Set up the restaurant</a> with the one-time link the server printed when it
      started (it carries the code that lets you in).
    </p>
  );
}
