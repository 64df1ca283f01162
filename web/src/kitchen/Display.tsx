// The paired kitchen display: the top bar (86, recall, the pages, connection, and "⋯ More" for
// the station, sound, compact and the recall list), the wall of tickets oldest first
// (Wall.tsx), and the all-day counts. One event stream; the board reloads on what touches it.
// Keys of a bump bar (layout.ts keyAction) pick, bump, recall and turn pages (not while the menu
// or a sheet is open); ages count on the server's clock.

import { useEffect, useRef, useState } from "preact/hooks";
import { listCategories } from "../shared/api/categories";
import type { Device } from "../shared/device";
import { chosenLanguage, useLanguage } from "../shared/i18n";
import { useLatest } from "../shared/latest";
import { useDeviceSession } from "../shared/session";
import type { Store } from "../shared/store";
import { staffDirectory } from "../shared/api/staff";
import { UnpairSheet } from "../shared/pairing/UnpairSheet";
import type { Category, StaffCard } from "../shared/types";
import { SoldOutSheet } from "../shared/soldout/SoldOutSheet";
import { Button } from "../shared/ui";
import { AllDay } from "./AllDay";
import {
  type BoardTicket,
  DEFAULT_THRESHOLDS,
  type Thresholds,
  allDayCounts,
  clockTime,
  forStation,
  oldestFirst,
  stationCategories,
  treeOrder,
} from "./board";
import { keyAction, newlyLate, pageHolding } from "./layout";
import { t } from "./messages";
import { MoreMenu } from "./MoreMenu";
import { RecallSheet } from "./RecallSheet";
import { loadCompact, loadMuted, loadStation, saveCompact, saveMuted, saveStation } from "./settings";
import { chime, lateAlert, soundReady, unlockSound } from "./sound";
import { StationSheet } from "./StationSheet";
import { useBoard, useOfflineSince } from "./state";
import { type Paging, Wall } from "./Wall";

// Marks, the same in every language: the 86 button's, and a name still on its way.
const SOLD_OUT_MARK = "86";
const PENDING = "…";

