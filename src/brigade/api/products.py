"""Products: the catalogue's items, modifiers and bundles."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Body, Path, Query, Response
from pydantic import Field

from brigade.api.deps import PaginationDep, UowDep
from brigade.api.errors import error_code, problem_responses
from brigade.api.routing import BrigadeRoute
from brigade.api.security import CatalogueEditor, Marker86, MenuReader
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
from brigade.db.products import ProductFilter
from brigade.domain.catalogue import Product, ProductType
from brigade.domain.errors import (
    DuplicateBarcode,
    DuplicateSku,
    InvalidInput,
    NotFound,
)
from brigade.services import products as service

router = APIRouter(prefix="/api/products", route_class=BrigadeRoute, tags=["products"])

StockThreshold: Any = WholeNumber(0, 1_000_000)
LocationQuery = Annotated[UUID | None, Query(alias="locationId")]


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


class ProductPage(ResponseModel):
    data: list[ProductSummary]
    total: int
    page: int
    limit: int


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


class DeleteResult(ResponseModel):
    success: bool
    message: str


class AvailabilityChange(RequestModel):
    reason: Reason | None = None


# Optional: an 86 needs no explanation, but one given goes into the audit log.
AvailabilityBody = Annotated[AvailabilityChange | None, Body()]


def _detail(product: Product) -> ProductDetail:
    return ProductDetail.model_validate(product, from_attributes=True)


@router.get("", response_model=ProductPage, responses=problem_responses())
async def list_products(
    staff: MenuReader,
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
    return ProductPage(
        **pagination.page_of(
            [ProductSummary.model_validate(p, from_attributes=True) for p in found], total
        )
    )


@router.get(
    "/barcode/{barcode}", response_model=ProductDetail, responses=problem_responses(NotFound)
)
async def get_product_by_barcode(
    staff: MenuReader,
    barcode: Annotated[str, Path(max_length=64, pattern=ANY_TEXT)],
    uow: UowDep,
    location_id: LocationQuery = None,
) -> ProductDetail:
    return _detail(await service.get_product_by_barcode(uow, barcode, location_id))


@router.get("/{product_id}", response_model=ProductDetail, responses=problem_responses(NotFound))
async def get_product(staff: MenuReader, product_id: UUID, uow: UowDep) -> ProductDetail:
    return _detail(await service.get_product(uow, product_id))


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
    product = await service.create_product(
        uow, body.model_dump(exclude_unset=True), location_id=location_id
    )
    response.headers["Location"] = f"/api/products/{product.id}"
    return _detail(product)


@router.put(
    "/{product_id}",
    response_model=ProductDetail,
    responses=problem_responses(NotFound, InvalidInput, DuplicateSku, DuplicateBarcode),
)
async def update_product(
    staff: CatalogueEditor, product_id: UUID, body: ProductUpdate, uow: UowDep
) -> ProductDetail:
    changes = body.model_dump(exclude_unset=True)
    return _detail(await service.update_product(uow, staff, product_id, changes))


@router.post("/bulk-update", response_model=BulkUpdateResult, responses=problem_responses())
async def bulk_update_products(
    staff: CatalogueEditor, body: BulkUpdateRequest, uow: UowDep
) -> BulkUpdateResult:
    updated, failures = await service.bulk_update_products(
        uow,
        staff,
        [(entry.id, entry.data.model_dump(exclude_unset=True)) for entry in body.updates],
    )
    return BulkUpdateResult(
        updated=updated,
        failed=len(failures),
        errors=[
            BulkUpdateError(id=str(f.id), code=error_code(f.error), detail=f.error.detail)
            for f in failures
        ],
    )


@router.post(
    "/{product_id}/86", response_model=ProductDetail, responses=problem_responses(NotFound)
)
async def mark_86d(
    staff: Marker86, product_id: UUID, uow: UowDep, body: AvailabilityBody = None
) -> ProductDetail:
    reason = body.reason if body else None
    return _detail(await service.set_86d(uow, staff, product_id, unavailable=True, reason=reason))


@router.delete(
    "/{product_id}/86", response_model=ProductDetail, responses=problem_responses(NotFound)
)
async def unmark_86d(
    staff: Marker86, product_id: UUID, uow: UowDep, body: AvailabilityBody = None
) -> ProductDetail:
    reason = body.reason if body else None
    return _detail(await service.set_86d(uow, staff, product_id, unavailable=False, reason=reason))


@router.delete("/{product_id}", response_model=DeleteResult, responses=problem_responses(NotFound))
async def delete_product(staff: CatalogueEditor, product_id: UUID, uow: UowDep) -> DeleteResult:
    await service.delete_product(uow, product_id)
    return DeleteResult(success=True, message=f"Product {product_id} deleted")
