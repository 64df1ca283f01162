// What this screen keeps for itself (per browser, so per wall screen): its station, whether it
// plays a sound and whether long tickets are folded (compact). The pairing itself is kept by shared/device.ts.

const STATION_KEY = "brigade.kitchen-station";
const MUTED_KEY = "brigade.kitchen-muted";

export function loadStation(): string[] {
  try {
    const found = JSON.parse(localStorage.getItem(STATION_KEY) ?? "[]");
    return Array.isArray(found) ? found.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function saveStation(categoryIds: string[]): void {
  localStorage.setItem(STATION_KEY, JSON.stringify(categoryIds));
}

export function loadMuted(): boolean {
  return localStorage.getItem(MUTED_KEY) === "true";
}

export function saveMuted(muted: boolean): void {
  localStorage.setItem(MUTED_KEY, String(muted));
}

const COMPACT_KEY = "brigade.kitchen-compact";

export function loadCompact(): boolean {
  return localStorage.getItem(COMPACT_KEY) === "true";
}

export function saveCompact(compact: boolean): void {
  localStorage.setItem(COMPACT_KEY, String(compact));
}
