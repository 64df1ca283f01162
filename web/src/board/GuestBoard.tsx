// The paired board: "Preparing" and "Ready", order numbers only, a newly ready number lit for
// a few seconds. It follows the event stream (a BOARD device gets the events that move orders,
// bare) and reads the board again on each, at most once per ~250 ms, and every 15 s anyway.

import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { Api } from "../shared/api/client";
import { pickupBoard } from "../shared/api/pickup";
import type { Device } from "../shared/device";
import { chosenLanguage, useLanguage } from "../shared/i18n";
import { useLatest } from "../shared/latest";
import { followEvents } from "../shared/stream";
import { t } from "./messages";
import { type Column, type PickupBoard, REREAD_MS, Throttled, columns, isNew, nextChange, seenReady } from "./columns";

export function GuestBoard(props: { device: Device; onUnpaired: () => void }) {
  const { device } = props;
  const ended = useLatest(props.onUnpaired);
  const api = useMemo(() => {
    const made = new Api(() => device.token, undefined, undefined, "", false);
    made.onUnauthenticated = () => ended.current();
    return made;
  }, [device.token, ended]);
  const [board, setBoard] = useState<PickupBoard | null>(null);
  const [seen, setSeen] = useState<Map<string, number> | null>(null);
  const [online, setOnline] = useState(true);
  const [now, setNow] = useState(Date.now);

  // Reads answered out of order: only the latest asked is shown.
  const asked = useRef(0);
  const reader = useMemo(
    () =>
      new Throttled(() => {
        const mine = ++asked.current;
        pickupBoard(api, device.locationId)
          .then((found) => {
            if (mine !== asked.current) return;
            setBoard(found);
            const at = Date.now();
            setSeen((previous) => seenReady(previous, columns(found).ready.numbers, at));
            setNow(at);
          })
          .catch(() => {});
      }),
    [api, device.locationId],
  );

  useEffect(() => {
    reader.ask();
    const timer = setInterval(() => reader.ask(), REREAD_MS);
    const stop = followEvents({
      token: () => device.token,
      locationId: device.locationId,
      onEvent: () => reader.ask(),
      onConnected: (connected) => {
        setOnline(connected);
        if (connected) reader.ask();
      },
      onExpired: () => reader.ask(),
      onUnauthenticated: () => ended.current(),
    });
    return () => {
      stop();
      clearInterval(timer);
      reader.stop();
    };
  }, [reader, device.token, device.locationId, ended]);

  // Draw again when the next highlight ends.
  useEffect(() => {
    const due = seen && nextChange(seen, now);
    if (due === null || due === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, due - Date.now()));
    return () => clearTimeout(timer);
  }, [seen, now]);

  // The location's language, as the board's answer names it (English until it does).
  useLanguage(chosenLanguage(board));
  const shown = board && columns(board);
  const fresh = (number: string) => seen !== null && isNew(seen, number, now);
  const announced = shown ? shown.ready.numbers.filter(fresh) : [];

  return (
    <div class="guest-board">
      <section class="board-column preparing" aria-labelledby="board-preparing">
        <h1 id="board-preparing">{t("board.column.preparing")}</h1>
        {shown && <Numbers column={shown.preparing} label={t("board.column.preparingOrders")} fresh={() => false} />}
      </section>
      <section class="board-column ready" aria-labelledby="board-ready">
        <h1 id="board-ready">{t("board.column.ready")}</h1>
        {shown && <Numbers column={shown.ready} label={t("board.column.readyOrders")} fresh={fresh} />}
      </section>
      <p class="visually-hidden" role="status">
        {announced.length ? t("board.announce.ready", { numbers: announced.join(", ") }) : ""}
      </p>
      {!online && (
        <p class="board-offline" role="alert">
          {t("board.reconnecting")}
        </p>
      )}
      {!board && <p class="board-loading">{t("board.loading")}</p>}
    </div>
  );
}

function Numbers(props: { column: Column; label: string; fresh: (number: string) => boolean }) {
  const { column } = props;
  return (
    <>
      <ul class="board-numbers" aria-label={props.label}>
        {column.numbers.map((number) => (
          <li key={number} class={props.fresh(number) ? "board-number new" : "board-number"}>
            {number}
          </li>
        ))}
      </ul>
      {column.more > 0 && <p class="board-more">{t("board.column.more", { count: column.more })}</p>}
    </>
  );
}
