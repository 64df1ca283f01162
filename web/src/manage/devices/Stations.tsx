// Kitchen stations (docs/design.md §19): what each makes (categories; none ticked: everything),
// the expo that sees every ticket whole, and which kitchen displays show each station's board.

import { useState } from "preact/hooks";
import { listCategories } from "../../shared/api/categories";
import { createStation, deleteStation, listStations, setDeviceStation, updateStation } from "../../shared/api/stations";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import {
  CategoryChecks,
  CheckField,
  PanelActions,
  Problem,
  RecordTable,
  SidePanel,
  TextField,
  useAction,
  useEditing,
  useLoaded,
} from "../parts";
import type { Category, Device, KitchenStation } from "../types";

/** The displays a station's panel offers: the live kitchen displays. */
export const kitchenDisplays = (devices: Device[]) =>
  devices.filter((device) => device.kind === "KITCHEN_DISPLAY" && !device.revokedAt);

export function Stations(props: { devices: Device[] }) {
  const { api, location } = useBackOffice();
  const { editing, edit, close, saved } = useEditing<KitchenStation>();
  const stations = useLoaded(() => listStations(api, location.id).then((list) => list.data), []);
  const categories = useLoaded(
    () => listCategories(api, { locationId: location.id, includeInactive: true }).then((page) => page.data),
    [],
  );
  const categoryName = new Map((categories.data ?? []).map((category) => [category.id, category.name]));
  const deviceName = new Map(props.devices.map((device) => [device.id, device.name]));
  const makes = (station: KitchenStation) =>
    station.isExpo
      ? "Every ticket, whole (expo)"
      : station.categoryIds.length === 0
        ? "Everything"
        : station.categoryIds.map((id) => categoryName.get(id) ?? "a removed category").join(", ");

  return (
    <section class="section" aria-labelledby="stations-title">
      <header class="section-head">
        <h2 id="stations-title">Kitchen stations</h2>
        <Button tone="accent" onClick={() => edit("new")}>
          New station
        </Button>
      </header>
      <div class="with-panel">
        <div class="panel">
          <Problem error={stations.error ?? categories.error} />
          {stations.data?.length === 0 ? (
            <p class="hint">
              No stations: every kitchen display shows every ticket and bumps it whole. Add a station per line (Grill,
              Bar…) and an expo to bump each part on its own screen.
            </p>
          ) : (
            <RecordTable
              label="Kitchen stations"
              rows={stations.data ?? []}
              columns={[
                { title: "Station", cell: (station) => station.name },
                { title: "Makes", wraps: true, cell: makes },
                {
                  title: "Displays",
                  wraps: true,
                  cell: (station) => station.deviceIds.map((id) => deviceName.get(id) ?? "a revoked device").join(", "),
                },
              ]}
              actions={(station) => (
                <Button label={`Edit station ${station.name}`} onClick={() => edit(station)}>
                  Edit
                </Button>
              )}
            />
          )}
        </div>
        {editing && (
          <StationPanel
            key={editing === "new" ? "new" : editing.id}
            station={editing === "new" ? null : editing}
            categories={categories.data ?? []}
            displays={kitchenDisplays(props.devices)}
            onClose={close}
            onSaved={saved(stations.reload)}
          />
        )}
      </div>
    </section>
  );
}

function StationPanel(props: {
  station: KitchenStation | null;
  categories: Category[];
  displays: Device[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { api, location } = useBackOffice();
  const { station } = props;
  const [name, setName] = useState(station?.name ?? "");
  const [isExpo, setExpo] = useState(station?.isExpo ?? false);
  const [categoryIds, setCategoryIds] = useState<string[]>(station?.categoryIds ?? []);
  const [deviceIds, setDeviceIds] = useState<string[]>(station?.deviceIds ?? []);
  const saving = useAction();

  async function save(event: Event) {
    event.preventDefault();
    // The expo names no categories (the API refuses them): it sees every ticket whole.
    const body = { name: name.trim(), isExpo, categoryIds: isExpo ? [] : categoryIds };
    const done = await saving.run(async () => {
      const saved = station
        ? await updateStation(api, station.id, body)
        : await createStation(api, { ...body, locationId: location.id });
      const before = station?.deviceIds ?? [];
      for (const id of deviceIds.filter((id) => !before.includes(id))) await setDeviceStation(api, id, saved.id);
      for (const id of before.filter((id) => !deviceIds.includes(id))) await setDeviceStation(api, id, null);
    });
    if (done) props.onSaved();
  }

  async function remove() {
    if (station && (await saving.run(() => deleteStation(api, station.id)))) props.onSaved();
  }

  const toggleDisplay = (id: string, on: boolean) =>
    setDeviceIds((ids) => (on ? [...ids, id] : ids.filter((found) => found !== id)));

  return (
    <SidePanel title={station ? `Edit station ${station.name}` : "New station"} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField label="Station name" value={name} onInput={setName} required placeholder="Grill, Bar, Expo…" />
        <CheckField
          label="Expo: sees every ticket whole, its bump bumps the ticket"
          checked={isExpo}
          onChange={setExpo}
        />
        {!isExpo && (
          <CategoryChecks
            legend="The categories it makes"
            hint="Their subcategories too. None ticked: it makes every item."
            categories={props.categories}
            value={categoryIds}
            onChange={setCategoryIds}
          />
        )}
        <fieldset class="group">
          <legend>Kitchen displays showing it</legend>
          {props.displays.length === 0 ? (
            <p class="hint">No kitchen display paired yet.</p>
          ) : (
            props.displays.map((device) => (
              <CheckField
                key={device.id}
                label={device.name}
                checked={deviceIds.includes(device.id)}
                onChange={(on) => toggleDisplay(device.id, on)}
              />
            ))
          )}
        </fieldset>
        <Problem error={saving.error} />
        <PanelActions
          busy={saving.busy}
          ready={!!name.trim()}
          saveLabel={station ? "Save station" : "Add station"}
          deleteLabel={station ? "Delete station" : undefined}
          confirmDelete={station ? `Delete ${station.name}? Its displays will show every station's work.` : undefined}
          onDelete={remove}
        />
      </form>
    </SidePanel>
  );
}
