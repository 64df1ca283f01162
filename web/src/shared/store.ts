// What a tablet keeps across a reload, in IndexedDB used directly (no wrapper library): named
// tables of JSON values under string keys, read back in key order. The screens take a `Store`,
// so their logic is tested against the in-memory one below.

import { Unreachable } from "./api/client";

export interface Store {
  get<T>(table: string, key: string): Promise<T | undefined>;
  put(table: string, key: string, value: unknown): Promise<void>;
  delete(table: string, key: string): Promise<void>;
  /** Every value of a table, in the order of their keys. */
  all<T>(table: string): Promise<T[]>;
}

/** A store that lives as long as the page: the tests', and a browser without IndexedDB's. */
export function memoryStore(): Store {
  const tables = new Map<string, Map<string, unknown>>();
  const table = (name: string) => {
    let found = tables.get(name);
    if (!found) tables.set(name, (found = new Map()));
    return found;
  };
  // A copy in and out, as IndexedDB's structured clone makes: no caller shares a stored object.
  const copy = <T>(value: T): T => (value === undefined ? value : structuredClone(value));
  return {
    get: async (name, key) => copy(table(name).get(key)) as never,
    put: async (name, key, value) => {
      table(name).set(key, copy(value));
    },
    delete: async (name, key) => {
      table(name).delete(key);
    },
    all: async (name) =>
      [...table(name).entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([, value]) => copy(value)) as never,
  };
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The database `name` with `tables`, made on first use; a new table needs a new `version`. */
export async function openIndexedStore(name: string, tables: string[], version = 1): Promise<Store> {
  const opening = indexedDB.open(name, version);
  opening.onupgradeneeded = () => {
    for (const table of tables) {
      if (!opening.result.objectStoreNames.contains(table)) opening.result.createObjectStore(table);
    }
  };
  const db = await done(opening);
  // A write is answered once it is committed: a tap kept is on disk, not in a buffer.
  const write = (table: string, act: (store: IDBObjectStore) => void) =>
    new Promise<void>((resolve, reject) => {
      const transaction = db.transaction(table, "readwrite", { durability: "strict" });
      act(transaction.objectStore(table));
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  const read = (table: string) => db.transaction(table, "readonly").objectStore(table);
  return {
    get: (table, key) => done(read(table).get(key)),
    put: (table, key, value) => write(table, (store) => store.put(value, key)),
    delete: (table, key) => write(table, (store) => store.delete(key)),
    all: (table) => done(read(table).getAll()),
  };
}

/** The tablet's store: IndexedDB where the browser has it, else one that lasts the page. */
export async function tabletStore(name: string, tables: string[], version = 1): Promise<Store> {
  try {
    return await openIndexedStore(name, tables, version);
  } catch {
    return memoryStore();
  }
}

/** The table of answers kept for a reload offline (menu, floor, location, staff). */
export const KEPT = "kept";

/** Reads from the server and keeps the answer; without a server (Unreachable), the answer
 * kept last time, when there is one. Background reads: never counted as waiting writes. */
export async function remembered<T>(
  store: Store | null,
  key: string,
  read: () => Promise<T>,
  /** Told when the answer is the one kept, not the server's. */
  onKept: () => void = () => {},
): Promise<T> {
  try {
    const fresh = await read();
    store?.put(KEPT, key, fresh).catch(() => {});
    return fresh;
  } catch (failure) {
    if (!(failure instanceof Unreachable) || !store) throw failure;
    const kept = await store.get<T>(KEPT, key);
    if (kept === undefined) throw failure;
    onKept();
    return kept;
  }
}
