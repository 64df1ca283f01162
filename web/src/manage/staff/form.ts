// The staff panel's rules: what it refuses before sending (the server's own rules, mirrored),
// the one request a save sends, and the server's refusals in words (docs/design.md §7).

import { ApiError, type Schemas } from "../../shared/api/client";
import { loginHolds, MIN_PASSWORD, passwordRefusal, pinRefusal } from "../../shared/rules/credentials";
import { inWords } from "../../shared/words";
import { t } from "../messages";
import type { Role, StaffMember } from "../types";

export interface StaffFields {
  name: string;
  role: Role;
  active: boolean;
  pin: string;
  login: string;
  password: string;
}

export function fieldsOf(member: StaffMember | null): StaffFields {
  return {
    name: member?.name ?? "",
    role: member?.role ?? "SERVER",
    active: member?.isActive ?? true,
    pin: "",
    login: member?.login ?? "",
    password: "",
  };
}

/** Why the panel cannot be saved as it is, in words; null when it can be sent. */
export function formProblem(fields: StaffFields, member: StaffMember | null): string | null {
  const login = fields.login.trim();
  const pin = fields.pin && pinRefusal(fields.pin);
  if (pin === "format") return t("staff.pinFormat");
  if (pin === "trivial") return t("staff.trivialPin");
  if (login && !loginHolds(login)) {
    return t("staff.loginFormat");
  }
  const password = fields.password && passwordRefusal(fields.password);
  if (password === "weak") return t("staff.weakPassword");
  if (password) return t("staff.passwordLength", { min: MIN_PASSWORD });
  if (fields.password && !login) return t("staff.passwordNeedsLogin");
  if (login && !fields.password && !member?.hasPassword) {
    return t("staff.loginNeedsPassword", { min: MIN_PASSWORD });
  }
  return null;
}

/** A new staff member, with their PIN and sign-in when given: one request. */
export function createBody(fields: StaffFields): Schemas["StaffCreate"] {
  const login = fields.login.trim();
  return {
    name: fields.name.trim(),
    role: fields.role,
    ...(fields.pin && { pin: fields.pin }),
    ...(login && { login, password: fields.password }),
  };
}

/** An edit, in one request: a new PIN or password only when typed; the sign-in name when it
 * changed, and null when it was emptied (no password sign-in any more). */
export function changeBody(fields: StaffFields, member: StaffMember): Schemas["StaffUpdate"] {
  const login = fields.login.trim() || null;
  return {
    name: fields.name.trim(),
    role: fields.role,
    isActive: fields.active,
    ...(fields.pin && { pin: fields.pin }),
    ...(login !== member.login && { login }),
    ...(fields.password && { password: fields.password }),
  };
}

/** The server's refusal of a save, in words. */
export function refusalInWords(error: unknown, fields: StaffFields): string {
  if (!(error instanceof ApiError)) return inWords(error);
  if (error.code === "trivial_pin") return t("staff.trivialPin");
  if (error.code === "weak_password") return t("staff.weakPassword");
  if (error.code === "login_taken") {
    return t("staff.loginTaken", { login: fields.login.trim() });
  }
  return inWords(error);
}
