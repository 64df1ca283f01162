"""docs/design.md says which feature owns each table ("Owns the tables ..." in the feature's
section, whose package the table at its top names); each feature's `tables.py` declares them.
The two never drift apart: every table is owned by exactly one section, and declared in that
section's package (issue 52)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from sqlalchemy import Table

import brigade.app  # noqa: F401  (every feature's tables, on the one metadata)
from brigade.kit.db.tables import metadata

DESIGN = (Path(__file__).resolve().parents[3] / "docs" / "design.md").read_text("utf-8")
# Where tables are declared: each feature's tables.py, and the kit's (its outbox apart).
TABLE_MODULES = (
    "access.tables", "catalogue.tables", "dining.tables", "events.tables", "journal.tables",
    "kitchen.tables", "orders.tables", "pricing.tables", "printing.tables", "reports.tables",
    "till.tables", "webhooks.tables", "card_payments.tables", "guests.tables", "channels.tables",
    "kit.db.tables", "kit.db.outbox",
)  # fmt: skip
# A section's "Owns the table(s) ..." clause, up to the columns, endpoints or screen it also owns.
_OWNS = re.compile(
    r"[Oo]wns the tables? (.+?)(?:,? (?:and )?the (?:columns?|endpoints?|screen)\b|\.\s)", re.S
)
_SECTION = re.compile(r"^## (\d+)\. ", re.M)
_PACKAGE_ROW = re.compile(r"^\| [^|]+ \| §(\d+) \| (.+) \|$", re.M)


def _declared() -> dict[str, str]:
    """Each table, by the package whose tables.py declares it (``kit`` for kit/db's)."""
    found: dict[str, str] = {}
    for name in TABLE_MODULES:
        module = importlib.import_module(f"brigade.{name}")
        for value in vars(module).values():
            if isinstance(value, Table) and value.metadata is metadata:
                found[value.name] = name.split(".")[0]
    return found


def _owned() -> dict[str, list[int]]:
    """Each table the design names as owned, by the sections that own it."""
    starts = [(match.start(), int(match.group(1))) for match in _SECTION.finditer(DESIGN)]
    owned: dict[str, list[int]] = {}
    for clause in _OWNS.finditer(DESIGN):
        section = max(number for start, number in starts if start < clause.start())
        # What is said of a table in brackets (its columns, another section's) is not owned.
        listed = re.sub(r"\([^)]*\)", "", clause.group(1))
        for name in re.findall(r"`(\w+)`", listed):
            owned.setdefault(name, []).append(section)
    return owned


def _packages() -> dict[int, set[str]]:
    """Each section's packages, from the table at the design's top (``kit/db/`` is ``kit``)."""
    return {
        int(number): set(re.findall(r"`(\w+)/", paths))
        for number, paths in _PACKAGE_ROW.findall(DESIGN)
    }


def test_every_table_is_owned_by_one_section_and_declared_in_its_package() -> None:
    declared, owned, packages = _declared(), _owned(), _packages()
    assert set(declared) == set(metadata.tables), "a table outside every feature's tables.py"
    problems = []
    for table, package in sorted(declared.items()):
        sections = owned.get(table, [])
        if len(sections) != 1:
            problems.append(f"{table}: owned by sections {sections or 'none'}")
        elif package not in packages.get(sections[0], set()):
            problems.append(f"{table}: declared in {package}/, owned by §{sections[0]}")
    problems += [f"{name}: owned, but no such table" for name in sorted(set(owned) - set(declared))]
    assert not problems, "\n".join(problems)
