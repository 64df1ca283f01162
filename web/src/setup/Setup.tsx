// The first run (docs/design.md §22): one calm column, one question at a time, then the
// back office, signed in. The setup token is the link's fragment (never sent in a URL).

import { useEffect, useMemo, useState } from "preact/hooks";
import { Api } from "../shared/api/client";
import { setUp, setupState } from "../shared/api/setup";
import { Button } from "../shared/ui";
import { inWords } from "../shared/words";
import { type Answers, blocker, emptyAnswers, STEPS, setupBody, type Step } from "./answers";
import { Question } from "./Question";

function browserTimezones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.("timeZone") ?? ["UTC"];
}

export function Setup() {
  const api = useMemo(() => new Api(() => null), []);
  const token = location.hash.replace(/^#/, "");
  const timezones = useMemo(browserTimezones, []);
  const [needed, setNeeded] = useState<boolean | null>(null);
  const [answers, setAnswers] = useState<Answers>(() =>
    emptyAnswers(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"),
  );
  const [index, setIndex] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    setupState(api)
      .then((state) => setNeeded(state.needed))
      .catch(setFailure);
  }, [api]);

  if (needed === false) {
    return (
      <Column title="Brigade is set up">
        <p>Someone already signs in with a password.</p>
        <a class="btn btn-accent" href="/manage">
          Sign in to the back office
        </a>
      </Column>
    );
  }
  if (!token) {
    return (
      <Column title="Set up Brigade">
        <p>
          Open the link <code>brigade serve</code> printed when it started (it ends with <code>#</code> and a code).
        </p>
      </Column>
    );
  }
  if (needed === null) return <Column title="Set up Brigade">{failure ? <Failure failure={failure} /> : "…"}</Column>;

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
    <Column title="Set up Brigade">
      <p class="hint">
        Step {index + 1} of {STEPS.length}
      </p>
      <form onSubmit={next}>
        <Question step={step} answers={answers} change={change} timezones={timezones} />
        {failure ? <Failure failure={failure} /> : null}
        <div class="setup-actions">
          {index > 0 && (
            <Button onClick={() => setIndex(index - 1)} disabled={busy}>
              Back
            </Button>
          )}
          <Button type="submit" tone="accent" disabled={busy || why !== null}>
            {last ? "Finish and open the back office" : "Next"}
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
