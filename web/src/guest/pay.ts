// Paying the table's check from the phone (docs/design.md §28): what a guest chooses to pay and
// the tip, in integer cents like the basket, so a share or a tip never drifts by a float's
// rounding; and how a payment's status reads while the sheet follows it.

import type { Schemas } from "../shared/api/client";
import { type Cents, parseAmount, tipFor, toCents, withPoint } from "../shared/money";
import type { Visit } from "./visit";

/** A card payment from the phone. */
export type GuestPayment = Schemas["GuestPaymentOut"];
type CheckoutStatus = GuestPayment["status"];
type Round = Visit["rounds"][number];

/** What the guest pays: their own rounds, a share of what is left, all of it, or an amount. */
export type Share = "mine" | "even" | "all" | "other";
export const SHARES: readonly Share[] = ["mine", "even", "all", "other"];
/** The tip: none, a percentage of the amount, or an amount typed. */
export type TipChoice = "none" | 10 | 15 | 20 | "other";
export const TIPS: readonly TipChoice[] = ["none", 10, 15, 20, "other"];

/** Between how many people "Split evenly" divides what is left. */
export const PEOPLE = { min: 2, max: 20 } as const;
/** How often the sheet asks how a payment stands while the provider prepares it (or stops it). */
export const FOLLOW_MS = 700;
/** How often it asks while the card form waits for the guest: a time-out shows within this. */
export const WAITING_MS = 5000;
/** The simulator's test card that pays; 4000 0000 0000 0002 is declined. */
export const TEST_CARD = "4242 4242 4242 4242";
export const SIMULATOR = "simulator";

/** The statuses a phone's payment goes through. A checkout's others are a bar tab's held card
 * (HELD, CAPTURING, RELEASING, then CAPTURED or RELEASED), which a phone never makes. */
export type PaymentStatus =
  "PENDING" | "WAITING_FOR_CARD" | "SUCCEEDED" | "DECLINED" | "CANCELED" | "TIMED_OUT" | "REFUNDED";
const AS_PHONES: Record<CheckoutStatus, PaymentStatus> = {
  PENDING: "PENDING",
  WAITING_FOR_CARD: "WAITING_FOR_CARD",
  SUCCEEDED: "SUCCEEDED",
  DECLINED: "DECLINED",
  CANCELED: "CANCELED",
  TIMED_OUT: "TIMED_OUT",
  REFUNDED: "REFUNDED",
  // Read as what they mean to the one paying: under way, paid, or nothing taken.
  HELD: "PENDING",
  CAPTURING: "PENDING",
  RELEASING: "PENDING",
  CAPTURED: "SUCCEEDED",
  RELEASED: "CANCELED",
};
/** A payment's status as the phone tells it. */
export const statusOf = (payment: GuestPayment): PaymentStatus => AS_PHONES[payment.status];

const ENDED: ReadonlySet<PaymentStatus> = new Set(["SUCCEEDED", "DECLINED", "CANCELED", "TIMED_OUT", "REFUNDED"]);
/** Whether the payment has ended: the sheet stops following it. */
export const hasEnded = (payment: GuestPayment): boolean => ENDED.has(statusOf(payment));

// Rounds that put items on the check: a declined or refused one put nothing there.
const ON_THE_CHECK: ReadonlySet<Round["status"]> = new Set(["WAITING", "SENT"]);

/** The check's lines before and after its tax, charges and discount, in cents. */
export interface Charged {
  subtotal: Cents;
  total: Cents;
}

/** "My items": what this phone's rounds on the check come to with their part of the check's
 * tax, charges and discount (in proportion, rounded half up: a round's total is its lines'),
 * less what its payments that went through paid (their amount, tips apart); never below 0,
 * never above what is due. */
export function myItems(
  rounds: readonly Round[],
  payments: readonly GuestPayment[],
  balanceDue: Cents,
  charged: Charged,
): Cents {
  const lines = rounds.filter((round) => ON_THE_CHECK.has(round.status)).reduce((sum, r) => sum + toCents(r.total), 0);
  const ordered = charged.subtotal > 0 ? Math.round((lines * charged.total) / charged.subtotal) : lines;
  const paid = payments.filter((made) => statusOf(made) === "SUCCEEDED").reduce((sum, p) => sum + toCents(p.amount), 0);
  return Math.min(Math.max(ordered - paid, 0), Math.max(balanceDue, 0));
}

