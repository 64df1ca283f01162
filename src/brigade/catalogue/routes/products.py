"""Products: the catalogue's items, modifiers and bundles."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any
from uuid import UUID

from fastapi import Body, Depends, Path, Query, Response
from pydantic import ConfigDict, Field, model_validator

from brigade.access.allowed import Reader
from brigade.catalogue.allowed import CatalogueEditor, Marker86, MenuReader, StockKeeper
from brigade.catalogue.domain.errors import (
    DuplicateBarcode,
    DuplicateSku,
    InsufficientStock,
    StockNotTracked,
)
from brigade.catalogue.domain.menu import (
    ChangeStock,
    CreateVariant,
    StockMovementKind,
    VariantChanges,
)
from brigade.catalogue.domain.records import (
    Allergen,
    CreateProduct,
    ModifierGroup,
    Product,
    ProductChanges,
    ProductFilter,
    ProductType,
    ProductVariant,
    product_in,
)
from brigade.catalogue.routes.translations import (
    LanguageQuery,
    TranslationsIn,
    TranslationsOut,
    translations_answered,
    translations_given,
    translations_in,
)
from brigade.catalogue.service import menu, stock
from brigade.catalogue.service import products as service
from brigade.catalogue.service.ready_menu import ANSWERS
from brigade.kit.access import Actor
from brigade.kit.changes import UNSET, Change
from brigade.kit.errors import Conflict, InvalidInput, NotFound
from brigade.kit.http.deps import LimitQuery, PageQuery, Pagination, PaginationDep, UowDep
from brigade.kit.http.errors import error_code, problem_responses
from brigade.kit.http.json_answers import FreshAnswer, instant, number, uuid_text
from brigade.kit.http.located import OWN, located
from brigade.kit.http.paths import ProductId, VariantId
from brigade.kit.http.prefer import REPRESENTATION, answered_with, preference, represented
from brigade.kit.http.routing import answers_kept_in, brigade_router
from brigade.kit.http.schemas import (
    DeleteResult,
    LocationQuery,
    NewAtLocationQuery,
    Page,
    StaffRef,
    given,
    shaped,
)
from brigade.kit.http.types import (
    ANY_TEXT,
    Flag,
    LongText,
    Money,
    MoneyIn,
    Name,
    Number,
    RateIn,
    Reason,
    RequestModel,
    ResponseModel,
    ShortText,
    StockChangeIn,
    StockIn,
    Timestamp,
    Url,
    WholeNumber,
    omittable,
)

router = brigade_router(prefix="/api/products", tags=["products"])

StockThreshold: Any = WholeNumber(0, 1_000_000)
# A day at most: longer is no dish (docs/design.md §19).
PrepSeconds: Any = Annotated[
    WholeNumber(0, 86_400),
    Field(description="How long the kitchen takes to make it, in seconds; null: not said"),
]
MAX_GROUPS_PER_PRODUCT = 20
_PRODUCT_TYPE = (
    "ITEM: sold on its own; MODIFIER: an option modifier groups may offer; BUNDLE: a set sold "
    "as one product (rung up as an ITEM is: the type is a label)"
)
_OWN_TAX_RATE = "Its own tax rate, a fraction (0.2 is 20 %), used while it names no taxRateId"
_TRACKED = "Whether sales take from its stock (and a stock of 0 86es it)"
_PRICE = (
    "Its price per unit, in the location's currency; tax included only when the location's "
    "taxMode is INCLUSIVE"
)
_GUEST_VISIBLE = "Whether guests see it on the menu on their phones (docs/design.md §28)"
_ALLERGENS = (
    "The allergens it contains, of the EU's 14 (Regulation 1169/2011, Annex II), each once in "
    "that order; empty: none declared"
)


class ProductFields(RequestModel):
    """Fields a client may set; shared by create and update."""

    modifier_group_ids: list[UUID] = omittable(
        max_length=MAX_GROUPS_PER_PRODUCT,
        json_schema_extra={"uniqueItems": True},
        description="The modifier groups it offers, in order (replaces them on update)",
    )

    category_id: UUID | None = Field(
        default=None,
        description=(
            "The menu category it is listed in (an existing one, 422 otherwise); null: none"
        ),
    )
    description: LongText | None = Field(
        default=None, description="A description for the menu; null: none"
    )
    sku: ShortText | None = Field(
        default=None,
        description=(
            "The stock-keeping code, unique at the location among live products and "
            "variants (409); empty or null: none"
        ),
    )
    barcode: ShortText | None = Field(
        default=None,
        description=(
            "The barcode scanned at the till, unique at the location among live "
            "products and variants (409); empty or null: none"
        ),
    )
    cost: MoneyIn | None = Field(
        default=None,
        description=(
            "What one unit costs the restaurant, in the location's currency (never "
            "charged); null: not said"
        ),
    )
    tax_rate: RateIn = omittable(description=_OWN_TAX_RATE)
    tax_rate_id: UUID | None = Field(
        default=None,
        description="A live tax rate of the product's location (422 otherwise); while it names "
        "one, taxRate is that rate's. null clears it",
    )
    image_url: Url | None = Field(
        default=None, description="A picture of it for the menu; null: none"
    )
    track_inventory: Flag = omittable(description=_TRACKED)
    stock_quantity: StockIn | None = Field(
        default=None, description="Its stock, in units (up to 3 decimals); null: not counted"
    )
    low_stock_threshold: StockThreshold | None = Field(
        default=None,
        description=(
            "A tracked product's stock at or under this is low (`stock.low`); null: no threshold"
        ),
    )
    product_type: ProductType = omittable(description=_PRODUCT_TYPE)
    prep_seconds: PrepSeconds | None = Field(
        default=None,
        description="How long the kitchen takes to make it, in seconds (0-86400); null: not said",
    )
    translations: TranslationsIn = omittable()
    guest_visible: Flag = omittable(description=_GUEST_VISIBLE)
    allergens: list[Allergen] = omittable(
        max_length=len(Allergen),
        description=f"{_ALLERGENS}; a code sent twice counts once (replaces them on update)",
    )


class ProductCreate(ProductFields):
    name: Name = Field(description="Its name on the menu, tickets and receipts (1-200 characters)")
    price: MoneyIn = Field(description=_PRICE)
    location_id: UUID | None = Field(
        default=None, description="The location it is sold at; left out: its category's"
    )
    # The schema shows the default as the number it is, not Decimal's string.
    tax_rate: RateIn = Field(
        description=_OWN_TAX_RATE, default=Decimal(0), json_schema_extra={"default": 0}
    )
    track_inventory: Flag = Field(default=False, description=_TRACKED)
    product_type: ProductType = Field(default=ProductType.ITEM, description=_PRODUCT_TYPE)
    guest_visible: Flag = Field(default=False, description=_GUEST_VISIBLE)


class ProductUpdate(ProductFields):
    """Every field optional; a field that is absent keeps its value."""

    name: Name = omittable(description="Its new name (1-200 characters)")
    price: MoneyIn = omittable(
        description=(
            "Its new price per unit, in the location's currency; tax included only "
            "when the location's taxMode is INCLUSIVE"
        )
    )
    is_active: Flag = omittable(
        description=(
            "false takes it off sale (an item of it is 409 `product_unavailable`); "
            "true puts it back"
        )
    )
    is_86d: Flag = omittable(
        description="true marks it sold out for now (86'd), false available again", alias="is86d"
    )


class ProductSummary(ResponseModel):
    id: UUID = Field(description="The product's id")
    name: str = Field(description="Its name on the menu, tickets and receipts")
    price: Money = Field(description=_PRICE)
    category_id: UUID | None = Field(description="The menu category it is listed in; null: none")
    location_id: UUID | None = Field(description="The location it is sold at")
    sku: str | None = Field(description="Its stock-keeping code; null: none")
    barcode: str | None = Field(description="Its barcode; null: none")
    product_type: ProductType = Field(description=_PRODUCT_TYPE)
    is_active: bool = Field(
        description="Whether it is on sale (an inactive product cannot be rung up)"
    )
    is_86d: bool = Field(
        description="Sold out for now (86'd): it cannot be rung up until un-86'd (a restock "
        "lifts only an automatic 86)",
        alias="is86d",
    )
    # In the list too: the back office's product table and stock board show them per row.
    tax_rate: Number = Field(description="The named rate's when taxRateId is set")
    tax_rate_id: UUID | None = Field(
        description="The location's named tax rate it is taxed at; null: its own taxRate"
    )
    track_inventory: bool = Field(description="Whether sales take from its stock")
    stock_quantity: Number | None = Field(description="Its stock, in units; null: not counted")
    low_stock_threshold: int | None = Field(
        description="Its stock at or under this is low; null: no threshold"
    )
    translations: TranslationsOut
    guest_visible: bool = Field(description=_GUEST_VISIBLE)
    allergens: list[Allergen] = Field(description=_ALLERGENS)


class VariantOut(ResponseModel):
    id: UUID = Field(description="The variant's id")
    name: str = Field(description='Its name (an item is named "Product (Variant)")')
    price: Money = Field(
        description=(
            "Its price per unit, which replaces the product's, in the location's "
            "currency, tax included only in INCLUSIVE mode"
        )
    )
    sku: str | None = Field(description="Its stock-keeping code; null: none")
    barcode: str | None = Field(description="Its barcode; null: none")
    is_active: bool = Field(
        description="Whether it is on sale (an inactive variant is 409 `product_unavailable`)"
    )


class ModifierOptionOut(ResponseModel):
    modifier_option_id: UUID = Field(description="The MODIFIER product's id")
    name: str = Field(description="The MODIFIER product's name")
    price: Money = Field(
        description=(
            "What it adds to one unit of the item, in the location's currency, tax "
            "included only in INCLUSIVE mode"
        )
    )
    is_86d: bool = Field(description="Sold out for now: it cannot be chosen", alias="is86d")


class OfferedGroupOut(ResponseModel):
    id: UUID = Field(description="The modifier group's id")
    name: str = Field(description='The group\'s name ("Temperature")')
    min_selections: int = Field(
        description="The fewest of its options an item must choose (0: optional)"
    )
    max_selections: int | None = Field(description="null: no limit")
    options: list[ModifierOptionOut] = Field(
        description="The MODIFIER products it offers, in the group's order"
    )


class ProductDetail(ProductSummary):
    description: str | None = Field(description="Its description for the menu; null: none")
    prep_seconds: int | None = Field(description="How long the kitchen takes, in seconds")
    cost: Money | None = Field(
        description=(
            "What one unit costs the restaurant, in the location's currency; null: not said"
        )
    )
    image_url: str | None = Field(description="A picture of it; null: none")
    variants: list[VariantOut] = Field(description="Live variants: an item must name one")
    modifier_groups: list[OfferedGroupOut] = Field(description="In the order the product offers")
    created_at: Timestamp
    updated_at: Timestamp


class BarcodeMatch(ProductDetail):
    matched_variant_id: UUID | None = Field(
        description="The variant whose barcode it is; null when it is the product's own"
    )


class ProductPage(Page[ProductSummary]):
    """Products by name, then id."""


class BulkUpdateEntry(RequestModel):
    id: UUID = Field(description="The product changed")
    data: ProductUpdate = Field(description="Its changes, as a product update takes them")


class BulkUpdateRequest(RequestModel):
    updates: list[BulkUpdateEntry] = Field(
        description="The changes, each applied on its own (1-500)", min_length=1, max_length=500
    )


class BulkUpdateError(ResponseModel):
    id: str = Field(description="The product whose change failed, as sent")
    code: str = Field(
        description="Why, as a problem's stable `code` (`not_found`, `duplicate_sku`, ...)"
    )
    detail: str = Field(description="Why, for a person")


class BulkUpdateResult(ResponseModel):
    updated: int = Field(description="How many changes were applied")
    failed: int = Field(description="How many were refused (each in errors)")
    errors: list[BulkUpdateError] = Field(description="The refused changes, in the request's order")


class BulkTaxChange(RequestModel):
    location_id: UUID = Field(description="The location whose products are taxed anew")
    product_ids: list[UUID] = Field(
        min_length=1,
        max_length=500,
        json_schema_extra={"uniqueItems": True},
        description="The products to tax anew (1-500, each once): live products of locationId, "
        "422 at `productIds.N` otherwise",
    )
    tax_rate_id: UUID | None = Field(
        default=None,
        description="A live tax rate of the location to tax them at (422 otherwise); or null "
        "with taxRate",
    )
    tax_rate: RateIn | None = Field(
        default=None,
        description="Their own rate, a fraction (0.2 is 20 %), naming no tax rate; or null with "
        "taxRateId",
    )


class BulkTaxResult(ResponseModel):
    updated: int = Field(description="How many products it taxed anew")
    products: list[ProductSummary] = Field(
        description="The products as they now are, in the request's order"
    )


class AvailabilityChange(RequestModel):
    reason: Reason | None = Field(
        default=None, description="Why: kept in the audit log; null: none given"
    )


# Optional: an 86 needs no explanation, but one given goes into the audit log.
AvailabilityBody = Annotated[AvailabilityChange | None, Body()]


def product_detail(product: Product) -> ProductDetail:
    return shaped(ProductDetail, product)


# --- the hot reads' answers, straight to JSON (kit/http/json_answers.py) ----------------------


def product_summary_json(product: Product) -> dict[str, Any]:
    """``ProductSummary``'s JSON."""
    return {
        "id": uuid_text(product.id),
        "name": product.name,
        "price": float(product.price),
        "categoryId": uuid_text(product.category_id),
        "locationId": uuid_text(product.location_id),
        "sku": product.sku,
        "barcode": product.barcode,
        "productType": product.product_type.value,
        "isActive": product.is_active,
        "is86d": product.is_86d,
        "taxRate": float(product.tax_rate),
        "taxRateId": uuid_text(product.tax_rate_id),
        "trackInventory": product.track_inventory,
        "stockQuantity": number(product.stock_quantity),
        "lowStockThreshold": product.low_stock_threshold,
        "translations": translations_answered(product.translations),
        "guestVisible": product.guest_visible,
        "allergens": [allergen.value for allergen in product.allergens],
    }


