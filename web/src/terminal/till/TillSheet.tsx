// The Till sheet (top bar → Till): this terminal's drawer. None open: the opening float and
// Open drawer. Open: since when, the float (a manager also the expected cash), Pay in, Pay out,
// No sale, Count and close (a server asks a manager's PIN for those, on this drawer), and My
// checkout. Online only: offline it says so and waits. The sheet's state is all here.

import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../../shared/api/client";
import { getLocation } from "../../shared/api/dining";
import { addMovement, closeDrawer, currentDrawer, openDrawer } from "../../shared/api/till";
import { type Cents, formatMoney, fromCents, toCents } from "../../shared/money";
import type { Schemas } from "../../shared/api/client";
import { Button, Sheet } from "../../shared/ui";
import { inWords } from "../problems";
import { ManagerApproval } from "../check/ManagerApproval";
import { Outcome } from "../closed/Outcome";
import { isManager, useManagerGate } from "../closed/manager";
import { useTerminal } from "../context";
import { AmountField } from "./AmountField";
import { MyCheckout } from "./MyCheckout";
import { countLine, drawerLine, varianceOf } from "./money";
import { t } from "../messages";

type Drawer = Schemas["CurrentDrawerOut"];
type View = "main" | "PAY_IN" | "PAY_OUT" | "close" | "checkout";

