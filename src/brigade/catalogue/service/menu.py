"""Use cases of a deeper menu: a product's variants, and modifier groups.

A change to a variant is a change to its product (``product.updated`` with its detail); a
modifier group has events of its own (``modifier_group.*``), and a change to one also updates
every product that offers it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from uuid import UUID

from brigade.catalogue.domain.errors import ModifierGroupInUse
from brigade.catalogue.domain.menu import CreateVariant, ModifierGroupFields, VariantChanges
from brigade.catalogue.domain.records import (
    ModifierGroup,
    ModifierOption,
    Product,
    ProductType,
    ProductVariant,
    ensure_same_location,
)
from brigade.catalogue.repository.menu import MenuRepository
from brigade.catalogue.repository.products import ProductRepository
from brigade.catalogue.service.products import check_identifiers_unique
from brigade.kit.clock import later_than, now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.ids import new_id

# --- variants -------------------------------------------------------------------------------


async def _product_for_update(uow: UnitOfWork, product_id: UUID) -> Product:
    product = await ProductRepository(uow).get(product_id, for_update=True)
    if product is None:
        raise NotFound("product", product_id)
    return product


async def _variant_changed(uow: UnitOfWork, product: Product) -> None:
    """The product's detail changed with its variants: a new ``updatedAt`` and its event."""
    touched = replace(product, updated_at=later_than(product.updated_at))
    products = ProductRepository(uow)
    await products.save(touched, before=product)
    products.menu_changed(await MenuRepository(uow).with_menu([touched]))


async def add_variant(uow: UnitOfWork, product_id: UUID, command: CreateVariant) -> ProductVariant:
    product = await _product_for_update(uow, product_id)
    variant = command.variant(new_id(), product, at=now())
    await check_identifiers_unique(
        uow, product.location_id, variant.sku, variant.barcode, variant_id=variant.id
    )
    await MenuRepository(uow).insert_variant(variant)
    await _variant_changed(uow, product)
    return variant


async def _variant_of(uow: UnitOfWork, product: Product, variant_id: UUID) -> ProductVariant:
    variant = await MenuRepository(uow).get_variant(variant_id)
    if variant is None or variant.product_id != product.id:
        raise NotFound("variant", variant_id)
    return variant


async def update_variant(
    uow: UnitOfWork, product_id: UUID, variant_id: UUID, changes: VariantChanges
) -> ProductVariant:
    product = await _product_for_update(uow, product_id)
    current = await _variant_of(uow, product, variant_id)
    variant = changes.applied_to(current)
    if variant == current:
        return current
    variant = replace(variant, updated_at=later_than(current.updated_at))
    await check_identifiers_unique(
        uow, product.location_id, variant.sku, variant.barcode, variant_id=variant.id
    )
    await MenuRepository(uow).save_variant(variant)
    await _variant_changed(uow, product)
    return variant


async def delete_variant(uow: UnitOfWork, product_id: UUID, variant_id: UUID) -> None:
    """A soft delete: items sold as it keep its id, name and price."""
    product = await _product_for_update(uow, product_id)
    current = await _variant_of(uow, product, variant_id)
    await MenuRepository(uow).delete_variant(variant_id, later_than(current.updated_at))
    await _variant_changed(uow, product)


# --- modifier groups ------------------------------------------------------------------------


async def get_group(uow: UnitOfWork, group_id: UUID, *, for_update: bool = False) -> ModifierGroup:
    group = (await MenuRepository(uow).get_groups([group_id], for_update=for_update)).get(group_id)
    if group is None:
        raise NotFound("modifier group", group_id)
    return group


async def list_groups(
    uow: UnitOfWork, location_id: UUID | None, *, page: int, limit: int
) -> tuple[list[ModifierGroup], int]:
    return await MenuRepository(uow).list_groups(location_id, page=page, limit=limit)


async def _options(
    uow: UnitOfWork, option_ids: Sequence[UUID], location_id: UUID | None
) -> tuple[ModifierOption, ...]:
    """The options as the group offers them: live MODIFIER products of its location."""
    found = await ProductRepository(uow).get_many(option_ids)
    options: list[ModifierOption] = []
    for index, option_id in enumerate(option_ids):
        product = found.get(option_id)
        field = f"options.{index}.productId"
        if product is None:
            raise InvalidInput(field, "no such product")
        if product.product_type is not ProductType.MODIFIER:
            raise InvalidInput(field, f"{product.name} is not a MODIFIER product")
        ensure_same_location(field, product.name, product.location_id, location_id)
        options.append(ModifierOption(product.id, product.name, product.price, product.is_86d))
    return tuple(options)


async def create_group(
    uow: UnitOfWork, fields: ModifierGroupFields, *, location_id: UUID | None = None
) -> ModifierGroup:
    """``location_id``: the query's, used when the body names none."""
    fields.check()
    location = fields.location_id or location_id
    at = now()
    group = ModifierGroup(
        id=new_id(),
        location_id=location,
        name=fields.name,
        min_selections=fields.min_selections,
        max_selections=fields.max_selections,
        options=await _options(uow, fields.option_ids, location),
        created_at=at,
        updated_at=at,
        translations=fields.translations,
    )
    await MenuRepository(uow).save_group(group, new=True)
    return group


async def update_group(
    uow: UnitOfWork, group_id: UUID, fields: ModifierGroupFields
) -> ModifierGroup:
    """Replace the group's name, rule and options (its location stays); every product that
    offers it is updated with it."""
    fields.check()
    current = await get_group(uow, group_id, for_update=True)
    group = replace(
        current,
        name=fields.name,
        min_selections=fields.min_selections,
        max_selections=fields.max_selections,
        options=await _options(uow, fields.option_ids, current.location_id),
        translations=fields.translations,
    )
    if group == current:
        return current
    group = replace(group, updated_at=later_than(current.updated_at))
    menu = MenuRepository(uow)
    await menu.save_group(group, new=False)
    products = ProductRepository(uow)
    offering = await products.get_many(await menu.products_offering(group_id))
    products.menu_changed(await menu.with_menu(sorted(offering.values(), key=lambda p: p.id)))
    return group


async def delete_group(uow: UnitOfWork, group_id: UUID) -> None:
    """Refused while a product offers it: detach it from them first (their items would
    silently lose a rule)."""
    current = await get_group(uow, group_id, for_update=True)
    menu = MenuRepository(uow)
    offering = await menu.products_offering(group_id)
    if offering:
        raise ModifierGroupInUse(
            f"{current.name} is offered by {len(offering)} product(s): "
            "take it off their modifierGroupIds first"
        )
    await menu.delete_group(current)


async def find_variant(uow: UnitOfWork, variant_id: UUID) -> ProductVariant | None:
    """Any product's live variant ``variant_id``, if there is one."""
    return await MenuRepository(uow).get_variant(variant_id)