def _variant_json(variant: ProductVariant) -> dict[str, Any]:
    return {
        "id": uuid_text(variant.id),
        "name": variant.name,
        "price": float(variant.price),
        "sku": variant.sku,
        "barcode": variant.barcode,
        "isActive": variant.is_active,
    }


def _group_json(group: ModifierGroup) -> dict[str, Any]:
    return {
        "id": uuid_text(group.id),
        "name": group.name,
        "minSelections": group.min_selections,
        "maxSelections": group.max_selections,
        "options": [
            {
                "modifierOptionId": uuid_text(option.modifier_option_id),
                "name": option.name,
                "price": float(option.price),
                "is86d": option.is_86d,
            }
            for option in group.options
        ],
    }


def product_detail_json(product: Product) -> dict[str, Any]:
    """``ProductDetail``'s JSON."""
    return product_summary_json(product) | {
        "description": product.description,
        "prepSeconds": product.prep_seconds,
        "cost": number(product.cost),
        "imageUrl": product.image_url,
        "variants": [_variant_json(variant) for variant in product.variants],
        "modifierGroups": [_group_json(group) for group in product.modifier_groups],
        "createdAt": instant(product.created_at),
        "updatedAt": instant(product.updated_at),
    }


def barcode_match_json(product: Product, matched_variant_id: UUID | None) -> dict[str, Any]:
    """``BarcodeMatch``'s JSON."""
    return product_detail_json(product) | {"matchedVariantId": uuid_text(matched_variant_id)}