export function TillSheet(props: { onClose: () => void }) {
  const { api, online, locationId, currency, timezone, staff } = useTerminal();
  const gate = useManagerGate(staff.role);
  // undefined: being read; null: no drawer open on this terminal.
  const [drawer, setDrawer] = useState<Drawer | null | undefined>(undefined);
  const [serversOpen, setServersOpen] = useState(true);
  const [view, setView] = useState<View>("main");
  const [amount, setAmount] = useState<Cents>(0);
  const [reason, setReason] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  // The last count (expected and counted cash): shown in its variance's colour, with its words.
  const [count, setCount] = useState<{ expected: Cents; counted: Cents } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [generation, setGeneration] = useState(0);
  const money = (cents: Cents) => formatMoney(cents, currency);

  useEffect(() => {
    if (!online) return;
    currentDrawer(api)
      .then(setDrawer, (failure: unknown) =>
        failure instanceof ApiError && failure.code === "no_open_drawer" ? setDrawer(null) : setError(inWords(failure)),
      )
      .catch(() => {});
    getLocation(api, locationId)
      .then((location) => setServersOpen(location.serversOpenDrawers ?? true))
      .catch(() => {});
  }, [api, online, locationId, generation]);

  const go = (next: View) => {
    setView(next);
    setAmount(0);
    setReason("");
    setError(null);
  };
  const act = async (work: () => Promise<string | null>) => {
    setBusy(true);
    setError(null);
    setCount(null);
    try {
      const done = await work();
      if (done !== null) setNotice(done);
      setGeneration((n) => n + 1);
    } catch (failure) {
      setError(inWords(failure));
    } finally {
      setBusy(false);
    }
  };
  // Pay in, pay out, no sale and the count are a manager's: anyone else asks for a PIN first.
  // A movement's approval covers its amount (docs/design.md §10); a count's, the count.
  const approved = (
    ask: { action: "cash_drawer.movement"; amount: number } | { action: "cash_drawer.close" },
    what: string,
    work: (approval?: string) => Promise<string | null>,
  ) => {
    if (!drawer) return;
    gate
      .run(what, { ...ask, resource: { drawerId: drawer.id } }, (approval) => act(() => work(approval)))
      .catch(() => {});
  };

  const move = (type: "PAY_IN" | "PAY_OUT" | "NO_SALE", cents: Cents, why: string) =>
    approved(
      { action: "cash_drawer.movement", amount: fromCents(cents) },
      type === "NO_SALE"
        ? t("terminal.what.noSale")
        : type === "PAY_IN"
          ? t("terminal.what.payIn")
          : t("terminal.what.payOut"),
      async (approval) => {
        await addMovement(api, drawer!.id, { type, amount: fromCents(cents), reason: why }, { approval });
        go("main");
        const moved = { amount: money(cents), reason: why };
        return type === "NO_SALE"
          ? t("terminal.till.noSaleDone")
          : type === "PAY_IN"
            ? t("terminal.till.paidIn", moved)
            : t("terminal.till.paidOut", moved);
      },
    );

  const close = () =>
    approved({ action: "cash_drawer.close" }, t("terminal.what.count"), async (approval) => {
      const closed = await closeDrawer(api, drawer!.id, fromCents(amount), { approval });
      go("main");
      setNotice(null);
      setCount({ expected: toCents(closed.expectedAmount), counted: toCents(closed.countedAmount ?? 0) });
      return null;
    });

  const blocked = !online || busy;
  const title =
    view === "PAY_IN"
      ? t("terminal.till.payIn")
      : view === "PAY_OUT"
        ? t("terminal.till.payOut")
        : view === "close"
          ? t("terminal.till.countAndClose")
          : view === "checkout"
            ? t("terminal.till.myCheckout")
            : t("terminal.topbar.till");
  return (
    <>
      <Sheet title={title} onClose={view === "main" ? props.onClose : () => go("main")} wide={view !== "main"}>
        {!online && (
          <p class="needs-server" data-testid="needs-server">
            {t("terminal.till.needsServer")}
          </p>
        )}
        {view === "checkout" ? (
          <MyCheckout />
        ) : view === "PAY_IN" || view === "PAY_OUT" ? (
          <div class="till-form">
            <AmountField label={t("terminal.till.amount")} cents={amount} onChange={setAmount} />
            <label class="till-reason">
              {t("terminal.reason")}
              <input value={reason} maxLength={200} onInput={(event) => setReason(event.currentTarget.value)} />
            </label>
            <Button
              tone="accent"
              disabled={blocked || amount === 0 || !reason.trim()}
              onClick={() => move(view, amount, reason.trim())}
            >
              {view === "PAY_IN"
                ? t("terminal.till.payInAmount", { amount: money(amount) })
                : t("terminal.till.payOutAmount", { amount: money(amount) })}
            </Button>
          </div>
        ) : view === "close" ? (
          <div class="till-form">
            <AmountField label={t("terminal.till.countedCash")} cents={amount} onChange={setAmount} />
            <Button tone="accent" disabled={blocked} onClick={close}>
              {t("terminal.till.closeDrawer")}
            </Button>
          </div>
        ) : drawer === null ? (
          <div class="till-form">
            {!serversOpen && !isManager(staff.role) ? (
              <p class="hint">{t("terminal.till.onlyManagers")}</p>
            ) : (
              <>
                <AmountField label={t("terminal.till.openingFloat")} cents={amount} onChange={setAmount} />
                <Button
                  tone="accent"
                  disabled={blocked}
                  onClick={() =>
                    act(async () => {
                      await openDrawer(api, { openingFloat: fromCents(amount) });
                      go("main");
                      return t("terminal.till.opened", { amount: money(amount) });
                    })
                  }
                >
                  {t("terminal.till.openDrawer")}
                </Button>
              </>
            )}
          </div>
        ) : drawer ? (
          <div class="till-main">
            <p class="till-line">{drawerLine(drawer.openedAt, toCents(drawer.openingFloat), timezone, currency)}</p>
            {drawer.expectedAmount !== null && (
              <p class="till-line">{t("terminal.till.expected", { amount: money(toCents(drawer.expectedAmount)) })}</p>
            )}
            <div class="choices" role="group" aria-label={t("terminal.till.drawer")}>
              <Button disabled={blocked} onClick={() => go("PAY_IN")}>
                {t("terminal.till.payIn")}
              </Button>
              <Button disabled={blocked} onClick={() => go("PAY_OUT")}>
                {t("terminal.till.payOut")}
              </Button>
              <Button disabled={blocked} onClick={() => move("NO_SALE", 0, t("terminal.till.noSale"))}>
                {t("terminal.till.noSale")}
              </Button>
              <Button disabled={blocked} onClick={() => go("close")}>
                {t("terminal.till.countAndClose")}
              </Button>
            </div>
          </div>
        ) : (
          online && <p class="hint">{t("terminal.till.reading")}</p>
        )}
        {view === "main" && (
          <Button tone="quiet" disabled={!online} onClick={() => go("checkout")}>
            {t("terminal.till.myCheckout")}
          </Button>
        )}
        {view === "main" && count && (
          // Short is red (cash missing), over amber (look at it), even green: the words say it too.
          <p class={`count-outcome count-${varianceOf(count.counted - count.expected)}`} role="status">
            {countLine(count.expected, count.counted, currency)}
          </p>
        )}
        <Outcome notice={view === "main" ? notice : null} error={error} />
      </Sheet>
      {gate.pending && <ManagerApproval pending={gate.pending} onCancel={gate.cancel} />}
    </>
  );
}
