"""Categories: the menu's sections, nested through a parent category."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any
from uuid import UUID

from fastapi import Depends, Query, Response
from pydantic import Field, field_validator

from brigade.catalogue.allowed import CatalogueEditor, MenuReader
from brigade.catalogue.domain.errors import CategoryCycle, CategoryInUse
from brigade.catalogue.domain.records import (
    Category,
    CategoryChanges,
    CreateCategory,
    category_in,
)
from brigade.catalogue.routes.translations import (
    LanguageQuery,
    TranslationsIn,
    TranslationsOut,
    translations_given,
    translations_in,
)
from brigade.catalogue.service import categories as service
from brigade.catalogue.service.categories import CategoryView
from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.paths import CategoryId
from brigade.kit.http.prefer import REPRESENTATION, answered_with, preference, represented
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import DeleteResult, LocationQuery, NewAtLocationQuery, given, shaped
from brigade.kit.http.types import (
    Flag,
    LongText,
    Name,
    RequestModel,
    ResponseModel,
    Timestamp,
    Url,
    WholeNumber,
    omittable,
)
from brigade.kit.languages import Language

router = brigade_router(prefix="/api/categories", tags=["categories"])

# Strict: a JSON integer, not "3", 3.0 or true.
SortOrder: Any = WholeNumber(0, 1_000_000)


class CategoryFields(RequestModel):
    """Fields a client may set; shared by create and update."""

    description: LongText | None = Field(
        default=None, description="A description for the menu; null: none"
    )
    image_url: Url | None = Field(default=None, description="A picture for the menu; null: none")
    parent_category_id: UUID | None = Field(
        default=None,
        description=(
            "The category it is nested in, of the same location; null: a top-level category"
        ),
    )
    sort_order: SortOrder = omittable(
        description=(
            "Its place among its siblings on the menu, lowest first (0-1000000); new "
            "categories go last"
        )
    )
    translations: TranslationsIn = omittable()


class CategoryCreate(CategoryFields):
    name: Name = Field(description="Its name on the menu (1-200 characters)")
    location_id: UUID | None = Field(
        default=None,
        description=(
            "The location it belongs to; left out: the `locationId` query's (one of them is "
            "needed; both must agree)"
        ),
    )


class CategoryUpdate(CategoryFields):
    """Every field optional; a field that is absent keeps its value."""

    name: Name = omittable(description="Its new name (1-200 characters)")
    is_active: Flag = omittable(
        description="false makes it inactive (lists leave it out unless `includeInactive`), "
        "true active again"
    )


class ReorderRequest(RequestModel):
    category_ids: list[UUID] = Field(
        description=(
            "Categories of one location in their new order, each once: each takes its "
            "position (0, 1, ...) as sortOrder; all or none"
        ),
        min_length=1,
        max_length=1000,
    )
    location_id: UUID | None = Field(
        default=None,
        description="The location they must all be of (422 otherwise); left out: any one location",
    )

    @field_validator("category_ids")
    @classmethod
    def _no_duplicates(cls, value: list[UUID]) -> list[UUID]:
        if len(set(value)) != len(value):
            raise ValueError("must not list a category twice")
        return value


class CategorySummary(ResponseModel):
    id: UUID = Field(description="The category's id")
    name: str = Field(description="Its name on the menu")
    description: str | None = Field(description="Its description; null: none")
    image_url: str | None = Field(description="Its picture; null: none")
    sort_order: int = Field(description="Its place among its siblings on the menu, lowest first")
    is_active: bool = Field(
        description="Whether it is active (lists leave an inactive one out unless "
        "`includeInactive`)"
    )
    parent_category_id: UUID | None = Field(
        description="The category it is nested in; null: a top-level category"
    )
    location_id: UUID
    translations: TranslationsOut


class CategoryDetail(CategorySummary):
    product_count: int = Field(
        description="How many live products are directly in it (not in its subcategories)"
    )
    created_at: Timestamp
    updated_at: Timestamp


class CategoryList(ResponseModel):
    data: list[CategorySummary] = Field(description="The categories, by sortOrder, then name")
    total: int = Field(description="How many there are")


class ReorderResult(ResponseModel):
    success: bool = Field(description="Always true: a refused reorder answers a problem")
    reordered: int = Field(description="How many categories were listed, each now at its place")


_ORDERED = "the location's categories after the reorder, inactive ones too, in their order"
PreferCategories = Annotated[bool, Depends(preference(f"`categories`, {_ORDERED}"))]


def _summary(category: Category, language: Language | None = None) -> CategorySummary:
    return shaped(CategorySummary, category_in(category, language))


def _detail(view: CategoryView, language: Language | None = None) -> CategoryDetail:
    category = category_in(view.category, language)
    fields = {field.name: getattr(category, field.name) for field in dataclasses.fields(category)}
    return CategoryDetail.model_validate(fields | {"product_count": view.product_count})


@router.get("", response_model=CategoryList, responses=problem_responses())
async def list_categories(
    staff: MenuReader,
    uow: UowDep,
    location_id: LocationQuery = None,
    include_inactive: Annotated[
        bool,
        Query(
            alias="includeInactive",
            description="true: inactive categories too.",
        ),
    ] = False,
    language: LanguageQuery = None,
) -> CategoryList:
    found = await service.list_categories(uow, location_id, include_inactive=include_inactive)
    return CategoryList(data=[_summary(category, language) for category in found], total=len(found))


@router.get("/{categoryId}", response_model=CategoryDetail, responses=problem_responses(NotFound))
async def get_category(
    staff: MenuReader, category_id: CategoryId, uow: UowDep, language: LanguageQuery = None
) -> CategoryDetail:
    return _detail(await service.get_category(uow, category_id), language)


@router.post(
    "",
    status_code=201,
    response_model=CategoryDetail,
    responses=problem_responses(InvalidInput),
)
async def create_category(
    staff: CatalogueEditor,
    body: CategoryCreate,
    uow: UowDep,
    response: Response,
    location_id: NewAtLocationQuery = None,
) -> CategoryDetail:
    command = CreateCategory(
        name=body.name,
        location_id=body.location_id,
        parent_category_id=body.parent_category_id,
        description=body.description,
        image_url=body.image_url,
        sort_order=body.sort_order,
        translations=translations_in(body.translations or {}),
    )
    view = await service.create_category(uow, command, location_id=location_id)
    response.headers["Location"] = f"/api/categories/{view.category.id}"
    return _detail(view)


# Declared before PUT /{categoryId}, which would otherwise take "reorder" for an id.
@router.put(
    "/reorder",
    response_model=ReorderResult,
    responses=problem_responses(NotFound, InvalidInput)
    | answered_with(ReorderResult, "categories", list[CategorySummary], _ORDERED),
    description="Each listed category takes its place in the list as its `sortOrder`. With "
    f"`Prefer: {REPRESENTATION}`, the answer also carries `categories`: {_ORDERED}.",
)
async def reorder_categories(
    staff: CatalogueEditor, body: ReorderRequest, uow: UowDep, wants_categories: PreferCategories
) -> ReorderResult | Response:
    ordered = await service.reorder_categories(uow, body.category_ids, body.location_id)
    answer = ReorderResult(success=True, reordered=len(body.category_ids))
    if not wants_categories:
        return answer
    shown = [_summary(category).model_dump(mode="json", by_alias=True) for category in ordered]
    return represented(answer, "categories", shown)


@router.put(
    "/{categoryId}",
    response_model=CategoryDetail,
    responses=problem_responses(NotFound, InvalidInput, CategoryCycle),
)
async def update_category(
    staff: CatalogueEditor, category_id: CategoryId, body: CategoryUpdate, uow: UowDep
) -> CategoryDetail:
    changes = CategoryChanges(
        name=given(body, "name", body.name),
        parent_category_id=given(body, "parent_category_id", body.parent_category_id),
        description=given(body, "description", body.description),
        image_url=given(body, "image_url", body.image_url),
        sort_order=given(body, "sort_order", body.sort_order),
        is_active=given(body, "is_active", body.is_active),
        translations=translations_given(body),
    )
    return _detail(await service.update_category(uow, category_id, changes))


@router.delete(
    "/{categoryId}",
    response_model=DeleteResult,
    responses=problem_responses(NotFound, CategoryInUse),
)
async def delete_category(
    staff: CatalogueEditor, category_id: CategoryId, uow: UowDep
) -> DeleteResult:
    await service.delete_category(uow, category_id)
    return DeleteResult.deleted("Category", category_id)