def _group_ids(body: ProductFields) -> Change[tuple[UUID, ...]]:
    ids = given(body, "modifier_group_ids", body.modifier_group_ids)
    return UNSET if ids is UNSET else tuple(ids)


def _allergens(body: ProductFields) -> Change[tuple[str, ...]]:
    codes = given(body, "allergens", body.allergens)
    return UNSET if codes is UNSET else tuple(codes)


def _changes(body: ProductUpdate) -> ProductChanges:
    return ProductChanges(
        name=given(body, "name", body.name),
        price=given(body, "price", body.price),
        category_id=given(body, "category_id", body.category_id),
        description=given(body, "description", body.description),
        sku=given(body, "sku", body.sku),
        barcode=given(body, "barcode", body.barcode),
        cost=given(body, "cost", body.cost),
        tax_rate=given(body, "tax_rate", body.tax_rate),
        image_url=given(body, "image_url", body.image_url),
        is_active=given(body, "is_active", body.is_active),
        is_86d=given(body, "is_86d", body.is_86d),
        track_inventory=given(body, "track_inventory", body.track_inventory),
        stock_quantity=given(body, "stock_quantity", body.stock_quantity),
        low_stock_threshold=given(body, "low_stock_threshold", body.low_stock_threshold),
        product_type=given(body, "product_type", body.product_type),
        modifier_group_ids=_group_ids(body),
        tax_rate_id=given(body, "tax_rate_id", body.tax_rate_id),
        prep_seconds=given(body, "prep_seconds", body.prep_seconds),
        translations=translations_given(body),
        guest_visible=given(body, "guest_visible", body.guest_visible),
        allergens=_allergens(body),
    )


