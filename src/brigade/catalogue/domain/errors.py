"""The catalogue's errors and their answers (docs/design.md §2): the menu, stock, SKUs."""

from __future__ import annotations

from brigade.kit.errors import Conflict, InvalidInput, declare_answers


class ModifierSelectionInvalid(InvalidInput):
    """The modifiers chosen break one of the product's modifier groups (``field`` names it)."""


class VariantRequired(InvalidInput):
    """The product has variants: the item must name one of them."""


class DuplicateSku(Conflict):
    pass


class DuplicateBarcode(Conflict):
    pass


class CategoryCycle(Conflict):
    pass


class CategoryInUse(Conflict):
    pass


class ModifierGroupInUse(Conflict):
    pass


class StockNotTracked(Conflict):
    pass


class InsufficientStock(Conflict):
    pass


class ProductUnavailable(Conflict):
    pass


ERRORS = declare_answers(
    {
        ModifierSelectionInvalid: (422, "modifier_selection_invalid"),
        VariantRequired: (422, "variant_required"),
        DuplicateSku: (409, "duplicate_sku"),
        DuplicateBarcode: (409, "duplicate_barcode"),
        CategoryCycle: (409, "category_cycle"),
        CategoryInUse: (409, "category_in_use"),
        ModifierGroupInUse: (409, "modifier_group_in_use"),
        StockNotTracked: (409, "stock_not_tracked"),
        InsufficientStock: (409, "insufficient_stock"),
        ProductUnavailable: (409, "product_unavailable"),
    }
)