/** One of `people`'s even share of `balanceDue`: rounded up to the cent (the last to pay is
 * not left a cent short), never more than is due. */
export function evenShare(balanceDue: Cents, people: number): Cents {
  if (balanceDue <= 0 || people < 1) return 0;
  return Math.min(Math.ceil(balanceDue / people), balanceDue);
}

/** An amount typed ("12", "12.50", "12,50"), in cents; null when it is none. */
export const typedAmount = (text: string): Cents | null => parseAmount(withPoint(text));

/** What the guest chose to pay, in cents; null when it cannot be paid (an amount typed that is
 * none, or not between 0.01 and what is due). */
export function amountOf(
  share: Share,
  choice: { mine: Cents; balanceDue: Cents; people: number; typed: string },
): Cents | null {
  const { balanceDue } = choice;
  const amount = (() => {
    switch (share) {
      case "mine":
        return choice.mine;
      case "even":
        return evenShare(balanceDue, choice.people);
      case "all":
        return balanceDue;
      case "other":
        return typedAmount(choice.typed);
    }
  })();
  return amount !== null && amount >= 1 && amount <= balanceDue ? amount : null;
}

/** What the guest chose on the sheet, as chosen and typed. */
export interface Choice {
  share: Share;
  /** Between how many people "Split evenly" divides. */
  people: number;
  /** "Other amount" as typed. */
  typed: string;
  tip: TipChoice;
  /** "Other tip" as typed. */
  tipTyped: string;
}

export const FIRST_CHOICE: Choice = { share: "mine", people: PEOPLE.min, typed: "", tip: "none", tipTyped: "" };

/** What a choice comes to on the visit as it stands: what is due, the guest's items, the share
 * (my items that have come to nothing leave it to all that is left), the amount and the tip
 * (null when it cannot be paid as chosen). */
export function chosenOf(visit: Visit, choice: Choice) {
  const balanceDue = Math.max(toCents(visit.check?.balanceDue ?? 0), 0);
  const check = visit.check;
  const charged = check
    ? { subtotal: toCents(check.subtotal), total: toCents(check.total) }
    : { subtotal: 0, total: 0 };
  const mine = myItems(visit.rounds, visit.payments, balanceDue, charged);
  const share: Share = choice.share === "mine" && mine === 0 ? "all" : choice.share;
  const amount = amountOf(share, { mine, balanceDue, people: choice.people, typed: choice.typed });
  const tip = amount === null ? null : tipOf(choice.tip, amount, choice.tipTyped);
  return { balanceDue, mine, share, amount, tip };
}

/** The tip on `amount`: a percentage of it rounded half up to the cent, or an amount typed (null
 * when what is typed is no amount). */
export function tipOf(choice: TipChoice, amount: Cents, typed: string): Cents | null {
  if (choice === "none") return 0;
  if (choice === "other") return typed.trim() === "" ? 0 : typedAmount(typed);
  return tipFor(amount, choice);
}

/** The newer of what the sheet knows of a payment and what it just heard: an answer that left
 * late (a read sent before the card was typed) never brings an ended payment back. */
export function laterOf(known: GuestPayment | null, heard: GuestPayment): GuestPayment {
  if (known && known.id === heard.id && hasEnded(known) && !hasEnded(heard)) return known;
  return heard;
}

/** How long until the sheet asks about the payment again; null when it has ended. */
export function nextRead(payment: GuestPayment, cancelling: boolean): number | null {
  if (hasEnded(payment)) return null;
  return statusOf(payment) === "PENDING" || cancelling ? FOLLOW_MS : WAITING_MS;
}

/** The payment this phone left open (a reload while paying): the sheet follows it again. */
export const openPayment = (payments: readonly GuestPayment[]): GuestPayment | null =>
  payments.filter((made) => !hasEnded(made)).at(-1) ?? null;

/** Whether a card number was typed: 12 to 19 digits, spaces or dashes between them. */
export function cardNumberTyped(text: string): boolean {
  const digits = text.replace(/[\s-]/g, "");
  return /^\d{12,19}$/.test(digits);
}