@router.get("", response_model=ProductPage, responses=problem_responses())
@answers_kept_in(ANSWERS)
async def list_products(
    staff: MenuReader,
    uow: UowDep,
    location_id: LocationQuery = None,
    category_id: Annotated[
        UUID | None, Query(alias="categoryId", description="Only products in this category.")
    ] = None,
    search: Annotated[
        str | None,
        Query(
            max_length=200,
            pattern=ANY_TEXT,
            description="Only products whose name, SKU or barcode holds this text (any case).",
        ),
    ] = None,
    is_active: Annotated[
        bool | None,
        Query(alias="isActive", description="true: only active products; false: only inactive."),
    ] = None,
    is_86d: Annotated[
        bool | None,
        Query(alias="is86d", description="true: only products 86'd (sold out); false: the rest."),
    ] = None,
    product_type: Annotated[
        ProductType | None, Query(alias="productType", description="Only products of this type.")
    ] = None,
    low_stock: Annotated[
        bool | None,
        Query(
            alias="lowStock",
            description="true: tracked products at or under their lowStockThreshold; "
            "false: every other product",
        ),
    ] = None,
    language: LanguageQuery = None,
    # After the filters, as PaginationDep's would come in the OpenAPI.
    page: PageQuery = 1,
    limit: LimitQuery = 20,
) -> Response:
    pagination = Pagination(page, limit)
    filters = ProductFilter(
        location_id=location_id,
        category_id=category_id,
        search=search.strip() if search else None,
        is_active=is_active,
        is_86d=is_86d,
        product_type=product_type,
        low_stock=low_stock,
    )
    found, total = await service.list_products(
        uow, filters, page=pagination.page, limit=pagination.limit
    )
    body = pagination.page_of([product_summary_json(product_in(p, language)) for p in found], total)
    # A search's or a stock filter's pages are not kept (any text; stock moves unannounced).
    common = search is None and low_stock is None
    keepable = common and not any(product.track_inventory for product in found)
    return FreshAnswer(body, location_id=location_id, keepable=keepable)


