// The pairing this browser keeps: a device token, its location and name (as
// GET /api/devices/current said when it was paired), in localStorage; one per kind of screen
// (a terminal and a kitchen display may share a browser while testing).

export interface Device {
  token: string;
  locationId: string;
  name?: string;
  // Its location's language as last read: the sign-in screen speaks it before anyone signs in.
  language?: string;
}

export const TERMINAL_KEY = "brigade.device";
export const KITCHEN_DISPLAY_KEY = "brigade.kitchen-display";
export const BOARD_KEY = "brigade.board";

export function loadDevice(key: string): Device | null {
  try {
    const found = JSON.parse(localStorage.getItem(key) ?? "null");
    return found && typeof found.token === "string" && typeof found.locationId === "string" ? found : null;
  } catch {
    return null;
  }
}

export function saveDevice(device: Device, key: string): void {
  localStorage.setItem(key, JSON.stringify(device));
}

export function forgetDevice(key: string): void {
  localStorage.removeItem(key);
}
