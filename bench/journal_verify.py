"""What `brigade journal verify` costs: 10,000 entries (or ``--entries``) written through the
journal's own writer in one transaction, then the chain recomputed, in-process and as the
command (its start included). Prints one JSON object (seconds).

    python bench/journal_verify.py [--entries 10000] [--db-url sqlite|postgresql://...]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

from brigade.journal import service as journal
from brigade.journal.domain import EntryKind, NewEntry
from brigade.kit.db.engine import Database
from brigade.kit.db.migrate import upgrade
from brigade.settings import Settings


async def _seed_and_verify(url: str, count: int) -> dict[str, float]:
    database = Database(Settings(database_url=url))
    location = uuid.uuid4()
    entries = [
        NewEntry(EntryKind.SALE, {"netSales": n, "taxes": [], "payments": []}, uuid.uuid4())
        for n in range(count)
    ]
    try:
        began = time.perf_counter()
        async with database.unit_of_work(write=True) as uow:
            await journal.append(uow, location, entries, datetime.now(UTC))
        seeded = time.perf_counter() - began
        began = time.perf_counter()
        async with database.unit_of_work(write=False) as uow:
            found = await journal.verify(uow, location)
        verified = time.perf_counter() - began
        if not found.ok or found.entries != count:
            raise SystemExit(f"the journal did not verify: {found}")
        return {"seedSeconds": round(seeded, 3), "verifySeconds": round(verified, 3)}
    finally:
        await database.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--db-url", default="sqlite")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        url = arguments.db_url
        if url == "sqlite":
            url = f"sqlite:///{Path(directory) / 'journal.db'}"
        upgrade(url)
        figures = asyncio.run(_seed_and_verify(url, arguments.entries))
        environment = {k: v for k, v in os.environ.items() if not k.startswith("BRIGADE_")}
        began = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "brigade", "journal", "verify"],
            env=environment | {"BRIGADE_DATABASE_URL": url},
            check=True,
            capture_output=True,
        )
        figures["commandSeconds"] = round(time.perf_counter() - began, 3)
    print(json.dumps({"entries": arguments.entries} | figures))


if __name__ == "__main__":
    main()
