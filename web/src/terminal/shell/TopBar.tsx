import type { Location, StaffCard } from "../../shared/types";
import { Button } from "../../shared/ui";
import { OfflineBanner } from "./OfflineBanner";
import { t } from "../messages";

const ROLE = {
  KITCHEN: () => t("terminal.role.kitchen"),
  SERVER: () => t("terminal.role.server"),
  MANAGER: () => t("terminal.role.manager"),
  ADMIN: () => t("terminal.role.admin"),
};

export function TopBar(props: {
  location: Location | null;
  staff: StaffCard;
  online: boolean;
  pending: number;
  /** A check that closed itself once paid, said in the brand's place for a few seconds. */
  paid: string | null;
  onSignOut: () => void;
  /** A manager's: the 86 sheet. */
  on86: (() => void) | null;
  /** The Till sheet: the drawer, pay in and out, the count, one's checkout. */
  onTill: () => void;
}) {
  return (
    <header class={props.online ? "topbar" : "topbar offline"}>
      {!props.online ? (
        <OfflineBanner waiting={props.pending} />
      ) : props.paid ? (
        <span class="brand paid-line" role="status">
          {props.paid}
        </span>
      ) : (
        <span class="brand">{t("terminal.topbar.brand", { location: props.location?.name ?? "…" })}</span>
      )}
      <span class="who">{t("terminal.topbar.who", { name: props.staff.name, role: ROLE[props.staff.role]() })}</span>
      <Button tone="quiet" onClick={props.onTill}>
        {t("terminal.topbar.till")}
      </Button>
      {props.on86 && (
        <Button tone="quiet" onClick={props.on86} label={t("terminal.topbar.86products")}>
          {t("terminal.topbar.86")}
        </Button>
      )}
      <Button tone="quiet" onClick={props.onSignOut}>
        {t("terminal.topbar.signOut")}
      </Button>
      <span
        class={`connection ${props.online ? "online" : "offline"}`}
        role="status"
        aria-label={t("terminal.topbar.connection")}
      >
        {props.online ? t("terminal.topbar.online") : t("terminal.topbar.offline")}
      </span>
    </header>
  );
}
