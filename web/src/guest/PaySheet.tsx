// The Pay sheet, where guests pay (ORDER_AND_PAY): what to pay (my items, an even share, all
// that is left, or an amount), the tip, then "Pay" starts a payment the sheet follows until
// the card form is ready; the simulator's test card is typed here, and the outcome is told in
// words. The server takes the money and records it once; the sheet only reads the visit again.

import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { type Api, ApiError } from "../shared/api/client";
import { cancelGuestPayment, payWithTestCard, readGuestPayment, startGuestPayment } from "../shared/api/guests";
import { locale } from "../shared/i18n";
import { type Cents, fromCents, tipFor, toCents } from "../shared/money";
import { Sheet } from "../shared/ui";
import { t } from "./messages";
import {
  cardNumberTyped,
  type Choice,
  chosenOf,
  evenShare,
  FIRST_CHOICE,
  type GuestPayment,
  hasEnded,
  laterOf,
  nextRead,
  openPayment,
  PEOPLE,
  type Share,
  SHARES,
  SIMULATOR,
  statusOf,
  TEST_CARD,
  TIPS,
} from "./pay";
import { Stepper } from "./ProductSheet";
import type { Visit } from "./visit";

// The simulator's card that is declined, told beside the one that pays.
const DECLINED_CARD = "4000 0000 0000 0002";
// A card's number reads left to right on an Arabic page too, its groups in their order and on
// one line.
const cardInText = (text: string) => `\u2066${text.replaceAll(" ", "\u00a0")}\u2069`;

type Money = (cents: Cents) => string;

const inWords = (error: unknown) => (error instanceof ApiError ? error.detail : String(error));
const totalOf = (payment: GuestPayment): Cents => toCents(payment.amount) + toCents(payment.tip);
const percent = (value: number) => new Intl.NumberFormat(locale(), { style: "percent" }).format(value / 100);

/** The payment's state in words, for the sheet's live region. */
function stateInWords(payment: GuestPayment, cancelling: boolean, money: Money): string {
  const status = statusOf(payment);
  if (payment.provider !== SIMULATOR && status !== "SUCCEEDED") return t("pay.unavailable");
  if (cancelling && !hasEnded(payment)) return t("pay.cancelling");
  const total = money(totalOf(payment));
  if (status === "SUCCEEDED" && payment.cardBrand && payment.cardLastFour) {
    return t("pay.SUCCEEDED", { total, card: payment.cardBrand, lastFour: payment.cardLastFour });
  }
  if (status === "SUCCEEDED") return t("pay.SUCCEEDED.noCard", { total });
  return t(`pay.${status}` as const, { total });
}

