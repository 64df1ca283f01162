// On `/` while the first run is still to be done (docs/design.md §22): a way to it.

import { useEffect, useState } from "preact/hooks";
import { Api } from "./api/client";
import { setupState } from "./api/setup";
import { rich } from "./messages";

export function FirstRunLink() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    setupState(new Api(() => null))
      .then((state) => setNeeded(state.needed))
      .catch(() => setNeeded(false));
  }, []);
  if (!needed) return null;
  return <p class="notice">{rich("firstRun", { a: (chunks) => <a href="/setup">{chunks}</a> })}</p>;
}
