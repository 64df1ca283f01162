"""What another feature asks the catalogue within its change's transaction (kit/questions.py),
answered by catalogue/listeners.py: an order rings products up without importing the
catalogue's services."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from uuid import UUID

from brigade.catalogue.domain.records import Product, ProductVariant
from brigade.kit.access import Actor
from brigade.kit.questions import Question


@dataclass(frozen=True, slots=True)
class ReserveStock(Question[Product | None]):
    """Ring ``quantity`` of a product up on an order: the product locked, checked orderable in
    that quantity, its tracked stock taken. Answered with its menu (variants, modifier
    groups); None when it is not (or no longer) in the catalogue."""

    actor: Actor
    product_id: UUID
    quantity: Decimal
    order_id: UUID


@dataclass(frozen=True, slots=True)
class ProductWithMenu(Question[Product]):
    """A product with its menu (404 ``not_found`` when there is none)."""

    product_id: UUID


@dataclass(frozen=True, slots=True)
class ProductsById(Question[Mapping[UUID, Product]]):
    """The products among ``product_ids`` that exist, by id."""

    product_ids: Sequence[UUID]


@dataclass(frozen=True, slots=True)
class LiveVariant(Question[ProductVariant | None]):
    """Any product's live variant of that id, if there is one."""

    variant_id: UUID