@router.get(
    "/barcode/{barcode}",
    response_model=BarcodeMatch,
    responses=problem_responses(NotFound),
    description="The product with the barcode, or the product of the variant with it "
    "(`matchedVariantId`).",
)
@answers_kept_in(ANSWERS)
async def get_product_by_barcode(
    staff: MenuReader,
    barcode: Annotated[
        str,
        Path(
            max_length=64,
            pattern=ANY_TEXT,
            description="The barcode as scanned: a product's or a variant's.",
        ),
    ],
    uow: UowDep,
    location_id: LocationQuery = None,
    language: LanguageQuery = None,
) -> Response:
    product, variant_id = await service.get_product_by_barcode(uow, barcode, location_id)
    return FreshAnswer(
        barcode_match_json(product_in(product, language), variant_id),
        # Without a location, which product a barcode finds may change at any location.
        location_id=None if location_id is None else product.location_id,
        keepable=not product.track_inventory,
    )


@router.get("/{productId}", response_model=ProductDetail, responses=problem_responses(NotFound))
@answers_kept_in(ANSWERS)
async def get_product(
    staff: MenuReader, product_id: ProductId, uow: UowDep, language: LanguageQuery = None
) -> Response:
    product = await service.get_product(uow, product_id)
    return FreshAnswer(
        product_detail_json(product_in(product, language)),
        location_id=product.location_id,
        keepable=not product.track_inventory,
    )


