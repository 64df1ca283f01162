// The back office: signed in? Then which location, the left navigation and one section.

import type { ComponentType } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { Api } from "../shared/api/client";
import { useLatest } from "../shared/latest";
import { listLocations } from "../shared/api/dining";
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
import { forgetToken, loadToken, saveToken } from "./session";
import { refusal, SignIn, whoIs } from "./SignIn";
import { Staff } from "./staff/Staff";
import { Tables } from "./tables/Tables";
import { Till } from "./till/Till";
import { Today } from "./today/Today";
import type { Caller, Location } from "./types";

export const SECTIONS: { id: string; title: string; view: ComponentType }[] = [
  { id: "today", title: "Today", view: Today },
  { id: "till", title: "Till", view: Till },
  { id: "menu", title: "Menu", view: Menu },
  { id: "pricing", title: "Taxes & charges", view: Pricing },
  { id: "tables", title: "Tables", view: Tables },
  { id: "staff", title: "Staff", view: Staff },
  { id: "devices", title: "Devices", view: Devices },
  { id: "location", title: "Location", view: LocationPage },
  { id: "printers", title: "Printers", view: Printers },
  { id: "audit", title: "Audit", view: Audit },
];

// The location looked at, kept in this browser (every tab, after a restart): a back office
// opens where it was left. Its token stays in the tab only (session.ts).
const LOCATION_KEY = "brigade.manage.location";

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

export function BackOfficeApp() {
  const [token, setToken] = useState<string | null>(loadToken);
  const [caller, setCaller] = useState<Caller | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const signOut = (why: string | null = null) => {
    forgetToken();
    setToken(null);
    setCaller(null);
    setNotice(why);
  };

  // A token kept from earlier in this tab is checked again: it may have been revoked since.
  const known = useLatest(caller);
  useEffect(() => {
    if (!token || known.current) return;
    whoIs(token)
      .then((found) => (refusal(found) ? signOut(refusal(found)) : setCaller(found)))
      .catch((failure) => signOut(inWords(failure)));
  }, [token, known]);

  if (!token) {
    return (
      <SignIn
        notice={notice}
        onSignedIn={(pasted, found) => {
          saveToken(pasted);
          setToken(pasted);
          setCaller(found);
        }}
      />
    );
  }
  if (!caller) return <p class="centered">Checking your token…</p>;
  return (
    <SignedIn
      token={token}
      caller={caller}
      onSignOut={() => signOut(null)}
      onEnded={() => signOut("Your token is no longer accepted: sign in again.")}
    />
  );
}

function SignedIn(props: { token: string; caller: Caller; onSignOut: () => void; onEnded: () => void }) {
  const api = useMemo(() => new Api(() => props.token), [props.token]);
  api.onUnauthenticated = props.onEnded;
  const [locations, setLocations] = useState<Location[] | null>(null);
  const [locationId, setLocationId] = useState<string | null>(
    () => localStorage.getItem(LOCATION_KEY) ?? props.caller.locationId,
  );
  const [error, setError] = useState<unknown>(null);
  const section = useHashSection();

  useEffect(() => {
    listLocations(api, { limit: 100 })
      .then((page) => setLocations(page.data))
      .catch(setError);
  }, [api]);

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
  const current = SECTIONS.find((found) => found.id === section) ?? SECTIONS[0];
  const View = current.view;

  return (
    <div class="office">
      <header class="topbar">
        <span class="brand">Brigade · back office</span>
        {locations && locations.length > 1 && location ? (
          <select
            class="location-pick"
            aria-label="Location"
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
        <span class="who">
          {props.caller.name} ({props.caller.role.toLowerCase()})
        </span>
        <Button tone="quiet" onClick={props.onSignOut}>
          Sign out
        </Button>
      </header>
      <nav class="office-nav" aria-label="Back office">
        <ul>
          {SECTIONS.map((found) => (
            <li key={found.id}>
              <a href={`#/${found.id}`} aria-current={found.id === current.id ? "page" : undefined}>
                {found.title}
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
          <p>Loading…</p>
        ) : !location ? (
          props.caller.role === "ADMIN" ? (
            <FirstLocation api={api} onMade={addLocation} />
          ) : (
            <p class="notice">
              No location is set up yet: an admin signs in here and gives it a name, timezone and currency.
            </p>
          )
        ) : (
          <BackOfficeContext.Provider
            value={{ api, token: props.token, caller: props.caller, location, replaceLocation, addLocation }}
          >
            <View key={location.id} />
          </BackOfficeContext.Provider>
        )}
      </main>
    </div>
  );
}
