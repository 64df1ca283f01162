"""Modifier groups: choices with a rule (steak temperature: exactly one; extras: up to three),
their options MODIFIER products; products offer them through ``modifierGroupIds``."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from fastapi import Response
from pydantic import Field

from brigade.catalogue.allowed import CatalogueEditor, MenuReader
from brigade.catalogue.domain.errors import ModifierGroupInUse
from brigade.catalogue.domain.menu import ModifierGroupFields
from brigade.catalogue.domain.records import ModifierGroup, group_in
from brigade.catalogue.routes.products import ModifierOptionOut
from brigade.catalogue.routes.translations import (
    LanguageQuery,
    NameTranslationsIn,
    TranslationsOut,
    translations_in,
)
from brigade.catalogue.service import menu as service
from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.http.deps import PaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.paths import ModifierGroupId
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import DeleteResult, LocationQuery, NewAtLocationQuery, Page, shaped
from brigade.kit.http.types import Name, RequestModel, ResponseModel, Timestamp, WholeNumber
from brigade.kit.languages import Language

router = brigade_router(prefix="/api/modifier-groups", tags=["modifier-groups"])

MAX_OPTIONS = 100
Selections: Any = WholeNumber(0, MAX_OPTIONS)
MaxSelections: Any = WholeNumber(1, MAX_OPTIONS)


class OptionIn(RequestModel):
    product_id: UUID = Field(description="A MODIFIER product of the group's location")


class ModifierGroupUpdate(RequestModel):
    """The whole group: PUT replaces its name, rule and options."""

    name: Name = Field(description='The group\'s name, as the terminal shows it ("Temperature")')
    min_selections: Selections = Field(
        default=0, description="The fewest options an item must choose (0: optional)"
    )
    max_selections: MaxSelections | None = Field(
        default=None, description="At least max(1, minSelections); null: no limit"
    )
    options: list[OptionIn] = Field(
        description=(
            "Its options, in the order the terminal shows them, each once (replaces them all)"
        ),
        default_factory=list,
        max_length=MAX_OPTIONS,
        json_schema_extra={"uniqueItems": True},
    )
    translations: NameTranslationsIn = Field(default_factory=dict)

    def fields(self, location_id: UUID | None = None) -> ModifierGroupFields:
        return ModifierGroupFields(
            name=self.name,
            min_selections=self.min_selections,
            max_selections=self.max_selections,
            option_ids=tuple(option.product_id for option in self.options),
            location_id=location_id,
            translations=translations_in(self.translations),
        )


class ModifierGroupCreate(ModifierGroupUpdate):
    location_id: UUID | None = Field(
        default=None, description="The location it belongs to; left out: the `locationId` query's"
    )


class ModifierGroupOut(ResponseModel):
    id: UUID = Field(description="The modifier group's id")
    location_id: UUID | None = Field(description="The location it belongs to")
    name: str = Field(description='The group\'s name ("Temperature")')
    min_selections: int = Field(description="The fewest options an item must choose (0: optional)")
    max_selections: int | None = Field(
        description="The most options an item may choose; null: no limit"
    )
    options: list[ModifierOptionOut] = Field(
        description="In order; name and price are the product's"
    )
    translations: TranslationsOut
    created_at: Timestamp
    updated_at: Timestamp


class ModifierGroupPage(Page[ModifierGroupOut]):
    """Groups by name, then id."""


def group_out(group: ModifierGroup, language: Language | None = None) -> ModifierGroupOut:
    return shaped(ModifierGroupOut, group_in(group, language))


@router.get("", response_model=ModifierGroupPage, responses=problem_responses())
async def list_modifier_groups(
    staff: MenuReader,
    uow: UowDep,
    pagination: PaginationDep,
    location_id: LocationQuery = None,
    language: LanguageQuery = None,
) -> ModifierGroupPage:
    found, total = await service.list_groups(
        uow, location_id, page=pagination.page, limit=pagination.limit
    )
    return ModifierGroupPage.of([group_in(group, language) for group in found], total, pagination)


@router.get("/{groupId}", response_model=ModifierGroupOut, responses=problem_responses(NotFound))
async def get_modifier_group(
    staff: MenuReader, group_id: ModifierGroupId, uow: UowDep, language: LanguageQuery = None
) -> ModifierGroupOut:
    return group_out(await service.get_group(uow, group_id), language)


@router.post(
    "",
    status_code=201,
    response_model=ModifierGroupOut,
    responses=problem_responses(InvalidInput),
    description="Options are MODIFIER products of the group's location (422 otherwise); their "
    "name and price come from the product. Emits `modifier_group.created`.",
)
async def create_modifier_group(
    staff: CatalogueEditor,
    body: ModifierGroupCreate,
    uow: UowDep,
    response: Response,
    location_id: NewAtLocationQuery = None,
) -> ModifierGroupOut:
    group = await service.create_group(uow, body.fields(body.location_id), location_id=location_id)
    response.headers["Location"] = f"/api/modifier-groups/{group.id}"
    return group_out(group)


@router.put(
    "/{groupId}",
    response_model=ModifierGroupOut,
    responses=problem_responses(NotFound, InvalidInput),
    description="Replaces the group's name, rule and options; emits `modifier_group.updated` and "
    "`product.updated` for every product that offers it.",
)
async def update_modifier_group(
    staff: CatalogueEditor, group_id: ModifierGroupId, body: ModifierGroupUpdate, uow: UowDep
) -> ModifierGroupOut:
    return group_out(await service.update_group(uow, group_id, body.fields()))


@router.delete(
    "/{groupId}",
    response_model=DeleteResult,
    responses=problem_responses(NotFound, ModifierGroupInUse),
    description="Refused (409 `modifier_group_in_use`) while a product offers it; emits "
    "`modifier_group.deleted`.",
)
async def delete_modifier_group(
    staff: CatalogueEditor, group_id: ModifierGroupId, uow: UowDep
) -> DeleteResult:
    await service.delete_group(uow, group_id)
    return DeleteResult.deleted("Modifier group", group_id)