@router.post(
    "",
    status_code=201,
    response_model=ProductDetail,
    responses=problem_responses(InvalidInput, DuplicateSku, DuplicateBarcode),
    description="`modifierGroupIds`: groups of the product's location, in the order it offers "
    "them (422 for an unknown one).",
)
async def create_product(
    staff: CatalogueEditor,
    body: ProductCreate,
    uow: UowDep,
    response: Response,
    location_id: NewAtLocationQuery = None,
) -> ProductDetail:
    command = CreateProduct(
        name=body.name,
        price=body.price,
        location_id=body.location_id,
        category_id=body.category_id,
        description=body.description,
        sku=body.sku,
        barcode=body.barcode,
        cost=body.cost,
        tax_rate=body.tax_rate,
        image_url=body.image_url,
        track_inventory=body.track_inventory,
        stock_quantity=body.stock_quantity,
        low_stock_threshold=body.low_stock_threshold,
        product_type=body.product_type,
        modifier_group_ids=tuple(body.modifier_group_ids or ()),
        tax_rate_id=body.tax_rate_id,
        prep_seconds=body.prep_seconds,
        translations=translations_in(body.translations or {}),
        guest_visible=body.guest_visible,
        allergens=tuple(body.allergens or ()),
    )
    product = await service.create_product(uow, command, location_id=location_id)
    response.headers["Location"] = f"/api/products/{product.id}"
    return product_detail(product)


@router.put(
    "/{productId}",
    response_model=ProductDetail,
    responses=problem_responses(NotFound, InvalidInput, DuplicateSku, DuplicateBarcode),
)
async def update_product(
    staff: CatalogueEditor, product_id: ProductId, body: ProductUpdate, uow: UowDep
) -> ProductDetail:
    changes = _changes(body)
    return product_detail(await service.update_product(uow, staff, product_id, changes))


_CHANGED = "the products the updates changed, each once as it now is, in the order of the updates"
PreferProducts = Annotated[bool, Depends(preference(f"`products`, {_CHANGED}"))]


@router.post(
    "/bulk-update",
    response_model=BulkUpdateResult,
    responses=problem_responses()
    | answered_with(BulkUpdateResult, "products", list[ProductDetail], _CHANGED),
    description="Each update applies on its own: one that breaks a rule is in `errors` and "
    f"leaves the others applied. With `Prefer: {REPRESENTATION}`, the answer also carries "
    f"`products`: {_CHANGED}.",
)
@located(OWN)
async def bulk_update_products(
    staff: CatalogueEditor, body: BulkUpdateRequest, uow: UowDep, wants_products: PreferProducts
) -> BulkUpdateResult | Response:
    changed, failures = await service.bulk_update_products(
        uow,
        staff,
        [(entry.id, _changes(entry.data)) for entry in body.updates],
    )
    answer = BulkUpdateResult(
        updated=len(body.updates) - len(failures),
        failed=len(failures),
        errors=[
            BulkUpdateError(id=str(f.id), code=error_code(f.error), detail=f.error.detail)
            for f in failures
        ],
    )
    if not wants_products:
        return answer
    return represented(answer, "products", [product_detail_json(product) for product in changed])


@router.post(
    "/bulk-tax",
    response_model=BulkTaxResult,
    responses=problem_responses(InvalidInput),
    description="One request, one transaction: every product is taxed anew or none is (a "
    "product of another location, unknown or listed twice is 422 and changes nothing). Exactly "
    "one of `taxRateId` and `taxRate`.",
)
async def bulk_set_tax(staff: CatalogueEditor, body: BulkTaxChange, uow: UowDep) -> BulkTaxResult:
    products = await service.set_tax_of_products(
        uow,
        staff,
        body.location_id,
        body.product_ids,
        tax_rate_id=body.tax_rate_id,
        tax_rate=body.tax_rate,
    )
    return BulkTaxResult(
        updated=len(products),
        products=[shaped(ProductSummary, product) for product in products],
    )


