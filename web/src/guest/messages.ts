// The guests' phone's words, in each language (shared/i18n.ts).

import english from "./messages/en.json";
import { catalogue, type Messages } from "../shared/i18n";

export const { t, rich } = catalogue(
  english,
  import.meta.glob<Messages>(["./messages/*.json", "!./messages/en.json"], { import: "default" }),
);
