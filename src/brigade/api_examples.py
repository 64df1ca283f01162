"""The OpenAPI's examples: real answers, and the requests that got them, recorded from the
in-process tests into ``api_examples.json`` beside this module (`make examples`,
tests/example_recorder.py), by operation id: per media type a successful answer, per code a
problem."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RECORDED = Path(__file__).with_name("api_examples.json")


def api_examples() -> dict[str, Any]:
    examples: dict[str, Any] = json.loads(RECORDED.read_text())
    return examples
