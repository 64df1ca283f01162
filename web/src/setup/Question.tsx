// One question of the first run: its label, its one line of explanation, its input.

import { useState } from "preact/hooks";
import { Button } from "../shared/ui";
import { type Answers, matchingTimezones, type Step } from "./answers";

const CURRENCIES: [string, string][] = [
  ["USD", "US dollar"],
  ["EUR", "Euro"],
  ["GBP", "Pound sterling"],
  ["CAD", "Canadian dollar"],
  ["AUD", "Australian dollar"],
  ["NZD", "New Zealand dollar"],
  ["CHF", "Swiss franc"],
  ["JPY", "Japanese yen"],
  ["MXN", "Mexican peso"],
  ["SEK", "Swedish krona"],
  ["NOK", "Norwegian krone"],
  ["DKK", "Danish krone"],
];

interface Props {
  step: Step;
  answers: Answers;
  change: (changed: Partial<Answers>) => void;
  timezones: string[];
}

export function Question({ step, answers, change, timezones }: Props) {
  switch (step) {
    case "location":
      return (
        <label>
          What is the restaurant called?
          <input
            name="locationName"
            value={answers.locationName}
            onInput={(e) => change({ locationName: e.currentTarget.value })}
            autofocus
          />
        </label>
      );
    case "timezone":
      return <TimezonePick answers={answers} change={change} timezones={timezones} />;
    case "currency":
      return (
        <label>
          Which currency do guests pay in?
          <select
            name="currency"
            value={answers.currency}
            onChange={(e) => change({ currency: e.currentTarget.value })}
          >
            {CURRENCIES.map(([code, name]) => (
              <option key={code} value={code}>
                {code} · {name}
              </option>
            ))}
          </select>
        </label>
      );
    case "taxMode":
      return (
        <fieldset class="setup-choices">
          <legend>Do menu prices include tax?</legend>
          <Choice
            pressed={answers.taxMode === "INCLUSIVE"}
            onClick={() => change({ taxMode: "INCLUSIVE" })}
            title="Prices include tax"
            line="A $10 dish costs the guest $10; the tax is worked out inside it (usual in Europe)."
          />
          <Choice
            pressed={answers.taxMode === "EXCLUSIVE"}
            onClick={() => change({ taxMode: "EXCLUSIVE" })}
            title="Tax is added on top"
            line="A $10 dish costs $10 plus tax, added at the end of the check (usual in the US)."
          />
        </fieldset>
      );
    case "manager":
      return (
        <label>
          Your name (you will be the first manager, an admin)
          <input
            name="managerName"
            value={answers.managerName}
            onInput={(e) => change({ managerName: e.currentTarget.value })}
            autofocus
          />
        </label>
      );
    case "login":
      return (
        <label>
          Your sign-in name (an email or a short name)
          <input
            name="login"
            value={answers.login}
            onInput={(e) => change({ login: e.currentTarget.value })}
            autocomplete="username"
            autocapitalize="none"
            autofocus
          />
        </label>
      );
    case "password":
      return (
        <>
          <label>
            A password (at least 10 characters)
            <input
              name="password"
              type="password"
              value={answers.password}
              onInput={(e) => change({ password: e.currentTarget.value })}
              autocomplete="new-password"
              autofocus
            />
          </label>
          <label>
            The same password again
            <input
              name="passwordAgain"
              type="password"
              value={answers.passwordAgain}
              onInput={(e) => change({ passwordAgain: e.currentTarget.value })}
              autocomplete="new-password"
            />
          </label>
        </>
      );
    case "demo":
      return (
        <fieldset class="setup-choices">
          <legend>Start with a demo menu?</legend>
          <Choice
            pressed={answers.demoMenu}
            onClick={() => change({ demoMenu: true })}
            title="Yes, a demo menu"
            line="Starters, mains, desserts and drinks to try the terminal with; change or delete them later."
          />
          <Choice
            pressed={!answers.demoMenu}
            onClick={() => change({ demoMenu: false })}
            title="No, an empty menu"
            line="You add your own products in the back office's Menu."
          />
        </fieldset>
      );
  }
}

function Choice(props: { pressed: boolean; onClick: () => void; title: string; line: string }) {
  return (
    <Button pressed={props.pressed} onClick={props.onClick} class="setup-choice">
      <strong>{props.title}</strong>
      <span>{props.line}</span>
    </Button>
  );
}

function TimezonePick(props: Pick<Props, "answers" | "change" | "timezones">) {
  const [search, setSearch] = useState("");
  const shown = matchingTimezones(props.timezones, search, 8);
  return (
    <>
      <label>
        Which timezone is the restaurant in?
        <input
          name="timezoneSearch"
          type="search"
          placeholder="Search: paris, new york, tokyo…"
          value={search}
          onInput={(e) => setSearch(e.currentTarget.value)}
          autofocus
        />
      </label>
      <p class="hint">Chosen: {props.answers.timezone}</p>
      <ul class="setup-zones" aria-label="Timezones">
        {shown.map((zone) => (
          <li key={zone}>
            <Button pressed={zone === props.answers.timezone} onClick={() => props.change({ timezone: zone })}>
              {zone.replaceAll("_", " ")}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
