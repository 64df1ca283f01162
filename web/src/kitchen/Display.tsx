// The paired kitchen display: the top bar (station, sound, recall, connection), the tickets
// oldest first, and the all-day counts. One event stream; the board reloads on what touches it.

import { useEffect, useRef, useState } from "preact/hooks";
import { listCategories } from "../shared/api/categories";
import type { Device } from "../shared/device";
import { useLatest } from "../shared/latest";
import { useDeviceSession } from "../shared/session";
import type { Store } from "../shared/store";
import type { Category } from "../shared/types";
import { SoldOutSheet } from "../shared/soldout/SoldOutSheet";
import { Button } from "../shared/ui";
import { AllDay } from "./AllDay";
import {
  DEFAULT_THRESHOLDS,
  type Thresholds,
  allDayCounts,
  forStation,
  oldestFirst,
  stationCategories,
  treeOrder,
} from "./board";
import { loadMuted, loadStation, saveMuted, saveStation } from "./settings";
import { chime } from "./sound";
import { StationSheet } from "./StationSheet";
import { clockTime, useBoard, useOfflineSince } from "./state";
import { Ticket } from "./Ticket";

export function KitchenDisplay(props: { device: Device; store: Store; onUnpaired: () => void }) {
  const { device, store } = props;
  // A revoked device ends here: back to pairing. Back after a gap, the stream replays what was
  // missed; the board is read again for anything else.
  const { api, events, location, streaming } = useDeviceSession(
    device.token,
    device.locationId,
    {
      onEnded: props.onUnpaired,
      onConnected: (connected) => {
        if (connected) reload();
      },
      onExpired: () => reload(),
    },
    { store },
  );
  const { board, error, reload, tap, bump, recall } = useBoard(api, device.locationId, events, store);
  const offlineSince = useOfflineSince(streaming, store);
  const [categories, setCategories] = useState<Category[]>([]);
  const [station, setStation] = useState<string[]>(loadStation);
  const [muted, setMuted] = useState(loadMuted);
  const [choosing, setChoosing] = useState(false);
  const [soldOut, setSoldOut] = useState(false);
  const [now, setNow] = useState(Date.now);

  // Online until the stream says otherwise.
  const online = streaming !== false;

  useEffect(() => {
    listCategories(api, { locationId: device.locationId })
      .then((page) => setCategories(treeOrder(page.data)))
      .catch(() => {});
  }, [api, device.locationId]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const thresholds: Thresholds = location
    ? { warnMinutes: location.ticketWarnMinutes, lateMinutes: location.ticketLateMinutes }
    : DEFAULT_THRESHOLDS;
  const shownCategories = stationCategories(station, categories);
  const tickets = oldestFirst(forStation(board?.tickets ?? [], shownCategories));
  const stationName = station.length
    ? categories
        .filter((c) => station.includes(c.id))
        .map((c) => c.name)
        .join(", ") || "…"
    : "Everything";

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

  const chooseStation = (chosen: string[]) => {
    setStation(chosen);
    saveStation(chosen);
  };
  const toggleMuted = () => {
    setMuted(!muted);
    saveMuted(!muted);
  };
  const last = board?.lastBumped;

  return (
    <div class="kds">
      <header class="kds-bar">
        <span class="brand">Kitchen · {location?.name ?? "…"}</span>
        <Button onClick={() => setChoosing(true)} label={`Station: ${stationName}`}>
          Station: {stationName}
        </Button>
        <Button onClick={() => setSoldOut(true)} label="86 products">
          86
        </Button>
        <Button onClick={toggleMuted} pressed={muted} label="Mute">
          {muted ? "Muted" : "Sound on"}
        </Button>
        <Button onClick={recall} disabled={!last} label={last ? `Recall ${last.orderNumber}` : "Recall"}>
          ↶ Recall{last ? ` ${last.orderNumber}` : ""}
        </Button>
        <span class="kds-count">{tickets.length} open</span>
        <span class={`connection ${online ? "online" : "offline"}`} role="status" aria-label="Connection">
          {online ? "● Online" : `○ Offline${offlineSince === null ? "" : ` since ${clockTime(offlineSince)}`}`}
        </span>
      </header>
      {error && (
        <p class="error kds-error" role="alert">
          {error}
        </p>
      )}
      <div class="kds-body">
        <main class="tickets" aria-label="Tickets">
          {board && tickets.length === 0 && (
            <p class="kds-empty">
              No open tickets{station.length ? ` for ${stationName}` : ""}. A ticket appears here the moment a server
              sends it.
            </p>
          )}
          {tickets.map((ticket) => (
            <Ticket
              key={ticket.id}
              ticket={ticket}
              now={now}
              thresholds={thresholds}
              onTap={(item) => tap(ticket, item)}
              onBump={() => bump(ticket)}
            />
          ))}
        </main>
        <AllDay counts={allDayCounts(tickets)} />
      </div>
      {soldOut && (
        <SoldOutSheet api={api} events={events} locationId={device.locationId} onClose={() => setSoldOut(false)} />
      )}
      {choosing && (
        <StationSheet
          categories={categories}
          chosen={station}
          onChange={chooseStation}
          onUnpair={props.onUnpaired}
          onClose={() => setChoosing(false)}
        />
      )}
    </div>
  );
}
