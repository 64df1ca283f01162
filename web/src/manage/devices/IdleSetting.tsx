// How long a terminal of this location may stay untouched before it signs its staff member
// out (idleSignOutSeconds, part of the location's profile).

import { useState } from "preact/hooks";
import { useBackOffice } from "../context";
import { SelectField } from "../parts";
import { ProfileForm } from "../ProfileForm";
import { idleChoice, idleChoices, idleSeconds } from "./idle";

export function IdleSetting() {
  const { location } = useBackOffice();
  const [choice, setChoice] = useState(idleChoice(location.idleSignOutSeconds));
  return (
    <ProfileForm
      id="idle-title"
      title="Terminals sign out"
      part={{ idleSignOutSeconds: idleSeconds(choice) }}
      changed={idleSeconds(choice) !== location.idleSignOutSeconds}
      hint="A terminal warns 10 seconds before. With unsent items on the open check it stays signed in and asks whether to send them."
    >
      {({ disabled, edited }) => (
        <SelectField
          label="Idle sign-out"
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
