// The first run (docs/design.md §22): one calm column, one question at a time, then the
// back office, signed in. The setup token is the link's fragment (never sent in a URL).

import { useEffect, useMemo, useState } from "preact/hooks";
import { Api } from "../shared/api/client";
import { setUp, setupState } from "../shared/api/setup";
import { useLanguage } from "../shared/i18n";
import { Button } from "../shared/ui";
import { inWords } from "../shared/words";
import {
  type Answers,
  blocker,
  choosableTimezones,
  type CountryRates,
  emptyAnswers,
  STEPS,
  setupBody,
  type Step,
  timezoneAnswers,
} from "./answers";
import { rich, t } from "./messages";
import { Question } from "./Question";

// A command and marks, the same in every language.
const SERVE_COMMAND = "brigade serve";
const LINK_MARK = "#";
const PENDING = "…";
const code = (chunks: preact.ComponentChildren[]) => <code>{chunks}</code>;

// Nobody has chosen a language yet: the first run speaks the browser's, when it is one of ours.
const browserLanguage = () => navigator.language.split("-")[0];

function ownTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

function browserTimezones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return choosableTimezones(intl.supportedValuesOf?.("timeZone") ?? [], ownTimezone());
}

export function Setup() {
  const api = useMemo(() => new Api(() => null), []);
  const token = location.hash.replace(/^#/, "");
  const timezones = useMemo(browserTimezones, []);
  const [needed, setNeeded] = useState<boolean | null>(null);
  const [usual, setUsual] = useState<CountryRates[]>([]);
  const [answers, setAnswers] = useState<Answers>(() => emptyAnswers(ownTimezone()));
  const [index, setIndex] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  useLanguage(browserLanguage());

  useEffect(() => {
    setupState(api)
      .then((state) => {
        setUsual(state.usualRates);
        // The browser's own timezone, and the country, currency and rates it names.
        setAnswers((current) => ({ ...current, ...timezoneAnswers(state.usualRates, current.timezone) }));
        setNeeded(state.needed);
      })
      .catch(setFailure);
  }, [api]);

  if (needed === false) {
    return (
      <Column title={t("done.title")}>
        <p>{t("done.someone")}</p>
        <a class="btn btn-accent" href="/manage">
          {t("done.signIn")}
        </a>
      </Column>
    );
  }
  if (!token) {
    return (
      <Column title={t("title")}>
        <p>{rich("openLink", { command: SERVE_COMMAND, mark: LINK_MARK, code })}</p>
      </Column>
    );
  }
  if (needed === null) return <Column title={t("title")}>{failure ? <Failure failure={failure} /> : PENDING}</Column>;

  const step: Step = STEPS[index];
  const why = blocker(step, answers, timezones);
  const change = (changed: Partial<Answers>) => setAnswers({ ...answers, ...changed });
  const last = index === STEPS.length - 1;

  async function next(event: Event) {
    event.preventDefault();
    if (why) return;
    if (!last) {
      setIndex(index + 1);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await setUp(api, setupBody(token, answers));
      location.assign("/manage");
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  }

  return (
    <Column title={t("title")}>
      <p class="hint">{t("step", { number: index + 1, count: STEPS.length })}</p>
      <form onSubmit={next}>
        <Question step={step} answers={answers} change={change} timezones={timezones} usual={usual} />
        {failure ? <Failure failure={failure} /> : null}
        <div class="setup-actions">
          {index > 0 && (
            <Button onClick={() => setIndex(index - 1)} disabled={busy}>
              {t("back")}
            </Button>
          )}
          <Button type="submit" tone="accent" disabled={busy || why !== null}>
            {last ? t("finish") : t("next")}
          </Button>
        </div>
        {why && <p class="hint">{why}</p>}
      </form>
    </Column>
  );
}

function Column(props: { title: string; children: preact.ComponentChildren }) {
  return (
    <main class="setup">
      <div class="card setup-column">
        <h1>{props.title}</h1>
        {props.children}
      </div>
    </main>
  );
}

function Failure(props: { failure: unknown }) {
  return (
    <p class="error" role="alert">
      {inWords(props.failure)}
    </p>
  );
}
