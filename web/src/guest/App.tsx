// The guests' phone at /t/{guestCode} (docs/design.md §28): the page a table's QR code opens.
// It starts a visit with the code (kept in sessionStorage, so a reload continues it), shows
// the menu in the guest's language, takes a round where the restaurant lets guests order, shows
// the table's check and the visit's rounds and payments, read again every 10 s while the page is
// seen, and where guests pay, takes their card for the check.

import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { Api, ApiError } from "../shared/api/client";
import { callGuestStaff, placeGuestRound, readGuestMenu, readGuestVisit, startGuestVisit } from "../shared/api/guests";
import { useLanguage } from "../shared/i18n";
import { formatMoney, toCents } from "../shared/money";
import { useWhileSeen } from "../shared/seen";
import { useSheetFocus } from "../shared/ui";
import { roundItems } from "./basket";
import { BasketSheets, useBasket } from "./BasketSheets";
import { guestLanguage, phoneLanguages } from "./language";
import { GuestHead, usePickedLanguage } from "./Head";
import { type GuestMenu, Menu } from "./Menu";
import { t } from "./messages";
import { PaySheet } from "./PaySheet";
import { BasketButton } from "./Review";
import { TableView } from "./TableView";
import { type Visit, forgetVisit, guestCodeFrom, isGone, openVisit } from "./visit";

/** How often the visit is read again while the page is seen. */
export const REFRESH_MS = 10_000;
/** How long a confirmation shows. */
const NOTICE_MS = 8_000;

// "paid": the visit ended with its check paid in full (the phones thank the guests).
type Failure = "noCode" | "unknown" | "off" | "ended" | "paid" | { detail: string };
type Notice = { text: string; error: boolean } | null;

const storage = () => window.sessionStorage;

function failureOf(error: unknown): Failure {
  if (error instanceof ApiError) {
    if (error.status === 410) return error.problem.checkPaid ? "paid" : "ended";
    if (error.status === 404) return "unknown";
    if (error.code === "guest_ordering_off") return "off";
    return { detail: error.detail };
  }
  return { detail: String(error) };
}

