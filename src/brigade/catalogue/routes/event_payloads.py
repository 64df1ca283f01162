"""How the catalogue's events show their payloads: the product detail (``product.*``,
``stock.low``) and the modifier group (``modifier_group.*``), as the API answers them."""

from __future__ import annotations

from brigade.catalogue.domain.records import ModifierGroup, Product
from brigade.catalogue.routes.modifier_groups import group_out
from brigade.catalogue.routes.products import product_detail
from brigade.kit.events import register_payload_shape


def install_event_payloads() -> None:
    register_payload_shape(Product, lambda product: product_detail(product).model_dump_json())
    register_payload_shape(ModifierGroup, lambda group: group_out(group).model_dump_json())
