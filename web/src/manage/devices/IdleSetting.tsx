// How long a terminal of this location may stay untouched before it signs its staff member
// out (idleSignOutSeconds, part of the location's profile).

import { useState } from "preact/hooks";
import { useBackOffice } from "../context";
import { t } from "../messages";
import { SelectField } from "../parts";
import { ProfileForm } from "../ProfileForm";
import { idleChoice, idleChoices, idleSeconds } from "./idle";

export function IdleSetting() {
  const { location } = useBackOffice();
  const [choice, setChoice] = useState(idleChoice(location.idleSignOutSeconds));
  return (
    <ProfileForm
      id="idle-title"
      title={t("idle.title")}
      part={{ idleSignOutSeconds: idleSeconds(choice) }}
      changed={idleSeconds(choice) !== location.idleSignOutSeconds}
      hint={t("idle.hint")}
    >
      {({ disabled, edited }) => (
        <SelectField
          label={t("idle.label")}
          disabled={disabled}
          value={choice}
          options={idleChoices(location.idleSignOutSeconds)}
          onChange={(value) => {
            edited();
            setChoice(value);
          }}
        />
      )}
    </ProfileForm>
  );
}
