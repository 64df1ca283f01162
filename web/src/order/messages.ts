// The ordering page's words, in each language (shared/i18n.ts); the menu, the product sheet and
// the basket speak the guests' phone's (guest/messages).

import english from "./messages/en.json";
import { catalogue, type Messages } from "../shared/i18n";

export const { t } = catalogue(
  english,
  import.meta.glob<Messages>(["./messages/*.json", "!./messages/en.json"], { import: "default" }),
);
