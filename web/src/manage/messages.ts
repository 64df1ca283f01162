// The back office's words, in each language (shared/i18n.ts).

import english from "./messages/en.json";
import { catalogue, type Messages } from "../shared/i18n";

export const { t, rich } = catalogue(
  english,
  import.meta.glob<Messages>(["./messages/*.json", "!./messages/en.json"], { import: "default" }),
);

type Id = Parameters<typeof t>[0];

/** A payment method's name ("CASH" is "Cash"). */
export const paymentMethodName = (method: string): string => t(`payment.${method}` as Id);

/** An order type's name ("DINE_IN" is "Dine in"). */
export const orderTypeName = (orderType: string): string => t(`orderType.${orderType}` as Id);

/** An allergen's name ("NUTS" is "Tree nuts"). */
export const allergenName = (code: string): string => t(`menu.allergen.${code}` as Id);