export function PaySheet(props: {
  api: Api;
  visit: Visit;
  money: Money;
  /** Reads the visit again (what is paid and due changes). */
  onChanged: () => void;
  /** Whether `error` says the visit has ended (the page says so then). */
  onGone: (error: unknown) => boolean;
  /** `paid`: a payment went through here. */
  onClose: (paid: boolean) => void;
}) {
  const { api, visit, money, onChanged, onGone } = props;
  const visitId = visit.id;
  const [payment, setPayment] = useState<GuestPayment | null>(() => openPayment(visit.payments));
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A read that failed is tried again at the next interval.
  const [reads, setReads] = useState(0);
  // Kept for "Try again": the guest's choice stays as it was.
  const [choice, setChoice] = useState<Choice>(FIRST_CHOICE);
  const chosen = chosenOf(visit, choice);

  // Followed while it has not ended; not while the card typed is on its way (its answer ends it).
  useEffect(() => {
    const wait = payment && !busy ? nextRead(payment, cancelling) : null;
    if (!payment || wait === null) return;
    let current = true;
    const timer = setTimeout(() => {
      readGuestPayment(api, visitId, payment.id)
        .then((heard) => current && setPayment((known) => laterOf(known, heard)))
        .catch((error) => {
          if (current && !onGone(error)) setReads((n) => n + 1);
        });
    }, wait);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, visitId, payment, cancelling, busy, reads, onGone]);

  const status = payment && statusOf(payment);
  const ended = payment !== null && hasEnded(payment);
  const unavailable = payment !== null && payment.provider !== SIMULATOR;
  // Once it has ended, the check changed (or not): the visit read again.
  useEffect(() => {
    if (ended) onChanged();
  }, [ended, onChanged]);

  // Cancel: the payment is cancelled, or stays waiting while the provider is told (followed
  // until it ends: a card taken meanwhile stays taken, and the sheet says so).
  const stop = async (open: GuestPayment) => {
    setCancelling(true);
    try {
      const heard = await cancelGuestPayment(api, visitId, open.id);
      setPayment((known) => laterOf(known, heard));
    } catch (error) {
      setCancelling(false);
      if (!onGone(error)) setRefusal(inWords(error));
    }
  };

  /** `act` with the sheet busy, a refusal told in the server's words. */
  const busyWith = async (act: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      await act();
    } catch (error) {
      if (!onGone(error)) setRefusal(inWords(error));
    } finally {
      setBusy(false);
    }
  };

  const start = (amount: Cents, tip: Cents) =>
    busyWith(async () => {
      setCancelling(false);
      try {
        const started = await startGuestPayment(api, visitId, { amount: fromCents(amount), tip: fromCents(tip) });
        setPayment(started);
        // Paying on the phone with another provider is not built yet: its charge is stopped at
        // once, so it holds none of what is due from the other phones.
        if (started.provider !== SIMULATOR) await stop(started);
      } finally {
        // What is due may have changed (another phone paid): the choice reads it again.
        onChanged();
      }
    });

  const payByCard = (open: GuestPayment, cardNumber: string) =>
    busyWith(async () => setPayment(await payWithTestCard(api, visitId, open.id, cardNumber)));

  const again = () => {
    setPayment(null);
    setCancelling(false);
    setRefusal(null);
  };

  // Closed while the card is awaited: the payment is cancelled, so it holds nothing due.
  const close = () => {
    if (payment && !ended && !busy) cancelGuestPayment(api, visitId, payment.id).catch(() => {});
    props.onClose(status === "SUCCEEDED");
  };

  // The step's first control takes the focus when the step changes (the sheet's own, Close, at
  // first): what had it is gone.
  const step = !payment ? "choose" : ended || unavailable ? "outcome" : status;
  const body = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    body.current?.querySelector<HTMLElement>("input, button:not(:disabled)")?.focus();
  }, [step]);

  const { amount, tip } = chosen;
  let why: string | null = null;
  if (chosen.balanceDue === 0) why = t("pay.nothingDue");
  else if (amount === null) why = t("pay.amountRange", { min: money(1), max: money(chosen.balanceDue) });
  else if (tip === null) why = t("pay.tipInvalid");

  const words = payment ? stateInWords(payment, cancelling, money) : "";
  const failed = payment !== null && !unavailable && ended && status !== "SUCCEEDED";
  return (
    <Sheet title={t("pay.heading")} onClose={close}>
      <div class="guest-sheet guest-pay" ref={body}>
        <p class={`guest-pay-state ${failed ? "error" : status === "SUCCEEDED" ? "done" : ""}`} role="status">
          {words}
        </p>
        {payment?.reason && ended && !unavailable && (
          <p class="guest-why">{t("round.reason", { reason: payment.reason })}</p>
        )}
        {!payment && (
          <>
            <ChoosePayment chosen={chosen} choice={choice} money={money} onChoice={setChoice} />
            <Actions why={why} refusal={refusal}>
              <button
                type="button"
                class="btn btn-accent guest-add"
                disabled={why !== null || busy}
                aria-describedby={why ? WHY_ID : undefined}
                onClick={() => amount !== null && tip !== null && start(amount, tip)}
              >
                {busy
                  ? t("pay.starting")
                  : amount === null || tip === null
                    ? t("pay.button")
                    : t("pay.pay", { total: money(amount + tip) })}
              </button>
            </Actions>
          </>
        )}
        {payment && status === "PENDING" && !unavailable && (
          <Actions refusal={refusal}>
            <button type="button" class="btn guest-add" disabled={cancelling} onClick={() => stop(payment)}>
              {t("pay.cancel")}
            </button>
          </Actions>
        )}
        {payment && status === "WAITING_FOR_CARD" && !unavailable && (
          <TestCard
            total={money(totalOf(payment))}
            paying={busy}
            cancelling={cancelling}
            refusal={refusal}
            onPay={(cardNumber) => payByCard(payment, cardNumber)}
            onCancel={() => stop(payment)}
          />
        )}
        {step === "outcome" && (
          <Actions refusal={refusal}>
            {status === "SUCCEEDED" || unavailable ? (
              <button type="button" class="btn btn-accent guest-add" onClick={close}>
                {t("pay.done")}
              </button>
            ) : (
              <button type="button" class="btn btn-accent guest-add" onClick={again}>
                {t("pay.again")}
              </button>
            )}
          </Actions>
        )}
      </div>
    </Sheet>
  );
}

const WHY_ID = "pay-why";

/** The sheet's actions, at its bottom: why the first is not possible yet, a refusal in the
 * server's words, then the buttons. */
function Actions(props: { why?: string | null; refusal: string | null; children: ComponentChildren }) {
  return (
    <div class="guest-sheet-actions">
      {props.why && (
        <p id={WHY_ID} class="guest-why">
          {props.why}
        </p>
      )}
      {props.refusal && (
        <p class="error" role="alert">
          {props.refusal}
        </p>
      )}
      {props.children}
    </div>
  );
}

