// A location's profile as fields (PUT /api/locations/{id} takes it whole): the one form of the
// first location, a new one and the current one's settings. The terminals' idle sign-out is
// set under Devices, and kept as it is here.

import { CheckField, SelectField, TextField } from "../parts";
import { cashRoundingOf, cashStepOf, cashStepOptions, taxModes } from "../pricing/fields";
import { t } from "../messages";
import type { Profile } from "../ProfileForm";

/** What guests may do from their phones at the tables, least first. */
const GUEST_ORDERING = ["OFF", "MENU", "ORDER", "ORDER_AND_PAY"] as const;

/** The profile of a location not made yet: this browser's timezone, the server's defaults. */
export function newProfile(): Profile {
  return {
    name: "",
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    currency: "USD",
    taxMode: "EXCLUSIVE",
    cashRounding: null,
  };
}

/** Whether the profile can be sent: the server checks the rest and says so in words. */
export const profileReady = (profile: Profile) => !!profile.name.trim() && !!profile.timezone.trim();

/** The profile as sent: names trimmed, the currency in capitals. */
export function profileBody(profile: Profile): Profile {
  return {
    ...profile,
    name: profile.name.trim(),
    timezone: profile.timezone.trim(),
    currency: (profile.currency ?? "USD").trim().toUpperCase() as Profile["currency"],
  };
}

export function LocationFields(props: {
  profile: Profile;
  onChange: (profile: Profile) => void;
  disabled?: boolean;
  /** Only the first location's essentials: the rest keep the server's defaults. */
  essentialsOnly?: boolean;
}) {
  const { profile, disabled } = props;
  const set =
    <K extends keyof Profile>(key: K) =>
    (value: Profile[K]) =>
      props.onChange({ ...profile, [key]: value });
  const minutes = (key: "ticketWarnMinutes" | "ticketLateMinutes") => (value: string) =>
    set(key)(Number.parseInt(value, 10) || 0);
  return (
    <>
      <TextField label={t("location.name")} value={profile.name} onInput={set("name")} required disabled={disabled} />
      <TextField
        label={t("location.timezone")}
        value={profile.timezone}
        onInput={set("timezone")}
        required
        placeholder="America/New_York"
        disabled={disabled}
      />
      <TextField
        label={t("location.currency")}
        value={profile.currency ?? ""}
        onInput={(value) => set("currency")(value as Profile["currency"])}
        required
        disabled={disabled}
      />
      <SelectField
        label={t("location.prices")}
        value={profile.taxMode ?? "EXCLUSIVE"}
        options={taxModes()}
        onChange={set("taxMode")}
        disabled={disabled}
      />
      <SelectField
        label={t("location.cashRounding")}
        value={cashStepOf(profile.cashRounding)}
        options={cashStepOptions(profile.currency?.trim().toUpperCase() || "USD")}
        onChange={(step) => set("cashRounding")(cashRoundingOf(step))}
        disabled={disabled}
      />
      {!props.essentialsOnly && (
        <>
          <TextField
            label={t("location.warnAfter")}
            value={String(profile.ticketWarnMinutes ?? 5)}
            onInput={minutes("ticketWarnMinutes")}
            inputMode="numeric"
            disabled={disabled}
          />
          <TextField
            label={t("location.lateAfter")}
            value={String(profile.ticketLateMinutes ?? 10)}
            onInput={minutes("ticketLateMinutes")}
            inputMode="numeric"
            disabled={disabled}
          />
          <CheckField
            label={t("location.autoComplete")}
            checked={profile.autoComplete ?? true}
            onChange={set("autoComplete")}
            disabled={disabled}
          />
          <CheckField
            label={t("location.serversOpenDrawers")}
            checked={profile.serversOpenDrawers ?? true}
            onChange={set("serversOpenDrawers")}
            disabled={disabled}
          />
          <CheckField
            label={t("location.boardDineIn")}
            checked={profile.boardShowsDineIn ?? false}
            onChange={set("boardShowsDineIn")}
            disabled={disabled}
          />
          <SelectField
            label={t("location.guestOrdering")}
            value={profile.guestOrdering ?? "OFF"}
            options={GUEST_ORDERING.map((mode) => ({ value: mode, label: t(`location.guestOrdering.${mode}`) }))}
            onChange={set("guestOrdering")}
            disabled={disabled}
          />
          <CheckField
            label={t("location.guestOrdersNeedConfirm")}
            checked={profile.guestOrdersNeedConfirm ?? true}
            onChange={set("guestOrdersNeedConfirm")}
            disabled={disabled || (profile.guestOrdering ?? "OFF") === "OFF"}
          />
        </>
      )}
    </>
  );
}
