"""The menu's translations as the API takes and answers them, and the reads' `?language=`
(docs/design.md §26)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from pydantic import BaseModel, BeforeValidator, Field

from brigade.kit.changes import UNSET, Change
from brigade.kit.http.schemas import given
from brigade.kit.http.types import LongText, Name, RequestModel, ResponseModel
from brigade.kit.languages import Language, Translation, Translations, translations_json


class TranslationIn(RequestModel):
    name: Name = Field(description="The name in that language (1-200 characters)")
    description: LongText | None = Field(
        default=None, description="The description in that language; null: the base one"
    )


class NameTranslationIn(RequestModel):
    name: Name = Field(description="The name in that language (1-200 characters)")


_IN = (
    "Its names in other languages, by language code (en, de, fr, es, it, ar): replaces every "
    "translation it had; {} removes them"
)
TranslationsIn = Annotated[dict[Language, TranslationIn], Field(description=_IN)]
NameTranslationsIn = Annotated[dict[Language, NameTranslationIn], Field(description=_IN)]


def translations_in(
    sent: dict[Language, TranslationIn] | dict[Language, NameTranslationIn],
) -> Translations:
    return Translations.of(
        {
            language: Translation(entry.name, getattr(entry, "description", None))
            for language, entry in sent.items()
        }
    )


def translations_given(body: BaseModel) -> Change[Translations]:
    """A create's or update's ``translations``: UNSET when the body left them out."""
    sent = given(body, "translations", getattr(body, "translations", None))
    return UNSET if sent is UNSET or sent is None else translations_in(sent)


class TranslationOut(ResponseModel):
    name: str = Field(description="The name in that language")
    description: str | None = Field(description="The description in that language; null: none")


def translations_answered(translations: Translations) -> dict[str, dict[str, Any]]:
    """The translations as the answers show them: ``{}`` for none."""
    return translations_json(translations) or {}


def _as_answered(value: Any) -> Any:
    return translations_answered(value) if isinstance(value, Translations) else value


TranslationsOut = Annotated[
    dict[Language, TranslationOut],
    BeforeValidator(_as_answered),
    Field(description="Its names in other languages, by language code; {}: none"),
]

LanguageQuery = Annotated[
    Language | None,
    Query(
        description="Answer names and descriptions in this language where the menu has them "
        "(else the base ones); absent: the base ones. Accept-Language is not read."
    ),
]
