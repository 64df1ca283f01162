"""Receipts and kitchen tickets in the location's language (docs/design.md §26): every word
from a message catalogue that has all of them, money and moments as Babel writes them, the
menu's names translated."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest

from brigade.kit.escpos import ENCODING
from brigade.kit.languages import (
    ON_PAPER,
    Language,
    MenuNames,
    Translation,
    Translations,
    paper_language,
)
from brigade.kit.messages import CATALOGUES, Words, read_catalogue
from brigade.kit.print_layout import WIDTH
from brigade.kitchen.domain import TicketItem, TicketKind
from brigade.orders.domain.documents import (
    Receipt,
    ReceiptLine,
    ReceiptPayment,
    TicketHeading,
    kitchen_ticket,
    receipt_html,
    receipt_text,
)
from brigade.orders.domain.records import Modifier

AT = datetime(2026, 12, 1, 19, 30, tzinfo=UTC)
ENGLISH_MESSAGES = set(read_catalogue(Language.EN))
# A money amount's spaces are no-break ones: "4,50 €" never wraps apart.
NBSP = "\xa0"


def _fields(text: str) -> set[str]:
    return set(re.findall(r"{(\w+)}", text))


@pytest.mark.parametrize("language", list(Language))
def test_every_message_has_a_translation_in_every_language(language: Language) -> None:
    catalogue = CATALOGUES[language]
    assert set(catalogue) == ENGLISH_MESSAGES, "missing or extra messages"
    for message, translation in catalogue.items():
        assert translation.strip(), f"{language}: {message!r} is empty"
        assert _fields(translation) == _fields(message), f"{language}: {message!r}"


def _receipt(language: Language, **overrides: Any) -> Receipt:
    fields: dict[str, Any] = dict(
        location_name="Zum Löwen",
        order_number=1001,
        order_type="DINE_IN",
        table_name="7",
        server_name="Ann",
        local_time=AT,
        timezone="Europe/Berlin",
        currency="EUR",
        lines=(ReceiptLine(Decimal(1), "Tagessuppe", 450, (("Brot", 0),), seat=2),),
        subtotal_cents=450,
        discount_cents=0,
        tax_cents=0,
        total_cents=450,
        payments=(ReceiptPayment("CARD", "4242", 450, 50, refunded=False),),
        balance_cents=0,
        cancelled=False,
        language=language,
    )
    return Receipt(**(fields | overrides))


def test_a_german_receipt_has_german_words_and_euros() -> None:
    text = receipt_text(_receipt(Language.DE))
    joined = "\n".join(text).replace(NBSP, " ")
    for words in ("Bestellung Nr. 1001", "Tisch 7 (IM HAUS)", "Bedienung: Ann", "Platz 2"):
        assert words in joined
    assert "01.12.26 19:30 Europe/Berlin" in joined
    priced = dict(line.replace(NBSP, " ").rsplit("  ", 1) for line in text if "€" in line)
    amounts = {label.strip(): value.strip() for label, value in priced.items()}
    assert amounts["1 x Tagessuppe"] == "4,50 €"
    assert amounts["Zwischensumme"] == "4,50 €"
    assert amounts["GESAMT EUR"] == "4,50 €"
    assert amounts["KARTE ****4242"] == "4,50 €"
    assert amounts["Trinkgeld"] == "0,50 €"
    assert amounts["Offen"] == "0,00 €"
    assert all(len(line) <= WIDTH for line in text)


def test_an_english_receipt_writes_money_as_english_does() -> None:
    text = "\n".join(receipt_text(_receipt(Language.EN, currency="USD")))
    assert "Subtotal" in text
    assert "$4.50" in text
    assert "Table 7 (DINE IN)" in text


@pytest.mark.parametrize("language", list(Language))
def test_every_language_prints_a_receipt_that_fits(language: Language) -> None:
    big = 999_999_999
    text = receipt_text(_receipt(language, total_cents=big, subtotal_cents=big, cancelled=True))
    assert all(len(line) <= WIDTH for line in text)
    assert Words(language)("CANCELLED") in text


def test_an_arabic_receipt_page_reads_right_to_left() -> None:
    page = receipt_html(_receipt(Language.AR))
    assert '<html lang="ar" dir="rtl">' in page
    assert "المجموع الفرعي" in page
    assert 'dir="ltr"' in receipt_html(_receipt(Language.FR))


def test_a_french_kitchen_ticket_in_french() -> None:
    heading = TicketHeading(
        TicketKind.VOID, 1042, "TAKEOUT", None, "Ann", AT, "client parti", language=Language.FR
    )
    item = TicketItem(uuid.uuid4(), uuid.uuid4(), "Soupe", Decimal(-1), (), None, seat=2)
    texts = [line.text for line in kitchen_ticket(heading, [item])]
    assert texts[0] == texts[-1] == "*** ANNULÉ ***"
    assert "À EMPORTER" in texts
    assert "Serveur : Ann" in texts
    assert "Motif : client parti" in texts
    assert "ANNULÉ 1 x Soupe" in texts
    assert "01/12/2026 19:30" in texts


def test_the_menus_names_print_in_the_language_where_translated() -> None:
    latte, sugar, bread = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    german = Translations.of({Language.DE: Translation("Milchkaffee")})
    names = MenuNames(
        Language.DE,
        {latte: ("Latte", german), sugar: ("Sugar", Translations()), bread: ("Bread", german)},
    )
    assert names.printed(latte, "Latte (Large)") == "Milchkaffee (Large)"
    assert names.printed(sugar, "Sugar") == "Sugar"
    # Named otherwise when rung up (an ad hoc name), or unknown: as rung up.
    assert names.printed(bread, "Rye loaf") == "Rye loaf"
    assert names.printed(uuid.uuid4(), "Special") == "Special"
    assert MenuNames(Language.FR, names.products).printed(latte, "Latte") == "Latte"
    modifier = Modifier(sugar, "Sugar", 0)
    assert modifier.name == "Sugar"


@pytest.mark.parametrize("language", list(Language))
def test_paper_prints_a_language_only_where_its_code_table_writes_every_word(
    language: Language,
) -> None:
    """Each language's catalogue encodes in the printers' code table exactly when paper prints
    in it; else paper prints in English."""
    words = " ".join(read_catalogue(language).values())
    writes = all(char.encode(ENCODING, errors="ignore") for char in words if not char.isspace())
    assert (language in ON_PAPER) == writes
    assert paper_language(language) == (language if writes else Language.EN)
