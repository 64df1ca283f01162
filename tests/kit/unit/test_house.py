"""The house's shape, checked from the code (issue 52): every feature's listeners are
subscribed, and every feature has its layers written as an import-linter contract. Plain file
reading and imports: no database."""

from __future__ import annotations

import importlib
import tomllib
from pathlib import Path

from brigade import listening

SOURCE = Path(__file__).resolve().parents[3] / "src" / "brigade"
CONTRACTS = tomllib.loads((SOURCE.parents[1] / "pyproject.toml").read_text("utf-8"))["tool"][
    "importlinter"
]["contracts"]
# Packages of src/brigade that are no feature: the kit's mechanisms, Alembic's chain, the
# built screens.
NOT_FEATURES = {"kit", "migrations", "static"}


def _features() -> list[str]:
    return sorted(
        path.parent.name
        for path in SOURCE.glob("*/__init__.py")
        if path.parent.name not in NOT_FEATURES
    )


def test_every_features_listeners_and_answers_are_subscribed() -> None:
    subscribed, answering = set(listening.LISTENERS), set(listening.ANSWERS)
    for feature in _features():
        if not (SOURCE / feature / "listeners.py").is_file():
            continue
        listeners = importlib.import_module(f"brigade.{feature}.listeners")
        missing = set(getattr(listeners, "LISTENERS", ())) - subscribed
        missing |= set(getattr(listeners, "ANSWERS", ())) - answering
        assert not missing, f"{feature}/listeners.py: not in listening.py: {missing}"


def test_every_feature_has_its_layers_as_a_contract() -> None:
    layered = {
        container.removeprefix("brigade.")
        for contract in CONTRACTS
        if contract["type"] == "layers"
        for container in contract.get("containers", [])
    }
    assert set(_features()) <= layered, f"no layers contract: {set(_features()) - layered}"
