"""Prints the app's OpenAPI document as the committed ``web/openapi.json`` holds it.

``make web-schema`` writes it there and generates ``web/src/shared/api/schema.ts`` from it;
``tests/kit/unit/test_client_schema.py`` runs it to catch a document that changed without them.
"""

from __future__ import annotations

import json
import sys

from brigade.app import create_app
from brigade.settings import Settings


def document() -> str:
    spec = create_app(Settings()).openapi()
    return json.dumps(spec, indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    sys.stdout.write(document())
