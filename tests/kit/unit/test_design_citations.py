"""Every section of docs/design.md that the code or the docs cite ("design.md §N", or a list such
as "design.md §7, §10 and §12") exists there as a `## N.` heading, and nothing cites the
contract's own numbering ("DESIGN §N") instead. Plain file reading: no database."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

THIS_FILE = Path(__file__).resolve()
ROOT = THIS_FILE.parents[3]
DESIGN = ROOT / "docs" / "design.md"
SEARCHED = ("src", "tests", "web/src", "bench", "docs", "README.md")
# Built, installed or cached files: not written by us.
SKIPPED_FOLDERS = {"node_modules", "static", "__pycache__", ".mypy_cache", ".ruff_cache"}

CITATION = re.compile(r"design\.md((?:(?:,|,? and|,? or)? ?§ ?\d+)+)")
SECTION = re.compile(r"§ ?(\d+)")
CONTRACT_CITATION = re.compile(r"\bDESIGN ?§ ?\d+")
HEADING = re.compile(r"^## (\d+)\.", re.MULTILINE)


def _text_files() -> Iterator[Path]:
    for name in SEARCHED:
        start = ROOT / name
        paths = [start] if start.is_file() else sorted(start.rglob("*"))
        for path in paths:
            relative = path.relative_to(ROOT)
            # This file's own examples are not citations.
            skipped = path == THIS_FILE or SKIPPED_FOLDERS.intersection(relative.parts)
            if path.is_file() and not skipped:
                yield path


def _lines() -> Iterator[tuple[str, int, str]]:
    for path in _text_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # images and other binary files
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            yield str(path.relative_to(ROOT)), number, line


def _cited_sections() -> list[tuple[str, int, int]]:
    return [
        (where, number, int(section))
        for where, number, line in _lines()
        for citation in CITATION.finditer(line)
        for section in SECTION.findall(citation.group(1))
    ]


def test_every_cited_section_of_design_md_exists() -> None:
    headings = {int(n) for n in HEADING.findall(DESIGN.read_text(encoding="utf-8"))}
    cited = _cited_sections()
    assert cited, "no citation found: the search itself is broken"
    missing = [
        f"{where}:{number} cites design.md §{section}"
        for where, number, section in cited
        if section not in headings
    ]
    assert not missing, "docs/design.md has no such `## N.` heading:\n" + "\n".join(missing)


def test_a_list_of_sections_counts_each_one() -> None:
    line = "(docs/design.md §4, §8 and §12; design.md §7)"
    sections = [
        int(s) for citation in CITATION.finditer(line) for s in SECTION.findall(citation.group(1))
    ]
    assert sections == [4, 8, 12, 7]


def test_nothing_cites_the_contracts_numbering() -> None:
    contract = [
        f"{where}:{number}: {line.strip()}"
        for where, number, line in _lines()
        if CONTRACT_CITATION.search(line)
    ]
    assert not contract, "cite docs/design.md §N (its own sections), not DESIGN §N:\n" + "\n".join(
        contract
    )