export function KitchenDisplay(props: {
  device: Device;
  store: Store;
  /** Unpaired here, with a manager's PIN. */
  onUnpaired: () => void;
  /** Revoked in the back office (its token answered 401). */
  onRevoked: () => void;
}) {
  const { device, store } = props;
  // A revoked device ends here: back to pairing, which says so. Back after a gap, the stream
  // replays what was missed; the board is read again for anything else.
  const { api, events, location, streaming } = useDeviceSession(
    device.token,
    device.locationId,
    {
      onEnded: props.onRevoked,
      onConnected: (connected) => {
        if (connected) reload();
      },
      onExpired: () => reload(),
    },
    { store },
  );
  useLanguage(chosenLanguage(location));
  const { board, error, offset, reload, tap, bump, recall } = useBoard(api, device.locationId, events, store);
  const offlineSince = useOfflineSince(streaming, store);
  const [categories, setCategories] = useState<Category[]>([]);
  const [station, setStation] = useState<string[]>(loadStation);
  const [muted, setMuted] = useState(loadMuted);
  const [choosing, setChoosing] = useState(false);
  // The managers who may approve unpairing, read when asked for.
  const [unpairing, setUnpairing] = useState<StaffCard[] | null>(null);
  const [soldOut, setSoldOut] = useState(false);
  const [recalling, setRecalling] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [compact, setCompact] = useState(loadCompact);
  const [soundOn, setSoundOn] = useState(soundReady);
  const [wantedPage, setWantedPage] = useState(0);
  const [paging, setPaging] = useState<Paging | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [clock, setClock] = useState(Date.now);
  // The server's clock: the browser's, corrected by the board's Date header.
  const now = clock + offset;

  // Online until the stream says otherwise.
  const online = streaming !== false;

  useEffect(() => {
    listCategories(api, { locationId: device.locationId })
      .then((page) => setCategories(treeOrder(page.data)))
      .catch(() => {});
  }, [api, device.locationId]);

  useEffect(() => {
    const timer = setInterval(() => setClock(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const thresholds: Thresholds = location
    ? { warnMinutes: location.ticketWarnMinutes, lateMinutes: location.ticketLateMinutes }
    : DEFAULT_THRESHOLDS;
  // The station set in the back office: the server answers its board (its part of each
  // ticket) and takes its bumps. Without one, this screen may narrow what it shows to some
  // categories, a choice of its own.
  const assigned = board?.station ?? null;
  const shownCategories = assigned ? null : stationCategories(station, categories);
  const tickets = oldestFirst(forStation(board?.tickets ?? [], shownCategories));
  const stationName = assigned
    ? assigned.name
    : station.length
      ? categories
          .filter((c) => station.includes(c.id))
          .map((c) => c.name)
          .join(", ") || "…"
      : t("everything");
  const narrowed = assigned ? !assigned.isExpo : station.length > 0;

  // A chime for a ticket this station has not shown before (not for the first load).
  const seen = useRef<Set<string> | null>(null);
  const shown = useLatest({ tickets, muted });
  useEffect(() => {
    if (!board) return;
    const { tickets, muted } = shown.current;
    const fresh = tickets.filter((ticket) => seen.current && !seen.current.has(ticket.id));
    seen.current = new Set([...(seen.current ?? []), ...tickets.map((ticket) => ticket.id)]);
    if (fresh.length && !muted) chime();
  }, [board, shown]);

  // The late alert, once per ticket that goes late while shown (those late when the screen
  // loads count as heard: a reload does not ring for them all).
  const late = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!board) return;
    const { tickets, muted } = shown.current;
    const gone = newlyLate(tickets, now, thresholds.lateMinutes, late.current ?? new Set());
    const first = late.current === null;
    late.current = new Set([...(late.current ?? []), ...gone]);
    if (gone.length && !first && !muted) lateAlert();
  }, [board, shown, now, thresholds.lateMinutes]);

  // Any tap or key lets the page play sound: the prompt goes.
  useEffect(() => {
    if (soundOn) return;
    const unlock = () => unlockSound().then(setSoundOn);
    window.addEventListener("pointerdown", unlock);
    window.addEventListener("keydown", unlock);
    return () => {
      window.removeEventListener("pointerdown", unlock);
      window.removeEventListener("keydown", unlock);
    };
  }, [soundOn]);

  // The bump bar: keys over the wall, not while a sheet is open.
  const keys = useLatest({
    tickets,
    paging,
    picked,
    sheet: choosing || soldOut || recalling || menuOpen || unpairing !== null,
    bump,
    recall,
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { tickets, paging, picked, sheet, bump, recall } = keys.current;
      if (sheet || !paging || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.target instanceof HTMLInputElement) return;
      const at = tickets.findIndex((ticket) => ticket.id === picked);
      const action = keyAction(event.key, at < 0 ? null : at, paging.page, tickets.length);
      if (!action) return;
      event.preventDefault();
      if (action.kind === "pick") {
        setPicked(tickets[action.index].id);
        setWantedPage(pageHolding(paging.starts, action.index));
      } else if (action.kind === "bump") {
        // The pick stays where it was: on the card that takes the bumped one's place.
        const next = tickets[action.index + 1] ?? tickets[action.index - 1];
        setPicked(next ? next.id : null);
        bump(tickets[action.index]);
      } else if (action.kind === "recall") recall();
      else setWantedPage(Math.max(0, Math.min(paging.page.count - 1, paging.page.index + action.step)));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [keys]);

  const chooseStation = (chosen: string[]) => {
    setStation(chosen);
    saveStation(chosen);
  };
  const toggleMuted = () => {
    setMuted(!muted);
    saveMuted(!muted);
  };
  const toggleCompact = () => {
    setCompact(!compact);
    saveCompact(!compact);
  };
  const last = board?.lastBumped;
  const recent: BoardTicket[] = board?.recentlyBumped ?? (last ? [last] : []);
  const page = paging?.page;
  const turn = (step: 1 | -1) => page && setWantedPage(page.index + step);

  return (
    <div class="kds">
      <header class="kds-bar">
        <span class="brand">
          <span class="brand-kitchen">{t("bar.kitchen")}</span>
          {location?.name ?? PENDING}
          {(assigned || station.length > 0) && (
            <span class="brand-station">{t("bar.station", { name: stationName })}</span>
          )}
        </span>
        <Button onClick={() => setSoldOut(true)} label={t("bar.soldOut")}>
          {SOLD_OUT_MARK}
        </Button>
        <Button
          onClick={() => recall()}
          disabled={!last}
          label={last ? t("bar.recallNumber", { number: last.orderNumber }) : t("bar.recall")}
        >
          {last ? t("bar.recallButtonNumber", { number: last.orderNumber }) : t("bar.recallButton")}
        </Button>
        {page && page.earlier > 0 && (
          <Button onClick={() => turn(-1)}>{t("bar.earlier", { count: page.earlier })}</Button>
        )}
        <span class="kds-count">{t("bar.open", { count: tickets.length })}</span>
        {page && page.later > 0 && <Button onClick={() => turn(1)}>{t("bar.later", { count: page.later })}</Button>}
        {muted && (
          <span class="kds-muted" role="status" aria-label={t("bar.sound")}>
            {t("bar.muted")}
          </span>
        )}
        <span class={`connection ${online ? "online" : "offline"}`} role="status" aria-label={t("bar.connection")}>
          {online
            ? t("bar.online")
            : offlineSince === null
              ? t("bar.offline")
              : t("bar.offlineSince", { time: clockTime(offlineSince) })}
        </span>
        <MoreMenu
          open={menuOpen}
          onOpen={setMenuOpen}
          entries={[
            { text: t("menu.station", { name: stationName }), onChoose: () => setChoosing(true) },
            { text: t("menu.compact"), checked: compact, onChoose: toggleCompact },
            { text: t("menu.sound"), checked: !muted, onChoose: toggleMuted },
            {
              text: t("menu.recallListCount", { count: recent.length }),
              label: t("menu.recallList"),
              onChoose: () => setRecalling(true),
            },
          ]}
        />
      </header>
      {!soundOn && !muted && (
        <Button tone="accent" class="kds-sound" onClick={() => unlockSound().then(setSoundOn)}>
          {t("soundPrompt")}
        </Button>
      )}
      {error && (
        <p class="error kds-error" role="alert">
          {error}
        </p>
      )}
      <div class="kds-body">
        <Wall
          tickets={tickets}
          now={now}
          thresholds={thresholds}
          compact={compact}
          showStations={!assigned || assigned.isExpo}
          wantedPage={wantedPage}
          picked={picked}
          onPaging={setPaging}
          onTap={tap}
          onBump={bump}
          empty={
            board && tickets.length === 0 ? (narrowed ? t("emptyFor", { station: stationName }) : t("empty")) : null
          }
        />
        <AllDay counts={allDayCounts(tickets)} />
      </div>
      {soldOut && (
        <SoldOutSheet api={api} events={events} locationId={device.locationId} onClose={() => setSoldOut(false)} />
      )}
      {recalling && <RecallSheet recent={recent} onRecall={recall} onClose={() => setRecalling(false)} />}
      {choosing && (
        <StationSheet
          assigned={assigned}
          categories={categories}
          chosen={station}
          onChange={chooseStation}
          onUnpair={() => {
            setChoosing(false);
            staffDirectory(api, { limit: 100 })
              .then((page) => setUnpairing(page.data))
              .catch(() => setUnpairing([]));
          }}
          onClose={() => setChoosing(false)}
        />
      )}
      {unpairing && (
        <UnpairSheet
          api={api}
          staff={unpairing}
          deviceName={device.name ?? null}
          screen="screen"
          onUnpair={props.onUnpaired}
          onCancel={() => setUnpairing(null)}
        />
      )}
    </div>
  );
}
