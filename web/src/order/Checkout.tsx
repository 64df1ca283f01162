// The checkout: what is in the basket (changed in its sheet), a pickup time from the slots
// still open (full ones shown, closed), the guest's name and phone checked with a word beside
// each, "Pay when you pick up", and Place order. A refusal is told in words above the button;
// a slot that filled meanwhile, a pause or a change of the menu reads the page again.

import type { InputHTMLAttributes } from "preact";
import { useState } from "preact/hooks";
import { ApiError } from "../shared/api/client";
import type { OrderPageCalls } from "../shared/api/orderPages";
import { locale } from "../shared/i18n";
import { type BasketLine, basketTotals, roundItems } from "../guest/basket";
import { t as guestWords } from "../guest/messages";
import { type Contact, NAME_LENGTH, PHONE_LENGTH, cleanContact, contactProblems, contactValid } from "./contact";
import { t } from "./messages";
import { keptSlot, markedFull, slotChoices } from "./slots";
import { type OrderPage, type WebOrder, problemWords, refusalWords } from "./words";

/** The phone's own time zone, to say when the restaurant's differs. */
const phoneZone = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function Checkout(props: {
  calls: OrderPageCalls;
  page: OrderPage;
  now: number;
  basket: BasketLine[];
  basketKey: string;
  paused: boolean;
  money: (cents: number) => string;
  onChange: () => void;
  onBack: () => void;
  onReload: () => void;
  onPlaced: (order: WebOrder) => void;
}) {
  const { page, now, money } = props;
  const [picked, setPicked] = useState<string | null>(null);
  // Slots the server said were full since the page was last read.
  const [filled, setFilled] = useState<string[]>([]);
  const [contact, setContact] = useState<Contact>({ name: "", phone: "" });
  const [touched, setTouched] = useState({ name: false, phone: false });
  // Place order was tapped with a field wrong: said above the button until the fields hold.
  const [tried, setTried] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const slots = filled.reduce(markedFull, page.slots);
  const chosen = keptSlot(picked, slots, now, page.prepMinutes);
  const choices = slotChoices(slots, now, page.prepMinutes, page.timezone, locale());
  const problems = contactProblems(contact);
  const nameProblem = touched.name ? problems.name : null;
  const phoneProblem = touched.phone ? problems.phone : null;
  const fix = tried && !contactValid(problems) ? t("checkout.fix") : null;
  // The menu's prices: the total to pay (with tax where the prices leave it out) is the server's,
  // shown once the order is placed.
  const total = money(basketTotals(props.basket).total);

  const place = async (event: Event) => {
    event.preventDefault();
    if (placing) return;
    setTouched({ name: true, phone: true });
    setTried(true);
    if (!contactValid(problems)) {
      setRefusal(null);
      document.getElementById(problems.name ? "order-name" : "order-phone")?.focus();
      return;
    }
    setPlacing(true);
    setRefusal(null);
    try {
      const order = await props.calls.place({
        key: props.basketKey,
        ...cleanContact(contact),
        ...(chosen ? { pickupAt: chosen } : {}),
        items: roundItems(props.basket),
      });
      props.onPlaced(order);
    } catch (error) {
      const refused = refusalWords(error);
      setRefusal(refused.words);
      if (error instanceof ApiError && error.code === "slot_full" && chosen) {
        setFilled((full) => [...full, chosen]);
        setPicked(null);
      }
      if (refused.then === "reload") props.onReload();
    } finally {
      setPlacing(false);
    }
  };

  const field = (name: keyof Contact) => ({
    value: contact[name],
    onInput: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setContact((now) => ({ ...now, [name]: value }));
    },
    onBlur: () => contact[name].trim() && setTouched((now) => ({ ...now, [name]: true })),
  });
  const zone = phoneZone() !== page.timezone ? page.timezone : null;

  return (
    <>
      <main class="guest-main order-checkout">
        <div class="order-back">
          <button type="button" class="btn" onClick={props.onBack}>
            {t("checkout.back")}
          </button>
        </div>
        <h2>{t("checkout.heading")}</h2>
        <form id="order-checkout" noValidate onSubmit={place}>
          <section class="order-box" aria-labelledby="order-basket">
            <div class="order-box-head">
              <h3 id="order-basket">{t("checkout.yourOrder")}</h3>
              <button type="button" class="btn" onClick={props.onChange}>
                {t("checkout.change")}
              </button>
            </div>
            <ul class="order-summary">
              {props.basket.map((line) => (
                <li key={line.key}>
                  <span class="guest-line-name">
                    {guestWords("basket.line", { quantity: line.quantity, name: line.name })}
                  </span>
                  <span class="guest-amount">{money(line.unitPrice * line.quantity)}</span>
                </li>
              ))}
            </ul>
            <p class="guest-total">
              <span>{t("checkout.itemsTotal")}</span>
              <span>{total}</span>
            </p>
          </section>

          <fieldset class="guest-group order-box">
            <legend>{t("checkout.pickup")}</legend>
            {zone && <p class="hint">{t("checkout.timezone", { zone })}</p>}
            <div class="order-slots">
              <button
                type="button"
                class="btn guest-option order-asap"
                aria-pressed={chosen === null}
                onClick={() => {
                  setPicked(null);
                  setRefusal(null);
                }}
              >
                <span>{t("checkout.asap")}</span>
                <span>{t("checkout.asapAbout", { minutes: page.prepMinutes })}</span>
              </button>
              {choices.map((slot) => (
                <button
                  key={slot.start}
                  type="button"
                  class="btn order-slot"
                  aria-pressed={chosen !== null && Date.parse(chosen) === Date.parse(slot.start)}
                  disabled={!slot.open}
                  onClick={() => {
                    setPicked(slot.start);
                    setRefusal(null);
                  }}
                >
                  <span>{slot.label}</span>
                  {!slot.open && <span class="order-full">{t("checkout.full")}</span>}
                </button>
              ))}
            </div>
            {choices.length === 0 && <p class="hint">{t("checkout.noSlots")}</p>}
          </fieldset>

          <fieldset class="guest-group order-box">
            <legend>{t("checkout.details")}</legend>
            <ContactField
              id="order-name"
              label={t("checkout.name")}
              input={{ type: "text", autoComplete: "name", maxLength: NAME_LENGTH, ...field("name") }}
              problem={nameProblem && problemWords(nameProblem)}
            />
            <ContactField
              id="order-phone"
              label={t("checkout.phone")}
              input={{
                type: "tel",
                inputMode: "tel",
                autoComplete: "tel",
                dir: "ltr",
                maxLength: PHONE_LENGTH,
                ...field("phone"),
              }}
              problem={phoneProblem && problemWords(phoneProblem)}
              hint={t("checkout.phoneHint")}
            />
          </fieldset>

          <section class="order-box order-pay" aria-labelledby="order-pay">
            <h3 id="order-pay">{t("checkout.payAtPickup")}</h3>
            <p>{t("checkout.payHint")}</p>
          </section>
        </form>
      </main>
      <footer class="guest-foot">
        {(refusal ?? fix) && (
          <p class="guest-notice error" role="alert">
            {refusal ?? fix}
          </p>
        )}
        <button type="submit" form="order-checkout" class="btn btn-accent guest-add" disabled={placing || props.paused}>
          {placing ? t("checkout.placing") : t("checkout.place")}
        </button>
      </footer>
    </>
  );
}

/** A field with its label, and under it what is wrong with it (else its hint, if any). */
function ContactField(props: {
  id: string;
  label: string;
  input: InputHTMLAttributes<HTMLInputElement>;
  problem: string | null;
  hint?: string;
}) {
  const { id, problem, hint } = props;
  const below = problem ?? hint ?? null;
  return (
    <div class="order-field">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        {...props.input}
        aria-invalid={problem !== null}
        aria-describedby={below ? `${id}-below` : undefined}
      />
      {below && (
        <p id={`${id}-below`} class={problem ? "order-problem" : "hint"}>
          {below}
        </p>
      )}
    </div>
  );
}
