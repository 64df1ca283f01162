"""The hot reads' answers built straight to JSON (kit/http/json_answers.py) are their response
models' JSON: the same fields, names and representations, so the two cannot drift."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from uuid import UUID, uuid4

import orjson
import pytest

from brigade.catalogue.domain.records import (
    Allergen,
    ModifierGroup,
    ModifierOption,
    Product,
    ProductType,
    ProductVariant,
)
from brigade.catalogue.routes.products import (
    BarcodeMatch,
    ProductDetail,
    ProductSummary,
    barcode_match_json,
    product_detail,
    product_detail_json,
    product_summary_json,
)
from brigade.kit.access import Role
from brigade.orders import shaping
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.records import Modifier, OrderHeader, OrderItem, OrderPayment
from brigade.orders.domain.refunds import OrderRefund, RefundedItem
from brigade.orders.domain.states import (
    ItemStatus,
    OrderStatus,
    OrderType,
    PaymentMethod,
    PaymentStatus,
)
from brigade.orders.schemas import OrderDetail

pytestmark = pytest.mark.once("the server's HTTP handling, the same whatever the database")

# A naive instant (as SQLite reads one back) and an aware one off UTC.
NAIVE = datetime(2026, 3, 1, 12, 30, 5, 123456)
AWARE = datetime(2026, 3, 1, 23, 59, 59, tzinfo=UTC)
LOCATION = uuid4()


def _same(fast: object, as_model: object) -> bool:
    """Equal as JSON texts, keys sorted: 12.5 is not "12.5", nor 12 the 12.0 a model sends."""
    return orjson.dumps(fast, option=orjson.OPT_SORT_KEYS) == orjson.dumps(
        as_model, option=orjson.OPT_SORT_KEYS
    )


def _variant(price: str, **fields: object) -> ProductVariant:
    values: dict[str, object] = {
        "id": uuid4(),
        "product_id": uuid4(),
        "location_id": LOCATION,
        "name": "Large",
        "price": Decimal(price),
        "sku": "L-1",
        "barcode": None,
        "is_active": True,
        "created_at": NAIVE,
        "updated_at": AWARE,
    }
    return ProductVariant(**(values | fields))  # type: ignore[arg-type]


def _group(max_selections: int | None, *options: ModifierOption) -> ModifierGroup:
    return ModifierGroup(uuid4(), LOCATION, "Temperature", 1, max_selections, options, NAIVE, NAIVE)


def _product(**fields: object) -> Product:
    values: dict[str, object] = {
        "id": uuid4(),
        "location_id": LOCATION,
        "category_id": uuid4(),
        "name": "Burger ünicode ✓",
        "description": "Two patties",
        "sku": "BRG-1",
        "barcode": "400638133393",
        "price": Decimal("12.50"),
        "cost": Decimal("4.10"),
        "tax_rate": Decimal("0.0825"),
        "image_url": "https://img.example/b.png",
        "is_active": True,
        "is_86d": False,
        "track_inventory": False,
        "stock_quantity": None,
        "low_stock_threshold": None,
        "product_type": ProductType.ITEM,
        "created_at": NAIVE,
        "updated_at": AWARE,
    }
    return Product(**(values | fields))  # type: ignore[arg-type]


PRODUCTS = {
    "plain": _product(),
    "no category, no location, no cost": _product(
        category_id=None, location_id=None, cost=None, description=None, sku=None, barcode=None
    ),
    "86'd and inactive": _product(is_86d=True, is_active=False, auto_86d=True),
    "stock tracked": _product(
        track_inventory=True, stock_quantity=Decimal("2.125"), low_stock_threshold=3
    ),
    "stock tracked at zero": _product(
        track_inventory=True, stock_quantity=Decimal("0.000"), low_stock_threshold=0
    ),
    "odd amounts": _product(
        price=Decimal("0.10"), cost=Decimal("99999.99"), tax_rate=Decimal("0.000001")
    ),
    "a modifier": _product(product_type=ProductType.MODIFIER, price=Decimal("0")),
    "on the guests' menu, with allergens": _product(
        guest_visible=True, allergens=(Allergen.GLUTEN, Allergen.MILK, Allergen.MOLLUSCS)
    ),
    "with variants and groups": _product(
        product_type=ProductType.BUNDLE,
        variants=(_variant("3.30"), _variant("0.01", barcode="123", sku=None, is_active=False)),
        modifier_groups=(
            _group(None),
            _group(
                2,
                ModifierOption(uuid4(), "Rare", Decimal("0.00"), False),
                ModifierOption(uuid4(), "Extra", Decimal("1.05"), True),
            ),
        ),
    ),
}


@pytest.mark.parametrize("product", PRODUCTS.values(), ids=PRODUCTS.keys())
def test_a_product_answer_is_its_models_json(product: Product) -> None:
    summary = ProductSummary.model_validate(product, from_attributes=True)
    assert _same(product_summary_json(product), summary.model_dump(mode="json"))
    detail = product_detail(product).model_dump(mode="json", by_alias=True)
    assert _same(product_detail_json(product), detail)
    for variant_id in (None, product.variants[0].id if product.variants else uuid4()):
        match = BarcodeMatch(**dict(product_detail(product)), matched_variant_id=variant_id)
        as_model = match.model_dump(mode="json", by_alias=True)
        assert _same(barcode_match_json(product, variant_id), as_model)
    assert set(product_detail_json(product)) == {
        field.alias or name for name, field in ProductDetail.model_fields.items()
    }


def _header(**fields: object) -> OrderHeader:
    values: dict[str, object] = {
        "id": uuid4(),
        "location_id": LOCATION,
        "order_number": 1001,
        "status": OrderStatus.OPEN,
        "order_type": OrderType.DINE_IN,
        "table_id": uuid4(),
        "customer_id": None,
        "guest_count": 4,
        "notes": "window seat",
        "discount_cents": 150,
        "discount_code": "HAPPY",
        "subtotal_cents": 12345,
        "tax_cents": 1019,
        "total_cents": 13214,
        "paid_cents": 5000,
        "tip_cents": 700,
        "version": 7,
        "created_at": NAIVE,
        "updated_at": AWARE,
        "completed_at": None,
        "cancelled_at": None,
        "cancel_reason": None,
        "opened_by_id": uuid4(),
        "opened_by_name": "Ana",
        "completed_by_id": None,
        "completed_by_name": None,
        "cancelled_by_id": None,
        "cancelled_by_name": None,
        "table_name": "T4",
    }
    return OrderHeader(**(values | fields))  # type: ignore[arg-type]


def _item(order_id: UUID, n: int) -> OrderItem:
    modifiers = tuple(Modifier(uuid4(), f"mod {m}", 35 * m) for m in range(n % 3))
    return OrderItem(
        id=uuid4(),
        order_id=order_id,
        product_id=uuid4(),
        variant_id=uuid4() if n % 2 else None,
        name=f"Item {n}",
        quantity=Decimal("1.5") if n == 3 else Decimal(n + 1),
        unit_price_cents=199 + n,
        tax_rate_units=82500,
        modifiers=modifiers,
        total_cents=(199 + n) * (n + 1),
        status=ItemStatus.VOIDED if n == 4 else ItemStatus.SENT,
        notes=None if n % 2 else "no onions",
        void_reason="wrong table" if n == 4 else None,
        kitchen_ticket_id=None,
        created_at=NAIVE,
        updated_at=AWARE,
    )


def _order(header: OrderHeader) -> Order:
    payments = [
        OrderPayment(uuid4(), header.id, 5000, 700, PaymentMethod.CARD, PaymentStatus.COMPLETED,
                     "4242", "VISA", "tx-1", NAIVE, None, uuid4(), "Bo"),
        OrderPayment(uuid4(), header.id, 1, 0, PaymentMethod.CASH, PaymentStatus.REFUNDED,
                     None, None, None, AWARE, AWARE, None, None),
    ]  # fmt: skip
    refunds = [
        OrderRefund(uuid4(), header.id, payments[0].id, LOCATION, 1010, 100, PaymentMethod.CARD,
                    "cold", (RefundedItem(uuid4(), Decimal("0.5"), 1010),), NAIVE, None, "Cy"),
        OrderRefund(uuid4(), header.id, payments[1].id, None, 1, 0, PaymentMethod.CASH,
                    "overcharged", (), AWARE, None, None),
    ]  # fmt: skip
    items = [_item(header.id, n) for n in range(10)]
    return Order(header, items, payments, refunds=refunds)


ORDERS = {
    "open": _order(_header()),
    "completed, no table": _order(
        _header(
            status=OrderStatus.COMPLETED,
            order_type=OrderType.TAKEOUT,
            table_id=None,
            table_name=None,
            location_id=None,
            guest_count=None,
            notes=None,
            completed_at=AWARE,
            completed_by_id=None,
            completed_by_name="admin",
        )
    ),
    "cancelled": _order(
        _header(
            status=OrderStatus.CANCELLED,
            cancelled_at=NAIVE,
            cancelled_by_id=uuid4(),
            cancelled_by_name="Di",
            opened_by_id=None,
            opened_by_name=None,
        )
    ),
}


@pytest.mark.parametrize("viewer", [Role.KITCHEN, Role.SERVER, Role.MANAGER])
@pytest.mark.parametrize("order", ORDERS.values(), ids=ORDERS.keys())
def test_an_order_answer_is_its_models_json(order: Order, viewer: Role) -> None:
    as_model = shaping.detail(order, viewer).model_dump(mode="json", by_alias=True)
    assert _same(shaping.detail_json(order, viewer), as_model)
    assert set(as_model) == {f.alias or n for n, f in OrderDetail.model_fields.items()}