/** Buttons of which one is chosen (aria-pressed), as the product sheet's options. */
function Options<Option extends string | number>(props: {
  legend: string;
  options: readonly Option[];
  chosen: Option;
  class?: string;
  disabled?: (option: Option) => boolean;
  onChoose: (option: Option) => void;
  children: (option: Option) => ComponentChildren;
}) {
  return (
    <fieldset class="guest-group">
      <legend>{props.legend}</legend>
      <div class={`guest-options ${props.class ?? ""}`}>
        {props.options.map((option) => (
          <button
            key={option}
            type="button"
            class="btn guest-option"
            aria-pressed={props.chosen === option}
            disabled={props.disabled?.(option)}
            onClick={() => props.onChoose(option)}
          >
            {props.children(option)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function ChoosePayment(props: {
  chosen: ReturnType<typeof chosenOf>;
  choice: Choice;
  money: Money;
  onChoice: (choice: Choice) => void;
}) {
  const { chosen, choice, money } = props;
  const { balanceDue, mine, amount, tip } = chosen;
  const change = (changed: Partial<Choice>) => props.onChoice({ ...choice, ...changed });
  const shown: Record<Share, string> = {
    mine: money(mine),
    even: t("pay.each", { amount: money(evenShare(balanceDue, choice.people)) }),
    all: money(balanceDue),
    other: "",
  };
  return (
    <>
      <Options
        legend={t("pay.what")}
        options={SHARES}
        chosen={chosen.share}
        disabled={(share) => share === "mine" && mine === 0}
        onChoose={(share) => change({ share })}
      >
        {(share) => (
          <>
            <span>{t(`pay.share.${share}` as const)}</span>
            <span class="guest-wraps">{shown[share]}</span>
          </>
        )}
      </Options>
      {chosen.share === "even" && (
        <fieldset class="guest-group">
          <legend>{t("pay.people")}</legend>
          <Stepper
            value={choice.people}
            min={PEOPLE.min}
            max={PEOPLE.max}
            shown={t("pay.peopleCount", { count: choice.people })}
            less={t("pay.fewer")}
            more={t("pay.more")}
            onChange={(people) => change({ people })}
          />
        </fieldset>
      )}
      {chosen.share === "other" && (
        <AmountField
          label={t("pay.otherAmount", { max: money(balanceDue) })}
          value={choice.typed}
          onInput={(typed) => change({ typed })}
        />
      )}
      <Options
        legend={t("pay.tip")}
        options={TIPS}
        chosen={choice.tip}
        class="guest-tips"
        onChoose={(each) => change({ tip: each })}
      >
        {(each) =>
          typeof each === "number" ? (
            <>
              <span>{percent(each)}</span>
              <span>{amount === null ? "" : money(tipFor(amount, each))}</span>
            </>
          ) : (
            <span>{t(`pay.tip.${each}` as const)}</span>
          )
        }
      </Options>
      {choice.tip === "other" && (
        <AmountField label={t("pay.tipAmount")} value={choice.tipTyped} onInput={(tipTyped) => change({ tipTyped })} />
      )}
      <dl class="guest-totals">
        <dt>{t("pay.amount")}</dt>
        <dd>{amount === null ? "" : money(amount)}</dd>
        <dt>{t("pay.tip")}</dt>
        <dd>{tip === null ? "" : money(tip)}</dd>
        <dt class="guest-due">{t("basket.total")}</dt>
        <dd class="guest-due">{amount === null || tip === null ? "" : money(amount + tip)}</dd>
      </dl>
    </>
  );
}

function AmountField(props: { label: string; value: string; onInput: (value: string) => void }) {
  return (
    <label class="guest-field">
      <span>{props.label}</span>
      <input
        inputMode="decimal"
        autoComplete="off"
        value={props.value}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
    </label>
  );
}

/** The simulator's card form: a test card is typed on the page, no real card is charged. */
function TestCard(props: {
  total: string;
  paying: boolean;
  cancelling: boolean;
  refusal: string | null;
  onPay: (cardNumber: string) => void;
  onCancel: () => void;
}) {
  const [number, setNumber] = useState(TEST_CARD);
  const typed = cardNumberTyped(number);
  const busy = props.paying || props.cancelling;
  return (
    <form
      class="guest-pay-card"
      onSubmit={(event) => {
        event.preventDefault();
        if (typed) props.onPay(number.replace(/\D/g, ""));
      }}
    >
      <p class="notice">{t("pay.testPayment")}</p>
      <label class="guest-field">
        <span>{t("pay.cardNumber")}</span>
        <input
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          aria-describedby="test-cards"
          value={number}
          onInput={(event) => setNumber(event.currentTarget.value)}
        />
      </label>
      <p id="test-cards" class="hint">
        {t("pay.testCards", { pays: cardInText(TEST_CARD), declined: cardInText(DECLINED_CARD) })}
      </p>
      <Actions why={typed ? null : t("pay.typeCard")} refusal={props.refusal}>
        <button type="submit" class="btn btn-accent guest-add" disabled={!typed || busy}>
          {props.paying ? t("pay.paying") : t("pay.pay", { total: props.total })}
        </button>
        <button type="button" class="btn" disabled={busy} onClick={props.onCancel}>
          {t("pay.cancel")}
        </button>
      </Actions>
    </form>
  );
}
