"""Products: the catalogue's items, modifiers and bundles."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any
from uuid import UUID

from fastapi import Body, Path, Query, Response
from pydantic import Field

from brigade.api.deps import PaginationDep, UowDep
from brigade.api.errors import error_code, problem_responses
from brigade.api.routing import brigade_router
from brigade.api.schemas import DeleteResult, LocationQuery, Page, given, shaped
from brigade.api.security import CatalogueEditor, Marker86, Reader
from brigade.api.types import (
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
    StockIn,
    Timestamp,
    Url,
    WholeNumber,
    omittable,
)
from brigade.domain.access import Actor
from brigade.domain.catalogue import (
    CreateProduct,
    Product,
    ProductChanges,
    ProductFilter,
    ProductType,
)
from brigade.domain.errors import (
    DuplicateBarcode,
    DuplicateSku,
    InvalidInput,
    NotFound,
)
from brigade.services import products as service

router = brigade_router(prefix="/api/products", tags=["products"])

StockThreshold: Any = WholeNumber(0, 1_000_000)


class ProductFields(RequestModel):
    """Fields a client may set; shared by create and update."""

    category_id: UUID | None = None
    description: LongText | None = None
    sku: ShortText | None = None
    barcode: ShortText | None = None
    cost: MoneyIn | None = None
    tax_rate: RateIn = omittable()
    image_url: Url | None = None
    track_inventory: Flag = omittable()
    stock_quantity: StockIn | None = None
    low_stock_threshold: StockThreshold | None = None
    product_type: ProductType = omittable()


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


class ProductDetail(ProductSummary):
    description: str | None
    cost: Money | None
    tax_rate: Number
    image_url: str | None
    track_inventory: bool
    stock_quantity: Number | None
    low_stock_threshold: int | None
    created_at: Timestamp
    updated_at: Timestamp


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
    )


@router.get("", response_model=ProductPage, responses=problem_responses())
async def list_products(
    staff: Reader,
    uow: UowDep,
    pagination: PaginationDep,
    location_id: LocationQuery = None,
    category_id: Annotated[UUID | None, Query(alias="categoryId")] = None,
    search: Annotated[str | None, Query(max_length=200, pattern=ANY_TEXT)] = None,
    is_active: Annotated[bool | None, Query(alias="isActive")] = None,
    is_86d: Annotated[bool | None, Query(alias="is86d")] = None,
    product_type: Annotated[ProductType | None, Query(alias="productType")] = None,
) -> ProductPage:
    filters = ProductFilter(
        location_id=location_id,
        category_id=category_id,
        search=search.strip() if search else None,
        is_active=is_active,
        is_86d=is_86d,
        product_type=product_type,
    )
    found, total = await service.list_products(
        uow, filters, page=pagination.page, limit=pagination.limit
    )
    return ProductPage.of(found, total, pagination)


@router.get(
    "/barcode/{barcode}", response_model=ProductDetail, responses=problem_responses(NotFound)
)
async def get_product_by_barcode(
    staff: Reader,
    barcode: Annotated[str, Path(max_length=64, pattern=ANY_TEXT)],
    uow: UowDep,
    location_id: LocationQuery = None,
) -> ProductDetail:
    return product_detail(await service.get_product_by_barcode(uow, barcode, location_id))


@router.get("/{product_id}", response_model=ProductDetail, responses=problem_responses(NotFound))
async def get_product(staff: Reader, product_id: UUID, uow: UowDep) -> ProductDetail:
    return product_detail(await service.get_product(uow, product_id))


@router.post(
    "",
    status_code=201,
    response_model=ProductDetail,
    responses=problem_responses(InvalidInput, DuplicateSku, DuplicateBarcode),
)
async def create_product(
    staff: CatalogueEditor,
    body: ProductCreate,
    uow: UowDep,
    response: Response,
    location_id: LocationQuery = None,
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
    )
    product = await service.create_product(uow, command, location_id=location_id)
    response.headers["Location"] = f"/api/products/{product.id}"
    return product_detail(product)


@router.put(
    "/{product_id}",
    response_model=ProductDetail,
    responses=problem_responses(NotFound, InvalidInput, DuplicateSku, DuplicateBarcode),
)
async def update_product(
    staff: CatalogueEditor, product_id: UUID, body: ProductUpdate, uow: UowDep
) -> ProductDetail:
    changes = _changes(body)
    return product_detail(await service.update_product(uow, staff, product_id, changes))


@router.post("/bulk-update", response_model=BulkUpdateResult, responses=problem_responses())
async def bulk_update_products(
    staff: CatalogueEditor, body: BulkUpdateRequest, uow: UowDep
) -> BulkUpdateResult:
    updated, failures = await service.bulk_update_products(
        uow,
        staff,
        [(entry.id, _changes(entry.data)) for entry in body.updates],
    )
    return BulkUpdateResult(
        updated=updated,
        failed=len(failures),
        errors=[
            BulkUpdateError(id=str(f.id), code=error_code(f.error), detail=f.error.detail)
            for f in failures
        ],
    )


async def _set_86d(
    staff: Actor, product_id: UUID, uow: UowDep, body: AvailabilityBody, *, unavailable: bool
) -> ProductDetail:
    reason = body.reason if body else None
    changed = await service.set_86d(uow, staff, product_id, unavailable=unavailable, reason=reason)
    return product_detail(changed)


@router.post(
    "/{product_id}/86", response_model=ProductDetail, responses=problem_responses(NotFound)
)
async def mark_86d(
    staff: Marker86, product_id: UUID, uow: UowDep, body: AvailabilityBody = None
) -> ProductDetail:
    return await _set_86d(staff, product_id, uow, body, unavailable=True)


@router.delete(
    "/{product_id}/86", response_model=ProductDetail, responses=problem_responses(NotFound)
)
async def unmark_86d(
    staff: Marker86, product_id: UUID, uow: UowDep, body: AvailabilityBody = None
) -> ProductDetail:
    return await _set_86d(staff, product_id, uow, body, unavailable=False)


@router.delete("/{product_id}", response_model=DeleteResult, responses=problem_responses(NotFound))
async def delete_product(staff: CatalogueEditor, product_id: UUID, uow: UowDep) -> DeleteResult:
    await service.delete_product(uow, product_id)
    return DeleteResult.deleted("Product", product_id)
