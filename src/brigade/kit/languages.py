"""The languages Brigade speaks (docs/design.md §26): a location's, a staff member's, a menu
translation's. A kit mechanism, as currencies are, so dining, access, the catalogue, orders and
printing all name the same list without importing one another."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any
from uuid import UUID


class Language(StrEnum):
    """An ISO 639-1 code; Arabic reads right to left."""

    EN = "en"
    DE = "de"
    FR = "fr"
    ES = "es"
    IT = "it"
    AR = "ar"


# A location without a profile, or one set up before languages, speaks English.
DEFAULT_LANGUAGE = Language.EN
RIGHT_TO_LEFT = frozenset({Language.AR})
# What a receipt or kitchen printer's code table writes (PC858, kit/escpos.py): the Latin-script
# languages. Arabic would print as "?" on every ESC/POS printer Brigade drives.
ON_PAPER = frozenset({Language.EN, Language.DE, Language.FR, Language.ES, Language.IT})


def paper_language(language: Language) -> Language:
    """The language a printer prints in: the location's where the printers' code table writes
    its script, else English (docs/decisions.md, "Languages")."""
    return language if language in ON_PAPER else DEFAULT_LANGUAGE


@dataclass(frozen=True, slots=True)
class Translation:
    """A menu name (and description) in one language."""

    name: str
    description: str | None = None


@dataclass(frozen=True, slots=True)
class Translations:
    """A product's, category's or modifier group's names in other languages, by language;
    empty: none. Immutable, as the records that hold it."""

    entries: tuple[tuple[Language, Translation], ...] = ()

    @classmethod
    def of(cls, by_language: Mapping[Language, Translation]) -> Translations:
        return cls(tuple(sorted(by_language.items())))

    def get(self, language: Language) -> Translation | None:
        return next((entry for code, entry in self.entries if code == language), None)

    def __bool__(self) -> bool:
        return bool(self.entries)


NO_TRANSLATIONS = Translations()


def translations_from_json(stored: Mapping[str, Mapping[str, Any]] | None) -> Translations:
    """Translations as a JSON column keeps them (``{"de": {"name": ..., "description": ...}}``)."""
    if not stored:
        return NO_TRANSLATIONS
    return Translations.of(
        {
            Language(code): Translation(entry["name"], entry.get("description"))
            for code, entry in stored.items()
        }
    )


def translations_json(translations: Translations) -> dict[str, dict[str, Any]] | None:
    """Translations as the JSON column and the API's answers keep them; None for none."""
    if not translations:
        return None
    return {
        language.value: {"name": entry.name, "description": entry.description}
        for language, entry in translations.entries
    }


def translated(
    name: str, description: str | None, translations: Translations, language: Language | None
) -> tuple[str, str | None]:
    """The name and description in ``language`` where a translation says them, else the base
    ones (a translation without a description keeps the base's)."""
    entry = None if language is None else translations.get(language)
    if entry is None:
        return name, description
    return entry.name, entry.description if entry.description is not None else description


@dataclass(frozen=True, slots=True)
class MenuNames:
    """The menu's names in one language for what an order printed as it was rung up: each
    product's base name and translations, by product id (docs/design.md §26)."""

    language: Language
    products: Mapping[UUID, tuple[str, Translations]] = field(default_factory=dict)

    def printed(self, product_id: UUID, as_rung_up: str) -> str:
        """A line's or modifier's name in this language: its product's translation in place of
        the product's name ("Latte (Large)" prints "Milchkaffee (Large)"); as rung up where
        there is none, or where the line was named otherwise."""
        found = self.products.get(product_id)
        if found is None or not as_rung_up.startswith(found[0]):
            return as_rung_up
        base, translations = found
        name, _ = translated(base, None, translations, self.language)
        return name + as_rung_up[len(base) :]
