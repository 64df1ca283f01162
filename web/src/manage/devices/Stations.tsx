// Kitchen stations (docs/design.md §19): what each makes (categories; none ticked: everything),
// the expo that sees every ticket whole, and which kitchen displays show each station's board.

import { useState } from "preact/hooks";
import { listCategories } from "../../shared/api/categories";
import { createStation, deleteStation, listStations, setDeviceStation, updateStation } from "../../shared/api/stations";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { t } from "../messages";
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
      ? t("stations.expo")
      : station.categoryIds.length === 0
        ? t("stations.everything")
        : station.categoryIds.map((id) => categoryName.get(id) ?? t("stations.removedCategory")).join(", ");

  return (
    <section class="section" aria-labelledby="stations-title">
      <header class="section-head">
        <h2 id="stations-title">{t("stations.title")}</h2>
        <Button tone="accent" onClick={() => edit("new")}>
          {t("stations.new")}
        </Button>
      </header>
      <div class="with-panel">
        <div class="panel">
          <Problem error={stations.error ?? categories.error} />
          {stations.data?.length === 0 ? (
            <p class="hint">{t("stations.none")}</p>
          ) : (
            <RecordTable
              label={t("stations.list")}
              rows={stations.data ?? []}
              columns={[
                { title: t("stations.station"), cell: (station) => station.name },
                { title: t("stations.makes"), wraps: true, cell: makes },
                {
                  title: t("stations.displays"),
                  wraps: true,
                  cell: (station) =>
                    station.deviceIds.map((id) => deviceName.get(id) ?? t("stations.revokedDevice")).join(", "),
                },
              ]}
              actions={(station) => (
                <Button label={t("stations.editOf", { name: station.name })} onClick={() => edit(station)}>
                  {t("stations.edit")}
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
    <SidePanel
      title={station ? t("stations.editOf", { name: station.name }) : t("stations.new")}
      onClose={props.onClose}
    >
      <form onSubmit={save}>
        <TextField
          label={t("stations.name")}
          value={name}
          onInput={setName}
          required
          placeholder={t("stations.namePlaceholder")}
        />
        <CheckField label={t("stations.isExpo")} checked={isExpo} onChange={setExpo} />
        {!isExpo && (
          <CategoryChecks
            legend={t("stations.categories")}
            hint={t("stations.categoriesHint")}
            categories={props.categories}
            value={categoryIds}
            onChange={setCategoryIds}
          />
        )}
        <fieldset class="group">
          <legend>{t("stations.displaysLegend")}</legend>
          {props.displays.length === 0 ? (
            <p class="hint">{t("stations.noDisplays")}</p>
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
          saveLabel={t(station ? "stations.save" : "stations.add")}
          deleteLabel={station ? t("stations.delete") : undefined}
          confirmDelete={station ? t("stations.confirmDelete", { name: station.name }) : undefined}
          onDelete={remove}
        />
      </form>
    </SidePanel>
  );
}