export function GuestApp() {
  const code = useMemo(() => guestCodeFrom(window.location.pathname), []);
  const api = useMemo(() => new Api(() => null), []);
  const [visit, setVisit] = useState<Visit | null>(null);
  const [failure, setFailure] = useState<Failure | null>(code ? null : "noCode");
  const [picked, pickLanguage] = usePickedLanguage();
  const [menu, setMenu] = useState<GuestMenu | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // A change of the basket leaves room: what was said before is no longer the news.
  const basket = useBasket(() => setNotice(null));
  const [calling, setCalling] = useState(false);
  const [paying, setPaying] = useState(false);
  const [view, setView] = useState<"menu" | "table">("menu");
  const [online, setOnline] = useState(true);

  const language = guestLanguage(picked, phoneLanguages(), visit?.location.language);
  useLanguage(language);

  useEffect(() => api.onConnection((reachable) => setOnline(reachable)), [api]);

  // A confirmation is read, then leaves room; a refusal stays until the next action.
  useEffect(() => {
    if (!notice || notice.error) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const ended = useCallback(
    (error: unknown) => {
      if (!isGone(error) || !code) return false;
      forgetVisit(code, storage());
      setFailure(failureOf(error) === "paid" ? "paid" : "ended");
      return true;
    },
    [code],
  );

  useEffect(() => {
    if (!code) return;
    openVisit(
      code,
      storage(),
      () => startGuestVisit(api, code),
      (visitId) => readGuestVisit(api, visitId),
    )
      .then(setVisit)
      .catch((error) => setFailure(failureOf(error)));
  }, [api, code]);

  const visitId = visit?.id;
  // The menu again after a round (what sold out meanwhile shows), and in a new language.
  const [menuRead, setMenuRead] = useState(0);
  useEffect(() => {
    if (!visitId) return;
    let current = true;
    readGuestMenu(api, visitId, language)
      .then((found) => current && setMenu(found))
      .catch((error) => current && ended(error));
    return () => {
      current = false;
    };
  }, [api, visitId, language, ended, menuRead]);

  // One read at a time: with no network a read waits for it (shared/api/client.ts) and the
  // next ones are not piled up behind it; asked meanwhile (after an action), one more follows.
  const reading = useRef<"idle" | "reading" | "again">("idle");
  const refresh = useCallback(() => {
    if (!visitId) return;
    if (reading.current !== "idle") {
      reading.current = "again";
      return;
    }
    const read = () => {
      reading.current = "reading";
      readGuestVisit(api, visitId)
        .then(setVisit)
        .catch((error) => ended(error))
        .finally(() => {
          const more = reading.current === "again";
          reading.current = "idle";
          if (more) read();
        });
    };
    read();
  }, [api, visitId, ended]);

  // Read again every 10 s while the page is seen, and at once when it is seen again.
  useWhileSeen(refresh, REFRESH_MS, Boolean(visitId));

  useEffect(() => {
    if (visit)
      document.title = `${visit.location.name ?? t("guest.restaurant")} · ${t("guest.table", { table: visit.tableName })}`;
  }, [visit, language]);

  useSheetFocus(basket.choosing !== null || basket.reviewing || paying);

  const send = async () => {
    if (!visitId || sending) return;
    setSending(true);
    setRefusal(null);
    try {
      const round = await placeGuestRound(api, visitId, roundItems(basket.lines));
      basket.change(() => []);
      basket.review(false);
      const reason = round.reason ?? "";
      setNotice({
        text: t(`answer.${round.status}` as const, { reason }),
        error: round.status === "DECLINED" || round.status === "REFUSED",
      });
      setView("table");
      window.scrollTo(0, 0);
    } catch (error) {
      if (!ended(error)) setRefusal(error instanceof ApiError ? error.detail : String(error));
    } finally {
      setSending(false);
      setMenuRead((n) => n + 1);
      refresh();
    }
  };

  const call = async (kind: "SERVER" | "BILL") => {
    if (!visitId || calling) return;
    setCalling(true);
    setNotice(null);
    try {
      await callGuestStaff(api, visitId, kind);
      setNotice({ text: t(kind === "SERVER" ? "call.serverSent" : "call.billSent"), error: false });
    } catch (error) {
      if (!ended(error)) setNotice({ text: error instanceof ApiError ? error.detail : String(error), error: true });
    } finally {
      setCalling(false);
      refresh();
    }
  };

  if (failure) return <Failed failure={failure} />;
  if (!visit)
    return (
      <main class="guest-page">
        <p class="guest-loading" role="status">
          {t("guest.loading")}
        </p>
      </main>
    );

  const ordering = visit.guestOrdering === "ORDER" || visit.guestOrdering === "ORDER_AND_PAY";
  const currency = menu?.currency ?? visit.location.currency;
  const money = (cents: number) => formatMoney(cents, currency);
  const due = toCents(visit.check?.balanceDue ?? 0);
  const payable = visit.guestOrdering === "ORDER_AND_PAY" && due > 0;

  return (
    <div class="guest-page">
      <GuestHead
        title={visit.location.name ?? t("guest.restaurant")}
        where={t("guest.table", { table: visit.tableName })}
        language={language}
        onPick={pickLanguage}
        online={online}
      />
      <nav class="guest-views" aria-label={t("guest.views")}>
        <button type="button" class="guest-view" aria-pressed={view === "menu"} onClick={() => setView("menu")}>
          {t("guest.tab.menu")}
        </button>
        <button type="button" class="guest-view" aria-pressed={view === "table"} onClick={() => setView("table")}>
          {t("guest.tab.table")}
        </button>
      </nav>
      <main class="guest-main">
        {view === "menu" ? (
          <Menu menu={menu} ordering={ordering} onChoose={basket.choose} />
        ) : (
          <TableView visit={visit} money={money} />
        )}
      </main>
      <footer class="guest-foot">
        <p
          class={`guest-notice ${notice ? (notice.error ? "error" : "done") : ""}`}
          role={notice?.error ? "alert" : "status"}
        >
          {notice?.text}
        </p>
        {ordering && (
          <BasketButton
            lines={basket.lines}
            money={money}
            onOpen={() => {
              setRefusal(null);
              basket.review(true);
            }}
          />
        )}
        {payable && (
          <button
            type="button"
            class="btn guest-pay-open"
            aria-label={t("pay.open", { due: money(due) })}
            onClick={() => {
              setNotice(null);
              setPaying(true);
            }}
          >
            <span>{t("pay.button")}</span>
            <span>{t("pay.due", { due: money(due) })}</span>
          </button>
        )}
        <div class="guest-calls" role="group" aria-label={t("guest.actions")}>
          <button type="button" class="btn" disabled={calling} onClick={() => call("SERVER")}>
            {t("call.server")}
          </button>
          <button type="button" class="btn" disabled={calling} onClick={() => call("BILL")}>
            {t("call.bill")}
          </button>
        </div>
      </footer>
      <BasketSheets basket={basket} money={money} sending={sending} refusal={refusal} onSend={send} />
      {paying && (
        <PaySheet
          api={api}
          visit={visit}
          money={money}
          onChanged={refresh}
          onGone={ended}
          onClose={(paid) => {
            setPaying(false);
            refresh();
            if (paid) setView("table");
          }}
        />
      )}
    </div>
  );
}

function Failed(props: { failure: Failure }) {
  const { failure } = props;
  const ended = failure === "ended" || failure === "paid";
  let heading = t("failed.heading");
  let words: string;
  if (failure === "paid") [heading, words] = [t("check.allPaid"), t("ended.paid")];
  else if (failure === "ended") [heading, words] = [t("ended.heading"), t("ended.body")];
  else if (typeof failure === "string") words = t(`failed.${failure}` as const);
  else words = t("failed.other", { detail: failure.detail });
  return (
    <main class={`guest-page guest-failed ${failure === "paid" ? "guest-paid" : ""}`}>
      <h1>{heading}</h1>
      <p role={ended ? "status" : "alert"}>{words}</p>
    </main>
  );
}
