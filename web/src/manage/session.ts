// The back office's sign-in: a password opens a cookie session (the server's, docs/design.md
// §7); the fallback, a staff API token of a MANAGER or ADMIN, is pasted once per browser tab
// and kept in sessionStorage (gone when the tab closes; docs/decisions.md "The back office").

import type { Role } from "../shared/types";

const KEY = "brigade.manage.token";

export function loadToken(): string | null {
  return sessionStorage.getItem(KEY);
}

export function saveToken(token: string): void {
  sessionStorage.setItem(KEY, token);
}

export function forgetToken(): void {
  sessionStorage.removeItem(KEY);
}

/** The roles the back office is for; the server refuses the rest anyway, operation by operation. */
export function mayManage(role: Role): boolean {
  return role === "MANAGER" || role === "ADMIN";
}
