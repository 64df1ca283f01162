import { describe, expect, it } from "vitest";
import { ApiError, Unreachable } from "../../shared/api/client";
import type { StaffMember } from "../types";
import { changeBody, createBody, fieldsOf, formProblem, refusalInWords, type StaffFields } from "./form";

const PASSWORD = "correct horse battery";
const ANA: StaffMember = {
  id: "a",
  name: "Ana",
  role: "MANAGER",
  language: null,
  isActive: true,
  createdAt: "2026-01-01T09:00:00Z",
  updatedAt: "2026-01-01T09:00:00Z",
  login: "ana",
  hasPassword: true,
};
const LEA: StaffMember = { ...ANA, id: "l", name: "Lea", role: "SERVER", login: null, hasPassword: false };

const newMember = (fields: Partial<StaffFields>): StaffFields => ({ ...fieldsOf(null), name: "Ben", ...fields });
const edited = (member: StaffMember, fields: Partial<StaffFields>): StaffFields => ({
  ...fieldsOf(member),
  ...fields,
});

describe("the staff panel", () => {
  it("starts empty for a new member, and with theirs, no PIN or password, for an edit", () => {
    expect(fieldsOf(null)).toEqual({ name: "", role: "SERVER", active: true, pin: "", login: "", password: "" });
    expect(fieldsOf(ANA)).toEqual({ name: "Ana", role: "MANAGER", active: true, pin: "", login: "ana", password: "" });
  });

  it.each([
    [{ pin: "24" }, "A PIN is 4 to 8 digits."],
    [{ pin: "1234" }, "That PIN is one anyone would try first"],
    [{ login: "ben lee", password: PASSWORD }, "A sign-in name is 3 to 60"],
    [{ login: "ben", password: "short" }, "A password is 10 to 200 characters."],
    [{ login: "ben", password: "abababababab" }, "That password is one or two characters repeated"],
    [{ password: PASSWORD }, "A password needs a sign-in name."],
    [{ login: "ben" }, "A sign-in name needs a password (at least 10 characters)."],
  ])("refuses %j before sending: %s", (fields, words) => {
    expect(formProblem(newMember(fields), null)).toContain(words);
  });

  it("sends a new member, their PIN and their sign-in in one request", () => {
    const fields = newMember({ name: " Ben ", pin: "4826", login: " Ben@Example.com ", password: PASSWORD });
    expect(formProblem(fields, null)).toBeNull();
    expect(createBody(fields)).toEqual({
      name: "Ben",
      role: "SERVER",
      pin: "4826",
      login: "Ben@Example.com",
      password: PASSWORD,
    });
    expect(createBody(newMember({}))).toEqual({ name: "Ben", role: "SERVER" });
  });

  it("sends an edit's new PIN and password only when typed, and the sign-in name when it changed", () => {
    expect(changeBody(fieldsOf(ANA), ANA)).toEqual({ name: "Ana", role: "MANAGER", isActive: true });
    expect(changeBody(edited(ANA, { pin: "4826", password: PASSWORD }), ANA)).toEqual({
      name: "Ana",
      role: "MANAGER",
      isActive: true,
      pin: "4826",
      password: PASSWORD,
    });
    expect(changeBody(edited(ANA, { login: "ana.l" }), ANA)).toMatchObject({ login: "ana.l" });
  });

  it("clears a sign-in name emptied in an edit, and a new one needs a password", () => {
    const cleared = edited(ANA, { login: "  " });
    expect(formProblem(cleared, ANA)).toBeNull();
    expect(changeBody(cleared, ANA)).toMatchObject({ login: null });
    expect(formProblem(edited(ANA, { login: "", password: PASSWORD }), ANA)).toBe("A password needs a sign-in name.");
    expect(formProblem(edited(ANA, { login: "ana.l" }), ANA)).toBeNull();
    expect(formProblem(edited(LEA, { login: "lea" }), LEA)).toContain("needs a password");
    expect(changeBody(fieldsOf(LEA), LEA)).not.toHaveProperty("login");
  });

  it("says the server's refusals in words", () => {
    const fields = newMember({ login: "chef", password: PASSWORD });
    const taken = new ApiError(409, "login_taken", "Someone else signs in as 'chef'.");
    expect(refusalInWords(taken, fields)).toBe("Someone else signs in as “chef”: choose another sign-in name.");
    expect(refusalInWords(new ApiError(422, "trivial_pin", "pin: is one"), fields)).toContain("anyone would try");
    expect(refusalInWords(new ApiError(422, "weak_password", "password: is"), fields)).toContain("repeated");
    expect(refusalInWords(new ApiError(409, "conflict", "You cannot."), fields)).toBe("You cannot.");
    expect(refusalInWords(new Unreachable(), fields)).toBe("The server cannot be reached.");
  });
});