async def _set_86d(
    staff: Actor, product_id: UUID, uow: UowDep, body: AvailabilityBody, *, unavailable: bool
) -> ProductDetail:
    reason = body.reason if body else None
    changed = await service.set_86d(uow, staff, product_id, unavailable=unavailable, reason=reason)
    return product_detail(changed)


@router.post("/{productId}/86", response_model=ProductDetail, responses=problem_responses(NotFound))
async def mark_86d(
    staff: Marker86, product_id: ProductId, uow: UowDep, body: AvailabilityBody = None
) -> ProductDetail:
    return await _set_86d(staff, product_id, uow, body, unavailable=True)


@router.delete(
    "/{productId}/86", response_model=ProductDetail, responses=problem_responses(NotFound)
)
async def unmark_86d(
    staff: Marker86, product_id: ProductId, uow: UowDep, body: AvailabilityBody = None
) -> ProductDetail:
    return await _set_86d(staff, product_id, uow, body, unavailable=False)


@router.delete("/{productId}", response_model=DeleteResult, responses=problem_responses(NotFound))
async def delete_product(
    staff: CatalogueEditor, product_id: ProductId, uow: UowDep
) -> DeleteResult:
    await service.delete_product(uow, product_id)
    return DeleteResult.deleted("Product", product_id)


# --- variants -------------------------------------------------------------------------------


class VariantCreate(RequestModel):
    name: Name = Field(
        description='Its name (1-200 characters): an item is named "Product (Variant)"'
    )
    price: MoneyIn = Field(
        description=(
            "Its price per unit, which replaces the product's, in the location's "
            "currency, tax included only in INCLUSIVE mode"
        )
    )
    sku: ShortText | None = Field(
        default=None,
        description=(
            "Its stock-keeping code, unique at the location among live products and "
            "variants (409); null: none"
        ),
    )
    barcode: ShortText | None = Field(
        default=None,
        description=(
            "Its barcode, unique at the location among live products and variants (409); null: none"
        ),
    )


class VariantUpdate(RequestModel):
    """Every field optional; a field that is absent keeps its value (null clears sku, barcode)."""

    name: Name = omittable(description="Its new name (1-200 characters)")
    price: MoneyIn = omittable(
        description=(
            "Its new price per unit, in the location's currency, tax included only in"
            " INCLUSIVE mode"
        )
    )
    sku: ShortText | None = Field(
        default=None, description="Its new stock-keeping code; null clears it, left out keeps it"
    )
    barcode: ShortText | None = Field(
        default=None, description="Its new barcode; null clears it, left out keeps it"
    )
    is_active: Flag = omittable(description="false takes it off sale, true puts it back")


_VARIANT_RULES = (
    "Its sku and barcode are unique at the location together with the products' (409). The "
    "product's detail changes with it: `product.updated`."
)


@router.post(
    "/{productId}/variants",
    status_code=201,
    response_model=VariantOut,
    responses=problem_responses(NotFound, DuplicateSku, DuplicateBarcode),
    description=f"A size or kind with its own price. {_VARIANT_RULES}",
)
async def create_variant(
    staff: CatalogueEditor,
    product_id: ProductId,
    body: VariantCreate,
    uow: UowDep,
    response: Response,
) -> VariantOut:
    command = CreateVariant(name=body.name, price=body.price, sku=body.sku, barcode=body.barcode)
    variant = await menu.add_variant(uow, product_id, command)
    response.headers["Location"] = f"/api/products/{product_id}/variants/{variant.id}"
    return shaped(VariantOut, variant)


@router.put(
    "/{productId}/variants/{variantId}",
    response_model=VariantOut,
    responses=problem_responses(NotFound, DuplicateSku, DuplicateBarcode),
    description=_VARIANT_RULES,
)
async def update_variant(
    staff: CatalogueEditor,
    product_id: ProductId,
    variant_id: VariantId,
    body: VariantUpdate,
    uow: UowDep,
) -> VariantOut:
    changes = VariantChanges(
        name=given(body, "name", body.name),
        price=given(body, "price", body.price),
        sku=given(body, "sku", body.sku),
        barcode=given(body, "barcode", body.barcode),
        is_active=given(body, "is_active", body.is_active),
    )
    return shaped(VariantOut, await menu.update_variant(uow, product_id, variant_id, changes))


