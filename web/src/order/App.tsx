// The restaurant's own ordering page at /order/{slug} (docs/design.md §29): its menu as the
// guests' phone shows it (guest/Menu, guest/ProductSheet, guest/basket), a basket, the checkout
// (a pickup time, a name and a phone, paid at pickup), then the order followed as it moves. The
// page is read again every minute while it is seen (its slots fill, it may pause); the order
// placed is kept in sessionStorage, so a reload follows it still.

import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import { Api, ApiError, randomUuid } from "../shared/api/client";
import { orderPageCalls } from "../shared/api/orderPages";
import { locale, useLanguage } from "../shared/i18n";
import { formatMoney } from "../shared/money";
import { useWhileSeen } from "../shared/seen";
import { useSheetFocus } from "../shared/ui";
import { BasketSheets, useBasket } from "../guest/BasketSheets";
import { guestLanguage, phoneLanguages } from "../guest/language";
import { GuestHead, usePickedLanguage } from "../guest/Head";
import { Menu } from "../guest/Menu";
import { BasketButton } from "../guest/Review";
import { Checkout } from "./Checkout";
import { Confirmation } from "./Confirmation";
import { forgetOrder, keepOrder, keptOrder, slugFrom } from "./kept";
import { t } from "./messages";
import type { OrderPage } from "./words";
import { clockTime, pausedAt } from "./slots";

/** How often the page (its slots, its pause) is read again while it is seen. */
export const PAGE_REFRESH_MS = 60_000;

type Failure = "noSlug" | "unknown" | { detail: string };

const storage = () => window.sessionStorage;

function failureOf(error: unknown): Failure {
  if (error instanceof ApiError) return error.status === 404 ? "unknown" : { detail: error.detail };
  return { detail: String(error) };
}

export function OrderApp() {
  const slug = useMemo(() => slugFrom(window.location.pathname), []);
  const api = useMemo(() => new Api(() => null), []);
  const calls = useMemo(() => (slug ? orderPageCalls(api, slug) : null), [api, slug]);
  const [picked, pickLanguage] = usePickedLanguage();
  const language = guestLanguage(picked, phoneLanguages(), null);
  useLanguage(language);
  const [page, setPage] = useState<OrderPage | null>(null);
  const [failure, setFailure] = useState<Failure | null>(slug ? null : "noSlug");
  const [online, setOnline] = useState(true);
  const [now, setNow] = useState(() => Date.now());
  const [orderId, setOrderId] = useState<string | null>(() => (slug ? keptOrder(slug, storage()) : null));
  // The order's key: one per basket, so a retry of the same basket is the same order.
  const [basketKey, setBasketKey] = useState(randomUuid);
  const basket = useBasket(() => setBasketKey(randomUuid()));
  const [view, setView] = useState<"menu" | "checkout">("menu");
  const [pageRead, setPageRead] = useState(0);

  useEffect(() => api.onConnection((reachable) => setOnline(reachable)), [api]);

  useEffect(() => {
    if (!calls) return;
    let current = true;
    calls
      .read(language)
      .then((found) => {
        if (!current) return;
        setPage(found);
        setNow(Date.now());
      })
      .catch((error) => current && setFailure(failureOf(error)));
    return () => {
      current = false;
    };
  }, [calls, language, pageRead]);

  const readAgain = useCallback(() => setPageRead((n) => n + 1), []);
  useWhileSeen(readAgain, PAGE_REFRESH_MS);

  const restaurant = page ? (page.restaurant ?? page.channelName) : null;
  useEffect(() => {
    if (restaurant) document.title = `${restaurant} · ${t("page.title")}`;
  }, [restaurant, language]);

  useSheetFocus(basket.choosing !== null || basket.reviewing);

  const forget = useCallback(() => {
    if (slug) forgetOrder(slug, storage());
    setOrderId(null);
  }, [slug]);

  if (failure) return <Failed failure={failure} />;

  const currency = page?.currency ?? "USD";
  const money = (cents: number) => formatMoney(cents, currency);
  const paused = page !== null && pausedAt(page.pausedUntil, now);
  const reopens = page?.pausedUntil ? clockTime(page.pausedUntil, now, page.timezone, locale()) : "";
  const showing = orderId ? "order" : view === "checkout" && basket.lines.length > 0 && page ? "checkout" : "menu";

  const toCheckout = () => {
    basket.review(false);
    setView("checkout");
    window.scrollTo(0, 0);
  };

  return (
    <div class="guest-page order-page">
      <GuestHead
        title={restaurant ?? t("page.title")}
        where={restaurant && t("page.title")}
        language={language}
        onPick={pickLanguage}
        online={online}
      />
      {paused && showing === "checkout" && (
        <p class="order-paused" role="status">
          {t("page.pausedUntil", { time: reopens })}
        </p>
      )}
      {showing === "order" && calls && orderId ? (
        <Confirmation
          calls={calls}
          orderId={orderId}
          page={page}
          onGone={forget}
          onNew={() => {
            forget();
            setView("menu");
            readAgain();
            window.scrollTo(0, 0);
          }}
        />
      ) : showing === "checkout" && page && calls && slug ? (
        <Checkout
          calls={calls}
          page={page}
          now={now}
          basket={basket.lines}
          basketKey={basketKey}
          paused={paused}
          money={money}
          onChange={() => basket.review(true)}
          onBack={() => setView("menu")}
          onReload={readAgain}
          onPlaced={(order) => {
            keepOrder(slug, order.id, storage());
            setOrderId(order.id);
            basket.change(() => []);
            setView("menu");
            window.scrollTo(0, 0);
          }}
        />
      ) : (
        <>
          <main class="guest-main">
            {page ? (
              <Menu
                menu={page.menu}
                ordering={!paused}
                onChoose={basket.choose}
                notices={{ browseOnly: t("page.pausedUntil", { time: reopens }), empty: t("page.empty") }}
              />
            ) : (
              <p class="guest-loading" role="status">
                {t("page.loading")}
              </p>
            )}
          </main>
          {!paused && basket.lines.length > 0 && (
            <footer class="guest-foot">
              <BasketButton lines={basket.lines} money={money} onOpen={() => basket.review(true)} />
            </footer>
          )}
        </>
      )}
      <BasketSheets basket={basket} money={money} action={t("basket.checkout")} onSend={toCheckout} />
    </div>
  );
}

function Failed(props: { failure: Failure }) {
  const { failure } = props;
  const words =
    typeof failure === "string" ? t(`failed.${failure}` as const) : t("failed.other", { detail: failure.detail });
  return (
    <main class="guest-page guest-failed">
      <h1>{t("failed.heading")}</h1>
      <p role="alert">{words}</p>
    </main>
  );
}
