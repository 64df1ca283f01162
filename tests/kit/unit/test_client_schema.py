"""The screens' generated API types match the app: web/openapi.json is the app's document, and
web/src/shared/api/schema.ts was generated from that exact file. After a change to the API,
`make web-schema` regenerates both."""

from __future__ import annotations

import hashlib
import re
import runpy
import shutil
import subprocess
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[3] / "web"
DOCUMENT = WEB / "openapi.json"
SCHEMA = WEB / "src" / "shared" / "api" / "schema.ts"
STALE = "stale: run `make web-schema` and commit web/openapi.json and schema.ts"


def test_the_committed_openapi_json_is_the_apps_document() -> None:
    document = runpy.run_path(str(WEB / "scripts" / "openapi_json.py"))["document"]
    assert document() == DOCUMENT.read_text(encoding="utf-8"), f"web/openapi.json is {STALE}"


def test_schema_ts_names_the_committed_document() -> None:
    first_line = SCHEMA.read_text(encoding="utf-8").partition("\n")[0]
    named = re.search(r"sha256 ([0-9a-f]{64})", first_line)
    assert named, first_line
    assert named.group(1) == hashlib.sha256(DOCUMENT.read_bytes()).hexdigest(), (
        f"schema.ts is {STALE}"
    )


@pytest.mark.skipif(
    not (WEB / "node_modules" / "openapi-typescript").is_dir(), reason="npm ci not run"
)
def test_schema_ts_is_what_the_generator_makes_of_it(tmp_path: Path) -> None:
    # Also catches a hand edit below the first line.
    node = shutil.which("node")
    assert node, "node is needed to generate the screens' types"
    generated = tmp_path / "schema.ts"
    subprocess.run([node, "scripts/openapi.mjs", str(generated)], cwd=WEB, check=True, timeout=120)
    assert generated.read_text(encoding="utf-8") == SCHEMA.read_text(encoding="utf-8"), (
        f"schema.ts is {STALE}"
    )
