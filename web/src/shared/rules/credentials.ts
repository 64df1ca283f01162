// A staff member's PIN, sign-in name and password as the server checks them when they are set
// (access/domain/terminals.py and passwords.py), so a screen refuses them before sending.

export const MIN_PASSWORD = 10;
const MAX_PASSWORD = 200;
const PIN = /^[0-9]{4,8}$/;
const LOGIN = /^[A-Za-z0-9_.+@-]{3,60}$/;
// A keypad's middle column, the PIN people make of a PIN pad.
const KEYPAD_PATTERNS = new Set(["2580", "0852", "147258369", "1470", "0741"]);

/** A PIN a guesser tries first: one digit repeated, a run with a constant step of at most 2
 * either way (1234, 4321, 2468, 97531), a repeated half or pair (1212, 123123), a keypad
 * column, or four digits that read as a year from 1900 to 2099. */
function isTrivialPin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((digit, at) => digit - digits[at]));
  if (steps.size === 1 && Math.abs([...steps][0]) <= 2) return true;
  const half = pin.length / 2;
  if (pin.length % 2 === 0 && pin.slice(0, half) === pin.slice(half)) return true;
  const everyOther = (from: number) => new Set(digits.filter((_, at) => at % 2 === from)).size;
  if (pin.length % 2 === 0 && everyOther(0) === 1 && everyOther(1) === 1) return true;
  if (pin.length === 4 && Number(pin) >= 1900 && Number(pin) <= 2099) return true;
  return KEYPAD_PATTERNS.has(pin);
}

/** Why the server would refuse this PIN: not 4 to 8 digits, or one anyone would try first. */
export function pinRefusal(pin: string): "format" | "trivial" | null {
  if (!PIN.test(pin)) return "format";
  return isTrivialPin(pin) ? "trivial" : null;
}

/** Whether the server takes this sign-in name (spaces around it are dropped). */
export function loginHolds(login: string): boolean {
  return LOGIN.test(login.trim());
}

/** Why the server would refuse this password: its length (in characters), or one or two
 * characters repeated. */
export function passwordRefusal(password: string): "short" | "long" | "weak" | null {
  const characters = [...password];
  if (characters.length < MIN_PASSWORD) return "short";
  if (characters.length > MAX_PASSWORD) return "long";
  return new Set(characters).size < 3 ? "weak" : null;
}
