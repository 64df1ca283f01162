"""Products: the catalogue's items, modifiers and bundles."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any
from uuid import UUID

from fastapi import Body, Depends, Path, Query, Response
from pydantic import ConfigDict, Field, model_validator

from brigade.catalogue.domain.menu import (
    ChangeStock,
    CreateVariant,
    StockMovementKind,
    VariantChanges,
)
from brigade.catalogue.domain.records import (
    CreateProduct,
    ModifierGroup,
    Product,
    ProductChanges,
    ProductFilter,
    ProductType,
    ProductVariant,
)
from brigade.catalogue.service import menu, stock
from brigade.catalogue.service import products as service
from brigade.kit.access import Actor
from brigade.kit.changes import UNSET, Change
from brigade.kit.errors import (
    Conflict,
    DuplicateBarcode,
    DuplicateSku,
    InsufficientStock,
    InvalidInput,
    NotFound,
    StockNotTracked,
)
from brigade.kit.http.deps import LimitQuery, PageQuery, Pagination, PaginationDep, UowDep
from brigade.kit.http.errors import error_code, problem_responses
from brigade.kit.http.json_answers import instant, json_answer, number, uuid_text
from brigade.kit.http.paths import ProductId, VariantId
from brigade.kit.http.permissions import CatalogueEditor, Marker86, MenuReader, Reader, StockKeeper
from brigade.kit.http.prefer import REPRESENTATION, answered_with, preference, represented
from brigade.kit.http.routing import brigade_router
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


class ProductFields(RequestModel):
    """Fields a client may set; shared by create and update."""

    modifier_group_ids: list[UUID] = omittable(
        max_length=MAX_GROUPS_PER_PRODUCT,
        json_schema_extra={"uniqueItems": True},
        description="The modifier groups it offers, in order (replaces them on update)",
    )

    category_id: UUID | None = None
    description: LongText | None = None
    sku: ShortText | None = None
    barcode: ShortText | None = None
    cost: MoneyIn | None = None
    tax_rate: RateIn = omittable()
    tax_rate_id: UUID | None = Field(
        default=None,
        description="A live tax rate of the product's location (422 otherwise); while it names "
        "one, taxRate is that rate's. null clears it",
    )
    image_url: Url | None = None
    track_inventory: Flag = omittable()
    stock_quantity: StockIn | None = None
    low_stock_threshold: StockThreshold | None = None
    product_type: ProductType = omittable()
    prep_seconds: PrepSeconds | None = None


class ProductCreate(ProductFields):
    name: Name
    price: MoneyIn
    location_id: UUID | None = None
    # The schema shows the default as the number it is, not Decimal's string.
    tax_rate: RateIn = Field(default=Decimal(0), json_schema_extra={"default": 0})
    track_inventory: Flag = False
    product_type: ProductType = ProductType.ITEM


class ProductUpdate(ProductFields):
    """Every field optional; a field that is absent keeps its value."""

    name: Name = omittable()
    price: MoneyIn = omittable()
    is_active: Flag = omittable()
    is_86d: Flag = omittable(alias="is86d")


class ProductSummary(ResponseModel):
    id: UUID
    name: str
    price: Money
    category_id: UUID | None
    location_id: UUID | None
    sku: str | None
    barcode: str | None
    product_type: ProductType
    is_active: bool
    is_86d: bool = Field(alias="is86d")
    # In the list too: the back office's product table and stock board show them per row.
    tax_rate: Number = Field(description="The named rate's when taxRateId is set")
    tax_rate_id: UUID | None
    track_inventory: bool
    stock_quantity: Number | None
    low_stock_threshold: int | None


class VariantOut(ResponseModel):
    id: UUID
    name: str
    price: Money
    sku: str | None
    barcode: str | None
    is_active: bool


class ModifierOptionOut(ResponseModel):
    modifier_option_id: UUID = Field(description="The MODIFIER product's id")
    name: str
    price: Money
    is_86d: bool = Field(alias="is86d")


class OfferedGroupOut(ResponseModel):
    id: UUID
    name: str
    min_selections: int
    max_selections: int | None = Field(description="null: no limit")
    options: list[ModifierOptionOut]


class ProductDetail(ProductSummary):
    description: str | None
    prep_seconds: int | None = Field(description="How long the kitchen takes, in seconds")
    cost: Money | None
    image_url: str | None
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
    id: UUID
    data: ProductUpdate


class BulkUpdateRequest(RequestModel):
    updates: list[BulkUpdateEntry] = Field(min_length=1, max_length=500)


class BulkUpdateError(ResponseModel):
    id: str
    code: str
    detail: str


class BulkUpdateResult(ResponseModel):
    updated: int
    failed: int
    errors: list[BulkUpdateError]


class AvailabilityChange(RequestModel):
    reason: Reason | None = None


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
    )


@router.get("", response_model=ProductPage, responses=problem_responses())
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
    return json_answer(pagination.page_of([product_summary_json(p) for p in found], total))


@router.get(
    "/barcode/{barcode}",
    response_model=BarcodeMatch,
    responses=problem_responses(NotFound),
    description="The product with the barcode, or the product of the variant with it "
    "(`matchedVariantId`).",
)
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
) -> Response:
    product, variant_id = await service.get_product_by_barcode(uow, barcode, location_id)
    return json_answer(barcode_match_json(product, variant_id))


@router.get("/{productId}", response_model=ProductDetail, responses=problem_responses(NotFound))
async def get_product(staff: MenuReader, product_id: ProductId, uow: UowDep) -> Response:
    return json_answer(product_detail_json(await service.get_product(uow, product_id)))


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
    name: Name
    price: MoneyIn
    sku: ShortText | None = None
    barcode: ShortText | None = None


class VariantUpdate(RequestModel):
    """Every field optional; a field that is absent keeps its value (null clears sku, barcode)."""

    name: Name = omittable()
    price: MoneyIn = omittable()
    sku: ShortText | None = None
    barcode: ShortText | None = None
    is_active: Flag = omittable()


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
    reason: Reason

    @model_validator(mode="after")
    def _one_of_delta_and_count(self) -> StockChangeRequest:
        if (self.delta is None) == (self.count is None):
            raise ValueError("give exactly one of delta and count")
        return self


class StockMovementOut(ResponseModel):
    id: UUID
    product_id: UUID
    kind: StockMovementKind
    change: Number = Field(description="Added to the stock; negative: taken")
    level: Number = Field(description="The stock it left")
    reason: str | None
    order_id: UUID | None
    made_by: StaffRef = Field(description='Who: name "system" for the service itself')
    at: Timestamp


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
