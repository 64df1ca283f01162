// The back office's own building blocks on top of the kit: side panels for edits, labelled
// fields, a search box, errors in words, and a loader that keeps one section's data.

import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";
import { formatMoney, toCents } from "../shared/money";
import { Button, useEscape } from "../shared/ui";
import { inWords } from "../shared/words";
import { locale } from "../shared/i18n";
import { useBackOffice } from "./context";
import { t } from "./messages";

// A sign, not a word: the button is named by its label.
const CLOSE_MARK = "✕";

/** An edit beside the table it belongs to; Escape or Close dismisses it. */
export function SidePanel(props: { title: string; onClose: () => void; children: ComponentChildren }) {
  useEscape(props.onClose);
  return (
    <div class="side-panel" role="dialog" aria-label={props.title}>
      <header class="side-panel-head">
        <h2>{props.title}</h2>
        <Button tone="quiet" onClick={props.onClose} label={t("panel.close")}>
          {CLOSE_MARK}
        </Button>
      </header>
      <div class="side-panel-body">{props.children}</div>
    </div>
  );
}

/** A problem in words: the screen's own (a string), an API error (problem+json `detail`) or
 * a lost connection. */
export function Problem(props: { error: unknown }) {
  if (!props.error) return null;
  return (
    <p class="error" role="alert">
      {typeof props.error === "string" ? props.error : inWords(props.error)}
    </p>
  );
}

export interface Column<T> {
  title: string;
  cell: (row: T) => ComponentChildren;
  /** Right-aligned figures. */
  number?: boolean;
  /** May wrap onto two lines (long words beside a side panel). */
  wraps?: boolean;
}

