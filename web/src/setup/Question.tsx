// One question of the first run: its label, its one line of explanation, its input.

import { useState } from "preact/hooks";
import { formatMoney } from "../shared/money";
import { Button } from "../shared/ui";
import {
  type Answers,
  type CountryRates,
  countryAnswers,
  currencyAnswers,
  inCurrency,
  matchingTimezones,
  offeredPercents,
  ROUNDINGS,
  type Step,
  timezoneAnswers,
} from "./answers";
import { t } from "./messages";

const CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "CHF", "JPY", "MXN", "SEK", "NOK", "DKK"] as const;

interface Props {
  step: Step;
  answers: Answers;
  change: (changed: Partial<Answers>) => void;
  timezones: string[];
  /** Each country's usual rates (GET /api/setup). */
  usual: CountryRates[];
}

export function Question({ step, answers, change, timezones, usual }: Props) {
  const dish = inCurrency(10, answers.currency);
  switch (step) {
    case "location":
      return (
        <label>
          {t("location.question")}
          <input
            name="locationName"
            value={answers.locationName}
            onInput={(e) => change({ locationName: e.currentTarget.value })}
            autofocus
          />
        </label>
      );
    case "timezone":
      return <TimezonePick answers={answers} change={change} timezones={timezones} usual={usual} />;
    case "currency":
      return (
        <label>
          {t("currency.question")}
          <select
            name="currency"
            value={answers.currency}
            onChange={(e) => change(currencyAnswers(usual, answers, e.currentTarget.value))}
          >
            {CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {t("currency.choice", { code, name: t(`currency.${code}`) })}
              </option>
            ))}
          </select>
        </label>
      );
    case "taxMode":
      return (
        <fieldset class="setup-choices">
          <legend>{t("taxMode.question")}</legend>
          <Choice
            pressed={answers.taxMode === "INCLUSIVE"}
            onClick={() => change({ taxMode: "INCLUSIVE" })}
            title={t("taxMode.inclusive")}
            line={t("taxMode.inclusiveLine", { dish })}
          />
          <Choice
            pressed={answers.taxMode === "EXCLUSIVE"}
            onClick={() => change({ taxMode: "EXCLUSIVE" })}
            title={t("taxMode.exclusive")}
            line={t("taxMode.exclusiveLine", { dish })}
          />
        </fieldset>
      );
    case "rates":
      return <RatesQuestion answers={answers} change={change} usual={usual} />;
    case "rounding":
      return (
        <fieldset class="setup-choices">
          <legend>{t("rounding.question")}</legend>
          {ROUNDINGS.map((step) => (
            <Choice
              key={step || "none"}
              pressed={answers.cashRounding === step}
              onClick={() => change({ cashRounding: step })}
              title={step ? t("rounding.to", { step: inCurrency(Number(step), answers.currency) }) : t("rounding.none")}
              line={roundingLine(step, answers.currency)}
            />
          ))}
        </fieldset>
      );
    case "manager":
      return (
        <label>
          {t("manager.question")}
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
          {t("login.question")}
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
            {t("password.question")}
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
            {t("password.again")}
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
          <legend>{t("demo.question")}</legend>
          <Choice
            pressed={answers.demoMenu}
            onClick={() => change({ demoMenu: true })}
            title={t("demo.yes")}
            line={t("demo.yesLine")}
          />
          <Choice
            pressed={!answers.demoMenu}
            onClick={() => change({ demoMenu: false })}
            title={t("demo.no")}
            line={t("demo.noLine")}
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

/** What a cash rounding step does to a cash due of 12.43 (ties up, as the till rounds). */
function roundingLine(step: string, currency: string): string {
  const due = formatMoney(1243, currency);
  if (!step) return t("rounding.noneLine", { due });
  const cents = Math.round(Number(step) * 100);
  const rounded = Math.floor((1243 + cents / 2) / cents) * cents;
  return t("rounding.line", { due, rounded: formatMoney(rounded, currency) });
}

const RATE_FIELDS = [
  { field: "foodPercent", label: "rates.food" },
  { field: "alcoholPercent", label: "rates.alcohol" },
  { field: "takeoutPercent", label: "rates.takeout" },
] as const;

function RatesQuestion(props: Pick<Props, "answers" | "change" | "usual">) {
  const { answers, change, usual } = props;
  const country = usual.find((found) => found.country === answers.country);
  const offered = offeredPercents(country);
  return (
    <fieldset class="setup-choices">
      <legend>{t("rates.question")}</legend>
      <label>
        {t("rates.usual")}
        <select
          name="country"
          value={answers.country}
          onChange={(e) => change(countryAnswers(usual.find((found) => found.country === e.currentTarget.value)))}
        >
          <option value="">{t("rates.elsewhere")}</option>
          {usual.map((found) => (
            <option key={found.country} value={found.country}>
              {t("rates.country", { name: found.name, currency: found.currency })}
            </option>
          ))}
        </select>
      </label>
      <p class="hint">
        {country && offered.length > 0
          ? t("rates.offered", {
              country: country.name,
              standard: offered[0],
              reduced: offered.slice(1).join(t("rates.reducedSeparator")),
            })
          : t("rates.none")}
      </p>
      {RATE_FIELDS.map(({ field, label: labelId }) => {
        const label = t(labelId);
        return (
          <div class="setup-rate" key={field} role="group" aria-label={label}>
            <label for={`rate-${field}`}>{t("rates.field", { label })}</label>
            <div class="setup-rate-row">
              <input
                id={`rate-${field}`}
                name={field}
                inputMode="decimal"
                placeholder={field === "takeoutPercent" ? t("rates.asFoodHint") : ""}
                value={answers[field]}
                onInput={(e) => change({ [field]: e.currentTarget.value })}
              />
              {field === "takeoutPercent" && (
                <Button pressed={!answers.takeoutPercent.trim()} onClick={() => change({ takeoutPercent: "" })}>
                  {t("rates.asFood")}
                </Button>
              )}
              {offered.map((percent) => (
                <Button
                  key={percent}
                  pressed={answers[field].trim() === percent}
                  onClick={() => change({ [field]: percent })}
                  label={t("rates.at", { label, percent })}
                >
                  {t("rates.percent", { percent })}
                </Button>
              ))}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}

function TimezonePick(props: Pick<Props, "answers" | "change" | "timezones" | "usual">) {
  const [search, setSearch] = useState("");
  const shown = matchingTimezones(props.timezones, search, 8);
  return (
    <>
      <label>
        {t("timezone.question")}
        <input
          name="timezoneSearch"
          type="search"
          placeholder={t("timezone.search")}
          value={search}
          onInput={(e) => setSearch(e.currentTarget.value)}
          autofocus
        />
      </label>
      <p class="hint">{t("timezone.chosen", { zone: props.answers.timezone })}</p>
      <ul class="setup-zones" aria-label={t("timezone.list")}>
        {shown.map((zone) => (
          <li key={zone}>
            <Button
              pressed={zone === props.answers.timezone}
              onClick={() => props.change(timezoneAnswers(props.usual, zone))}
            >
              {zone.replaceAll("_", " ")}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
