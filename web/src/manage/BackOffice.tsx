// The back office: signed in? Then which location, the left navigation and one section.

import type { ComponentType } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { Api } from "../shared/api/client";
import { loadDevice, TERMINAL_KEY } from "../shared/device";
import { chosenLanguage, useLanguage } from "../shared/i18n";
import { listLocations } from "../shared/api/dining";
import { passwordSignOut } from "../shared/api/staff";
import { Button } from "../shared/ui";
import { inWords } from "../shared/words";
import { Audit } from "./audit/Audit";
import { BackOfficeContext } from "./context";
import { FirstLocation } from "./FirstLocation";
import { LocationPage } from "./location/LocationPage";
import { Devices } from "./devices/Devices";
import { Menu } from "./menu/Menu";
import { Pricing } from "./pricing/Pricing";
import { Printers } from "./printers/Printers";
import { ReaderPad } from "./readers/ReaderPad";
import { Readers } from "./readers/Readers";
import { forgetToken, loadToken, saveToken } from "./session";
import { refusal, SignIn, whoIs } from "./SignIn";
import { Staff } from "./staff/Staff";
import { Tables } from "./tables/Tables";
import { Till } from "./till/Till";
import { Today } from "./today/Today";
import { t } from "./messages";
import type { Caller, Location } from "./types";

type Section =
  | "today"
  | "till"
  | "menu"
  | "pricing"
  | "tables"
  | "staff"
  | "devices"
  | "location"
  | "printers"
  | "readers"
  | "audit";

export const SECTIONS: { id: Section; view: ComponentType }[] = [
  { id: "today", view: Today },
  { id: "till", view: Till },
  { id: "menu", view: Menu },
  { id: "pricing", view: Pricing },
  { id: "tables", view: Tables },
  { id: "staff", view: Staff },
  { id: "devices", view: Devices },
  { id: "location", view: LocationPage },
  { id: "printers", view: Printers },
  { id: "readers", view: Readers },
  { id: "audit", view: Audit },
];

// The location looked at, kept in this browser (every tab, after a restart): a back office
// opens where it was left. Its token stays in the tab only (session.ts).
const LOCATION_KEY = "brigade.manage.location";
const READER_PAGE = /^\/reader\/([0-9a-f-]{36})$/;

