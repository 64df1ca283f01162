import type { Location, StaffCard } from "../../shared/types";
import { Button } from "../../shared/ui";
import { OfflineBanner } from "./OfflineBanner";

const ROLE = { KITCHEN: "Kitchen", SERVER: "Server", MANAGER: "Manager", ADMIN: "Admin" };

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
        <span class="brand">Brigade · {props.location?.name ?? "…"}</span>
      )}
      <span class="who">
        {props.staff.name} ({ROLE[props.staff.role]})
      </span>
      <Button tone="quiet" onClick={props.onTill}>
        Till
      </Button>
      {props.on86 && (
        <Button tone="quiet" onClick={props.on86} label="86 products">
          86
        </Button>
      )}
      <Button tone="quiet" onClick={props.onSignOut}>
        Sign out
      </Button>
      <span class={`connection ${props.online ? "online" : "offline"}`} role="status" aria-label="Connection">
        {props.online ? "● Online" : "○ Offline"}
      </span>
    </header>
  );
}
