"""A deeper menu's rules without a database: stock that 86es itself, stock changes, variants
on an item, modifier groups' selections."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest

from brigade.catalogue.domain.errors import (
    InsufficientStock,
    ModifierSelectionInvalid,
    ProductUnavailable,
    StockNotTracked,
    VariantRequired,
)
from brigade.catalogue.domain.menu import (
    ChangeStock,
    ModifierGroupFields,
    StockMovementKind,
    at_stock_level,
    auto_86_changed,
    check_modifier_selection,
    sold_as,
    variant_for_sale,
)
from brigade.catalogue.domain.records import (
    ModifierGroup,
    ModifierOption,
    ProductChanges,
    ProductVariant,
)
from brigade.kit import money
from brigade.kit.errors import Conflict, InvalidInput
from catalogue.unit.test_catalogue import BURGER

NOW = datetime(2025, 1, 1, tzinfo=UTC)
TRACKED = dataclasses.replace(BURGER, track_inventory=True, stock_quantity=Decimal(2))


# --- stock ----------------------------------------------------------------------------------


def test_a_tracked_product_at_zero_is_86d_automatically() -> None:
    out = at_stock_level(TRACKED, Decimal(0))
    assert (out.stock_quantity, out.is_86d, out.auto_86d) == (Decimal(0), True, True)
    assert auto_86_changed(TRACKED, out)


def test_a_restock_lifts_an_automatic_86() -> None:
    out = at_stock_level(TRACKED, Decimal(0))
    back = at_stock_level(out, Decimal(5))
    assert (back.is_86d, back.auto_86d) == (False, False)
    assert auto_86_changed(out, back)


def test_a_restock_never_lifts_a_manual_86() -> None:
    manual = ProductChanges(is_86d=True).applied_to(TRACKED)
    assert (manual.is_86d, manual.auto_86d) == (True, False)
    restocked = at_stock_level(manual, Decimal(9))
    assert restocked.is_86d
    assert not auto_86_changed(manual, restocked)


def test_an_86_by_hand_makes_an_automatic_86_a_manual_one() -> None:
    automatic = at_stock_level(TRACKED, Decimal(0))
    kept = ProductChanges(is_86d=True).applied_to(automatic)
    assert (kept.is_86d, kept.auto_86d) == (True, False)
    assert at_stock_level(kept, Decimal(3)).is_86d


def test_untracked_stock_never_86es() -> None:
    assert not at_stock_level(BURGER, Decimal(0)).is_86d


def test_a_delta_adds_and_may_not_go_below_zero() -> None:
    assert ChangeStock("delivery", delta=Decimal(3)).level_after(TRACKED) == 5
    assert ChangeStock("spilt", delta=Decimal(-2)).level_after(TRACKED) == 0
    with pytest.raises(InsufficientStock):
        ChangeStock("spilt", delta=Decimal(-3)).level_after(TRACKED)


def test_a_delta_may_not_take_the_stock_above_the_largest_quantity() -> None:
    with pytest.raises(Conflict):
        ChangeStock("delivery", delta=Decimal(9998)).level_after(TRACKED)


@pytest.mark.parametrize(
    ("value", "parsed"), [(Decimal("-2.5"), Decimal("-2.5")), (3, Decimal(3))], ids=str
)
def test_a_stock_change_keeps_its_sign(value: object, parsed: Decimal) -> None:
    assert money.parse_stock_change(value) == parsed


@pytest.mark.parametrize("value", [0, Decimal("1e999999999"), Decimal("-0.0001"), True], ids=str)
def test_a_stock_change_of_nothing_too_much_or_too_fine_is_refused(value: object) -> None:
    with pytest.raises(money.InvalidNumber):
        money.parse_stock_change(value)


def test_a_count_sets_the_level_and_is_its_own_kind() -> None:
    count = ChangeStock("stocktake", count=Decimal(7))
    assert count.level_after(TRACKED) == 7
    assert count.kind is StockMovementKind.COUNT
    assert ChangeStock("x", delta=Decimal(1)).kind is StockMovementKind.ADJUSTMENT


def test_untracked_stock_cannot_be_changed() -> None:
    with pytest.raises(StockNotTracked):
        ChangeStock("delivery", delta=Decimal(1)).level_after(BURGER)


# --- variants -------------------------------------------------------------------------------


def _variant(name: str, price: str, **changes: Any) -> ProductVariant:
    variant = ProductVariant(
        id=uuid.uuid4(),
        product_id=BURGER.id,
        location_id=None,
        name=name,
        price=Decimal(price),
        sku=None,
        barcode=None,
        is_active=True,
        created_at=NOW,
        updated_at=NOW,
    )
    return dataclasses.replace(variant, **changes)


SMALL, LARGE = _variant("S", "3.50"), _variant("L", "4.50")
LATTE = dataclasses.replace(BURGER, name="Latte", variants=(SMALL, LARGE))


def test_a_product_with_variants_needs_one_of_its_own() -> None:
    with pytest.raises(VariantRequired) as refused:
        variant_for_sale(LATTE, None)
    assert refused.value.field == "variantId"
    with pytest.raises(InvalidInput):
        variant_for_sale(LATTE, uuid.uuid4())
    assert variant_for_sale(LATTE, LARGE.id) == LARGE


def test_an_inactive_variant_is_unavailable() -> None:
    off = dataclasses.replace(LATTE, variants=(dataclasses.replace(SMALL, is_active=False),))
    with pytest.raises(ProductUnavailable):
        variant_for_sale(off, SMALL.id)


def test_without_variants_nothing_is_required() -> None:
    assert variant_for_sale(BURGER, None) is None
    assert sold_as(BURGER, None) == BURGER


def test_the_item_takes_the_variants_price_and_name() -> None:
    sold = sold_as(LATTE, LARGE)
    assert (sold.name, sold.price) == ("Latte (L)", Decimal("4.50"))


# --- modifier groups ------------------------------------------------------------------------

RARE, MEDIUM, CHEESE, BACON, EGG = (uuid.uuid4() for _ in range(5))


def _group(name: str, low: int, high: int | None, *option_ids: uuid.UUID) -> ModifierGroup:
    options = tuple(ModifierOption(o, str(o), Decimal(1), False) for o in option_ids)
    return ModifierGroup(uuid.uuid4(), None, name, low, high, options, NOW, NOW)


TEMPERATURE = _group("Temperature", 1, 1, RARE, MEDIUM)
EXTRAS = _group("Extras", 0, 2, CHEESE, BACON, EGG)
GROUPS = (TEMPERATURE, EXTRAS)


@pytest.mark.parametrize(
    "chosen",
    [[RARE], [MEDIUM, CHEESE], [RARE, CHEESE, BACON], [CHEESE, RARE, CHEESE]],
)
def test_selections_within_every_group_pass(chosen: list[uuid.UUID]) -> None:
    check_modifier_selection(GROUPS, chosen)


@pytest.mark.parametrize(
    ("chosen", "group", "message"),
    [
        ([], TEMPERATURE, "exactly 1 (0 chosen)"),
        ([RARE, MEDIUM], TEMPERATURE, "exactly 1 (2 chosen)"),
        ([RARE, CHEESE, BACON, EGG], EXTRAS, "0 to 2 (3 chosen)"),
    ],
)
def test_a_group_out_of_its_range_is_named(
    chosen: list[uuid.UUID], group: ModifierGroup, message: str
) -> None:
    with pytest.raises(ModifierSelectionInvalid) as refused:
        check_modifier_selection(GROUPS, chosen)
    assert refused.value.field == f"modifierGroups.{group.id}"
    assert refused.value.message == f"{group.name}: choose {message}"


def test_a_catalogue_modifier_outside_the_groups_is_refused() -> None:
    with pytest.raises(ModifierSelectionInvalid) as refused:
        check_modifier_selection(GROUPS, [RARE, uuid.uuid4()])
    assert refused.value.field == "modifiers.1.modifierOptionId"


def test_without_groups_any_modifier_goes() -> None:
    check_modifier_selection((), [uuid.uuid4(), uuid.uuid4()])


def test_no_upper_limit_reads_at_least() -> None:
    group = _group("Sauces", 1, None, CHEESE)
    check_modifier_selection((group,), [CHEESE] * 9)
    with pytest.raises(ModifierSelectionInvalid, match="at least 1"):
        check_modifier_selection((group,), [])


@pytest.mark.parametrize(("low", "high"), [(0, 0), (2, 1)])
def test_a_maximum_under_max_of_one_and_the_minimum_is_refused(low: int, high: int) -> None:
    with pytest.raises(InvalidInput) as refused:
        ModifierGroupFields("Extras", low, high).check()
    assert refused.value.field == "maxSelections"


def test_a_group_lists_each_option_once() -> None:
    ModifierGroupFields("Extras", 0, None, (CHEESE, BACON)).check()
    with pytest.raises(InvalidInput):
        ModifierGroupFields("Extras", 0, None, (CHEESE, CHEESE)).check()