function useHashSection(): string {
  const read = () => location.hash.replace(/^#\/?/, "") || "today";
  const [section, setSection] = useState(read);
  useEffect(() => {
    const onChange = () => setSection(read());
    window.addEventListener("hashchange", onChange);
    return () => window.removeEventListener("hashchange", onChange);
  }, []);
  return section;
}

/** How the back office is signed in: a pasted token, or (token null) the cookie session a
 * password opened, which survives closing the tab. */
type Signed = { token: string | null; caller: Caller };

export function BackOfficeApp() {
  const [signed, setSigned] = useState<Signed | null>(null);
  const [checking, setChecking] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  // The staff member's own language, else their location's (known once its answer arrives;
  // before a sign-in, a terminal paired in this browser knows its location's).
  const [locationLanguage, setLocationLanguage] = useState<string | null>(
    () => loadDevice(TERMINAL_KEY)?.language ?? null,
  );
  useLanguage(chosenLanguage(signed?.caller) ?? locationLanguage);

  const signOut = (why: string | null = null) => {
    forgetToken();
    setSigned(null);
    setChecking(false);
    setNotice(why);
  };

  // A token kept from earlier in this tab, or else the session cookie, is checked again: it
  // may have been revoked, or the session may have ended, since.
  useEffect(() => {
    const kept = loadToken();
    whoIs(kept)
      .then((found) => (refusal(found) ? signOut(refusal(found)) : setSigned({ token: kept, caller: found })))
      .catch((failure) => signOut(kept ? inWords(failure) : null))
      .finally(() => setChecking(false));
  }, []);

  if (checking) return <p class="centered">{t("office.checking")}</p>;
  if (!signed) {
    return (
      <SignIn
        notice={notice}
        onSignedIn={(found) => {
          if (found.token) saveToken(found.token);
          setNotice(null);
          setSigned(found);
        }}
      />
    );
  }
  return (
    <SignedIn
      token={signed.token}
      caller={signed.caller}
      onSignOut={() => signOut(null)}
      onEnded={() => signOut(t("office.ended"))}
      onLocationLanguage={setLocationLanguage}
    />
  );
}

function SignedIn(props: {
  token: string | null;
  caller: Caller;
  onSignOut: () => void;
  onEnded: () => void;
  onLocationLanguage: (language: string | null) => void;
}) {
  const api = useMemo(() => new Api(() => props.token), [props.token]);
  const signOut = () => {
    // A cookie session is ended on the server too; a pasted token is only forgotten here.
    if (props.token) props.onSignOut();
    else passwordSignOut(api).finally(props.onSignOut);
  };
  api.onUnauthenticated = props.onEnded;
  const [locations, setLocations] = useState<Location[] | null>(null);
  // A session opened with a PIN on a terminal acts at the terminal's location only.
  const boundTo = props.caller.locationId;
  const [locationId, setLocationId] = useState<string | null>(() => boundTo ?? localStorage.getItem(LOCATION_KEY));
  const [error, setError] = useState<unknown>(null);
  const section = useHashSection();

  useEffect(() => {
    listLocations(api, { limit: 100 })
      .then((page) => setLocations(boundTo ? page.data.filter((found) => found.id === boundTo) : page.data))
      .catch(setError);
  }, [api, boundTo]);

  const location = locations?.find((found) => found.id === locationId) ?? locations?.[0] ?? null;
  const choose = (id: string) => {
    localStorage.setItem(LOCATION_KEY, id);
    setLocationId(id);
  };
  const addLocation = (made: Location) => {
    setLocations((found) => [...(found ?? []).filter((other) => other.id !== made.id), made]);
    choose(made.id);
  };
  const replaceLocation = (changed: Location) =>
    setLocations((found) => found?.map((other) => (other.id === changed.id ? changed : other)) ?? [changed]);
  const { onLocationLanguage } = props;
  const language = chosenLanguage(location);
  useEffect(() => onLocationLanguage(language), [onLocationLanguage, language]);
  // A simulator reader's page (/reader/{id}) is the back office's too, under its Readers.
  const padFor = READER_PAGE.exec(window.location.pathname)?.[1] ?? null;
  const current = SECTIONS.find((found) => found.id === (padFor ? "readers" : section)) ?? SECTIONS[0];
  const View = current.view;

  return (
    <div class="office">
      <header class="topbar">
        <span class="brand">{t("office.brand")}</span>
        {locations && locations.length > 1 && location ? (
          <select
            class="location-pick"
            aria-label={t("office.location")}
            value={location.id}
            onChange={(e) => choose(e.currentTarget.value)}
          >
            {locations.map((found) => (
              <option key={found.id} value={found.id}>
                {found.name ?? found.id}
              </option>
            ))}
          </select>
        ) : (
          <span>{location?.name}</span>
        )}
        <span class="who">{t("office.who", { name: props.caller.name, role: t(`role.${props.caller.role}`) })}</span>
        <Button tone="quiet" onClick={signOut}>
          {t("office.signOut")}
        </Button>
      </header>
      <nav class="office-nav" aria-label={t("office.nav")}>
        <ul>
          {SECTIONS.map((found) => (
            <li key={found.id}>
              <a href={`#/${found.id}`} aria-current={found.id === current.id ? "page" : undefined}>
                {t(`section.${found.id}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main class="office-main">
        {error ? (
          <p class="error" role="alert">
            {inWords(error)}
          </p>
        ) : locations === null ? (
          <p>{t("office.loading")}</p>
        ) : !location ? (
          props.caller.role === "ADMIN" ? (
            <FirstLocation api={api} onMade={addLocation} />
          ) : (
            <p class="notice">{t("office.noLocation")}</p>
          )
        ) : (
          <BackOfficeContext.Provider
            value={{ api, token: props.token, caller: props.caller, location, replaceLocation, addLocation }}
          >
            {padFor ? <ReaderPad key={padFor} readerId={padFor} /> : <View key={location.id} />}
          </BackOfficeContext.Provider>
        )}
      </main>
    </div>
  );
}
