"""What printed documents say in each language (docs/design.md §26): their fixed words from
the message catalogues, ``src/brigade/locales/<language>/LC_MESSAGES/brigade.po``, read once
with Babel when the app starts (no compiled catalogue is kept), and money, numbers and
moments formatted by Babel in the language's locale ("4,50 €" in German)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from pathlib import Path

from babel.dates import format_date, format_time
from babel.messages.pofile import read_po
from babel.numbers import format_currency, format_decimal

from brigade.kit.languages import Language

# Babel writes "12:00 PM" with a narrow no-break space, which receipt printers' code page lacks;
# a plain no-break space keeps the words together and prints.
_NARROW_SPACE, _NO_BREAK_SPACE = "\u202f", "\xa0"
LOCALES = Path(__file__).resolve().parent.parent / "locales"
DOMAIN = "brigade"


def catalogue_path(language: Language) -> Path:
    return LOCALES / language.value / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalogue(language: Language) -> dict[str, str]:
    """The language's messages: each English message and what it prints as (empty ones left
    out, so a test can tell them missing)."""
    with catalogue_path(language).open("rb") as po:
        catalogue = read_po(po, locale=language.value, domain=DOMAIN)
    return {
        str(message.id): str(message.string)
        for message in catalogue
        if message.id and message.string and not message.fuzzy
    }


CATALOGUES: Mapping[Language, Mapping[str, str]] = {
    language: read_catalogue(language) for language in Language
}


@dataclass(frozen=True, slots=True)
class Words:
    """A document's words, money and moments in one language."""

    language: Language

    def __call__(self, message: str, **values: object) -> str:
        """``message`` (its English text, the catalogues' key) in this language, its
        ``{fields}`` filled in; English where a catalogue lacks it (a test keeps none missing)."""
        text = CATALOGUES[self.language].get(message, message)
        return text.format(**values) if values else text

    def money(self, cents: int, currency: str) -> str:
        """An amount in ``currency`` as the language writes it: $4.50, 4,50 €."""
        written = format_currency(Decimal(cents) / 100, currency, locale=self.language.value)
        return written.replace(_NARROW_SPACE, _NO_BREAK_SPACE)

    def number(self, cents: int) -> str:
        """An amount without its currency, to two places: 4.50, 4,50 (a narrow column's)."""
        return format_decimal(Decimal(cents) / 100, "#,##0.00", locale=self.language.value)

    def moment(self, at: datetime) -> str:
        """A local date and time, short, as the language writes them: 30.11.26 09:45."""
        locale = self.language.value
        day, time = format_date(at, "short", locale=locale), format_time(at, "short", locale=locale)
        return f"{day} {time}".replace(_NARROW_SPACE, _NO_BREAK_SPACE)

    def clock(self, at: datetime) -> str:
        """A local time of day, short, as the language writes it: 19:30, 7:30 PM."""
        written = format_time(at, "short", locale=self.language.value)
        return written.replace(_NARROW_SPACE, _NO_BREAK_SPACE)


ENGLISH = Words(Language.EN)