/** Records as a table: one row each, the columns' cells, then the row's buttons. */
export function RecordTable<T extends { id: string }>(props: {
  label: string;
  rows: T[];
  columns: Column<T>[];
  actions?: (row: T) => ComponentChildren;
  rowProps?: (row: T) => Record<string, unknown>;
}) {
  const cellClass = (column: Column<T>) =>
    [column.number && "number", column.wraps && "wraps"].filter(Boolean).join(" ");
  return (
    <table class="data-table" aria-label={props.label}>
      <thead>
        <tr>
          {props.columns.map((column) => (
            <th key={column.title} scope="col" class={column.number ? "number" : undefined}>
              {column.title}
            </th>
          ))}
          {props.actions && (
            <th scope="col">
              <span class="visually-hidden">{t("panel.actions")}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.id} {...props.rowProps?.(row)}>
            {props.columns.map((column) => (
              <td key={column.title} class={cellClass(column)}>
                {column.cell(row)}
              </td>
            ))}
            {props.actions && (
              <td>
                <div class="row-tools">{props.actions(row)}</div>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A search box and the section's "New …" button above its table. */
export function ListTools(props: {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  newLabel?: string;
  onNew?: () => void;
  children?: ComponentChildren;
}) {
  return (
    <div class="toolbar">
      <SearchBox label={props.searchLabel} value={props.search} onInput={props.onSearch} />
      {props.children}
      {props.newLabel && (
        <Button tone="accent" onClick={props.onNew}>
          {props.newLabel}
        </Button>
      )}
    </div>
  );
}

/** A side panel form's buttons: save (submit) and, for a record that exists, delete; with
 * `confirmDelete` (the question), delete asks first. */
export function PanelActions(props: {
  busy: boolean;
  ready: boolean;
  saveLabel: string;
  deleteLabel?: string;
  onDelete?: () => void;
  confirmDelete?: string;
}) {
  const [asking, setAsking] = useState(false);
  if (asking) {
    return (
      <div class="panel-actions" role="group" aria-label={props.confirmDelete}>
        <p class="notice">{props.confirmDelete}</p>
        <Button tone="danger" onClick={props.onDelete} disabled={props.busy}>
          {t("panel.yes", { action: asAction(props.deleteLabel ?? "") })}
        </Button>
        <Button tone="quiet" onClick={() => setAsking(false)}>
          {t("panel.keep")}
        </Button>
      </div>
    );
  }
  return (
    <div class="panel-actions">
      <Button type="submit" tone="accent" disabled={props.busy || !props.ready}>
        {props.saveLabel}
      </Button>
      {props.deleteLabel && (
        <Button
          tone="danger"
          onClick={props.confirmDelete ? () => setAsking(true) : props.onDelete}
          disabled={props.busy}
        >
          {props.deleteLabel}
        </Button>
      )}
    </div>
  );
}

/** A button's words inside a sentence ("Yes, delete product"): lower case, except German's
 * nouns, which keep their capitals. */
function asAction(label: string): string {
  return locale() === "de" ? label : label.toLowerCase();
}

/** Which record a section's side panel edits: one of them, a new one ("new"), or none. */
export function useEditing<T>(): {
  editing: T | "new" | null;
  edit: (record: T | "new") => void;
  close: () => void;
  /** After a save: the panel closes and the section reloads. */
  saved: (reload: () => void) => () => void;
} {
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const close = useCallback(() => setEditing(null), []);
  return {
    editing,
    edit: setEditing,
    close,
    saved: (reload) => () => {
      setEditing(null);
      reload();
    },
  };
}

export function TextField(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  required?: boolean;
  type?: "text" | "password";
  placeholder?: string;
  inputMode?: "decimal" | "numeric";
  disabled?: boolean;
}) {
  return (
    <label>
      {props.label}
      <input
        // A password field hides a PIN or token as it is typed.
        type={(props.type ?? "text") as "text"}
        value={props.value}
        required={props.required}
        disabled={props.disabled}
        placeholder={props.placeholder}
        inputMode={props.inputMode}
        autocomplete="off"
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
    </label>
  );
}

export function SelectField<T extends string>(props: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <label>
      {props.label}
      <select
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.currentTarget.value as T)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CheckField(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label class="check-field">
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      {props.label}
    </label>
  );
}

/** Categories ticked on and off (a printer's or a kitchen station's); none ticked: every one. */
export function CategoryChecks(props: {
  legend: string;
  hint: string;
  categories: { id: string; name: string }[];
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const toggle = (id: string, on: boolean) =>
    props.onChange(on ? [...props.value, id] : props.value.filter((found) => found !== id));
  return (
    <fieldset class="group">
      <legend>{props.legend}</legend>
      <p class="hint">{props.hint}</p>
      {props.categories.map((category) => (
        <CheckField
          key={category.id}
          label={category.name}
          checked={props.value.includes(category.id)}
          onChange={(on) => toggle(category.id, on)}
        />
      ))}
    </fieldset>
  );
}

export function SearchBox(props: { label: string; value: string; onInput: (value: string) => void }) {
  return (
    <input
      class="table-search"
      type="search"
      aria-label={props.label}
      placeholder={t("search.placeholder", { label: props.label })}
      value={props.value}
      onInput={(event) => props.onInput(event.currentTarget.value)}
    />
  );
}

/** Money in the location's currency. */
export function useMoney(): (amount: number) => string {
  const { location } = useBackOffice();
  return (amount) => formatMoney(toCents(amount), location.currency);
}

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  reload: () => void;
}

/** Loads what `load` answers, again whenever `deps` change or `reload` is called. */
export function useLoaded<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    load()
      .then((found) => {
        if (!current) return;
        setData(found);
        setError(null);
      })
      .catch((failure: unknown) => current && setError(failure));
    return () => {
      current = false;
    };
    // The caller names what `load` depends on (`deps`), as with useEffect's own list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { data, error, reload };
}

/** Runs one change at a time: `busy` while it runs, its error kept in words. */
export function useAction(): {
  busy: boolean;
  error: unknown;
  run: (change: () => Promise<unknown>) => Promise<boolean>;
  clear: () => void;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (change: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await change();
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run, clear: () => setError(null) };
}

/** Every page of a list the API pages by 100 at most (menus and staff lists are small). */
export async function everyPage<T>(fetchPage: (page: number) => Promise<{ data: T[]; total: number }>): Promise<T[]> {
  const found: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page);
    found.push(...answer.data);
    if (answer.data.length === 0 || found.length >= answer.total) return found;
  }
}
