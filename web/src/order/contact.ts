// The guest's name and phone on the ordering page: what the restaurant calls out and rings
// about the order. Checked before the order is placed, each problem told beside its field.

/** The most the server keeps of each (40 characters). */
export const NAME_LENGTH = 40;
export const PHONE_LENGTH = 40;
const FEWEST_DIGITS = 6;
const MOST_DIGITS = 15;

export interface Contact {
  name: string;
  phone: string;
}

export type NameProblem = "nameMissing" | "nameLong";
export type PhoneProblem = "phoneMissing" | "phoneLetters" | "phoneShort" | "phoneLong";

export interface ContactProblems {
  name: NameProblem | null;
  phone: PhoneProblem | null;
}

// A phone number as people type it: digits, spaces, dots, dashes, brackets, a leading +.
const PHONE_SHAPE = /^\+?[\d\s().-]+$/;

/** What is wrong with the name and the phone as typed (null: nothing). */
export function contactProblems(contact: Contact): ContactProblems {
  const name = contact.name.trim();
  const phone = contact.phone.trim();
  const digits = phone.replace(/\D/g, "").length;
  return {
    name: name === "" ? "nameMissing" : name.length > NAME_LENGTH ? "nameLong" : null,
    phone:
      phone === ""
        ? "phoneMissing"
        : !PHONE_SHAPE.test(phone)
          ? "phoneLetters"
          : digits < FEWEST_DIGITS
            ? "phoneShort"
            : digits > MOST_DIGITS || phone.length > PHONE_LENGTH
              ? "phoneLong"
              : null,
  };
}

/** Whether the contact may be sent. */
export const contactValid = (problems: ContactProblems): boolean => problems.name === null && problems.phone === null;

/** The name and phone as the server is sent them: trimmed, inner runs of spaces made one. */
export function cleanContact(contact: Contact): { customerName: string; phone: string } {
  const tidy = (text: string) => text.trim().replace(/\s+/g, " ");
  return { customerName: tidy(contact.name), phone: tidy(contact.phone) };
}