@router.delete(
    "/{productId}/variants/{variantId}",
    response_model=DeleteResult,
    responses=problem_responses(NotFound),
    description="Items already sold as it keep its name and price.",
)
async def delete_variant(
    staff: CatalogueEditor, product_id: ProductId, variant_id: VariantId, uow: UowDep
) -> DeleteResult:
    await menu.delete_variant(uow, product_id, variant_id)
    return DeleteResult.deleted("Variant", variant_id)


# --- stock ----------------------------------------------------------------------------------


class StockChangeRequest(RequestModel):
    """Exactly one of ``delta`` and ``count``."""

    model_config = ConfigDict(
        json_schema_extra={"oneOf": [{"required": ["delta"]}, {"required": ["count"]}]}
    )

    delta: StockChangeIn = omittable(description="Added to the stock; negative takes from it")
    count: StockIn = omittable(description="The level counted: the stock becomes it")
    reason: Reason = Field(
        description=(
            "Why (a delivery, a loss, a stocktake): kept on the movement and in the audit log"
        )
    )

    @model_validator(mode="after")
    def _one_of_delta_and_count(self) -> StockChangeRequest:
        if (self.delta is None) == (self.count is None):
            raise ValueError("give exactly one of delta and count")
        return self


class StockMovementOut(ResponseModel):
    id: UUID = Field(description="The movement's id")
    product_id: UUID = Field(description="The product whose stock moved")
    kind: StockMovementKind = Field(
        description=(
            "SALE, VOID, CANCEL (put back by an order), ADJUSTMENT (a delta) or COUNT (a stocktake)"
        )
    )
    change: Number = Field(description="Added to the stock; negative: taken")
    level: Number = Field(description="The stock it left")
    reason: str | None = Field(description="Why, as the manager gave it; null for an order's")
    order_id: UUID | None = Field(
        description="The order that moved it; null for an adjustment or a count"
    )
    made_by: StaffRef = Field(description='Who: name "system" for the service itself')
    at: Timestamp = Field(description="When it moved, in UTC")


class StockMovementPage(Page[StockMovementOut]):
    """Newest first."""


@router.post(
    "/{productId}/stock",
    response_model=ProductDetail,
    responses=problem_responses(NotFound, StockNotTracked, InsufficientStock, Conflict),
    description="A delivery, a loss (`delta`) or a stocktake (`count`) of a tracked product: a "
    "row of its stock movements, an audit entry, `product.updated`. At 0 the product is 86'd "
    "automatically; above 0 an automatic 86 is lifted (never a manual one).",
)
async def change_stock(
    staff: StockKeeper, product_id: ProductId, body: StockChangeRequest, uow: UowDep
) -> ProductDetail:
    command = ChangeStock(reason=body.reason, delta=body.delta, count=body.count)
    return product_detail(await stock.change_stock(uow, staff, product_id, command))


@router.get(
    "/{productId}/stock-movements",
    response_model=StockMovementPage,
    responses=problem_responses(NotFound),
    description="Every change of the product's stock (sale, void, cancel, adjustment, count), "
    "with who and why and the level it left.",
)
async def list_stock_movements(
    staff: Reader, product_id: ProductId, uow: UowDep, pagination: PaginationDep
) -> StockMovementPage:
    found, total = await stock.list_movements(
        uow, product_id, page=pagination.page, limit=pagination.limit
    )
    movements = [
        StockMovementOut(
            id=m.id,
            product_id=m.product_id,
            kind=m.kind,
            change=m.change,
            level=m.level,
            reason=m.reason,
            order_id=m.order_id,
            made_by=StaffRef(staff_id=m.staff_id, name=m.staff_name),
            at=m.at,
        )
        for m in found
    ]
    return StockMovementPage.of(movements, total, pagination)
