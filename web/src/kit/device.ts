// The pairing this browser keeps: a TERMINAL device token, its location and name (as
// GET /api/devices/current said when it was paired), in localStorage.

export interface Device {
  token: string;
  locationId: string;
  name?: string;
}

const KEY = "brigade.device";

export function loadDevice(): Device | null {
  try {
    const found = JSON.parse(localStorage.getItem(KEY) ?? "null");
    return found && typeof found.token === "string" && typeof found.locationId === "string" ? found : null;
  } catch {
    return null;
  }
}

export function saveDevice(device: Device): void {
  localStorage.setItem(KEY, JSON.stringify(device));
}

export function forgetDevice(): void {
  localStorage.removeItem(KEY);
}
